import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS, docCommandLines, type DocLine } from './doc-blocks.js';
import { startDocDemo, type DocDemo } from './doc-demo.js';

/**
 * Lines the docs print that this run cannot follow, each with why; every entry must still be in the
 * docs (so the list shrinks with them). Matched by a part of the line.
 */
const NOT_RUN: Record<string, string> = {
  'npm install && npm start': 'polls the agencies themselves, unreachable here; the demo is the same system',
  'npm test ': 'is the run this test is part of',
  'npm install && npm run demo':
    'started by this test, as printed, in its scratch checkout (see doc-demo.ts)',
  '"url":"https://hooks.example.org/eids"':
    'the example target resolves nowhere offline (400 target-refused); test/api/subscriptions/routes.test.ts makes it with a resolver',
  '"email":"duty-officer@example.org"':
    'the demo has no mail server (SMTP_URL); test/workflows/digest-deliveries.test.ts sends digests through a real one',
  'npm run keys -- revoke <keyId>':
    '<keyId> stands for a key of yours; revoking is tested in test/api/access/keys-cli.test.ts',
  'LAKE_URL=s3://eids-lake/prod':
    'a bucket of yours; test/warehouse/ runs the lake on a real S3 gateway (versitygw)',
  'npm run archive -- load aidr-events.csv':
    'an AIDR list of yours; test/archive/ loads the real one from ../shared',
  'mv data/cluster/writer': 'a lost writer of npm run cluster; test/runtime/ restores one',
  'npm run cluster':
    'starts a cluster of its own (Prometheus, replicas); test/e2e/prometheus.test.ts runs it',
  'curl -s http://127.0.0.1:8133/metrics': 'reads the cluster of the line before',
  'npm run temporal -- schedule trigger --schedule-id key-store-backup':
    'the backup schedule needs KEY_BACKUP_URL, which the demo leaves unset',
  'npm run restore -- --keys': 'replaces the key store this run uses; test/runtime/ restores one',
  'pg_dump ': 'a PostgreSQL of yours',
  'pg_restore ': 'a PostgreSQL of yours',
  'npm run temporal-server': 'builds a Temporal server for about 7 minutes',
  'TEMPORAL_ADDRESS=127.0.0.1:7233': 'a self-hosted Temporal of yours',
  'npm run record-histories': 'rewrites the recorded histories; a developer runs it after a workflow change',
  'npx vitest run': 'a test of npm test',
  'npm run client:types': 'rewrites the typed client; npm test checks it is current (test/client/)',
  'npm run temporal -- operator search-attribute create':
    'the service adds FeedStatus itself, so here it exists already; the line is for namespaces where it cannot',
  'curl -X PUT http://127.0.0.1:<replay port>': '<replay port> stands for the port the demo’s banner prints',
};

/** Lines run with a change, and why. */
const REWRITES: { line: string; from: string; to: string; why: string }[] = [
  {
    line: 'npm run archive -- generate --rows 4800000',
    from: '--rows 4800000',
    to: '--rows 20000',
    why: '4.8 M rows take minutes; the same command makes fewer',
  },
];

/** What a line's curl answers, when the doc shows something other than a 2xx on purpose. */
const EXPECTED_STATUS: Record<string, number> = {
  'curl -s "http://localhost:8080/v1/incidents?stat=nsw"': 400, // the misspelt filter's 400
};

interface Ran {
  where: string;
  text: string;
  code: number | null;
  statuses: number[];
  output: string;
}

const notRunReason = (text: string) => Object.entries(NOT_RUN).find(([part]) => text.includes(part))?.[1];

/** The id a load or a re-parse printed: the docs' "$ID" ("one that list or load printed"). */
const PRINTED_ID = /\b((?:archive-load|backfill-reparse)-[\w.-]+-[0-9a-f]{4})\b/;
const STARTS_WORK = /^npm run (archive -- load|backfill -- reparse)\b/;

/**
 * A cancel finds its load or backfill running, or already ended when it was quick (the docs' example
 * rows are few): either is an answer, the second a clear refusal.
 */
const CANCEL = /^npm run (archive|backfill) -- cancel /;
const ENDED_FIRST = /is (completed|failed|cancelled|canceled|terminated), not running/;

describe('the docs’ commands, run as printed against the demo', () => {
  const lines = docCommandLines();
  let demo: DocDemo;
  const ran: Ran[] = [];

  /** Runs one doc's lines in one shell, from `start`; returns the shell's environment at its end. */
  async function follow(doc: string, start: Record<string, string>) {
    let env = start;
    for (const line of lines.filter((candidate) => candidate.where.startsWith(`${doc}:`))) {
      if (notRunReason(line.text)) continue;
      const text = rewritten(line).replaceAll('localhost:8080', `localhost:${demo.port}`);
      const result = await demo.run(text, env);
      env = result.env;
      const id = STARTS_WORK.test(line.text) ? PRINTED_ID.exec(result.output)?.[1] : undefined;
      if (id) env.ID = id;
      ran.push({ ...line, code: result.code, statuses: result.statuses, output: result.output });
    }
    return env;
  }

  const took = { ready: 0, lines: 0 };
  beforeAll(async () => {
    const started = Date.now();
    demo = await startDocDemo();
    took.ready = (Date.now() - started) / 1000;
    // A reader follows the README, then each doc from where the README left the shell (KEY set).
    const afterReadme = await follow('README.md', { ...demo.env });
    for (const doc of DOCS.filter((name) => name !== 'README.md')) await follow(doc, { ...afterReadme });
    took.lines = (Date.now() - started) / 1000 - took.ready;
  }, 900_000);
  afterAll(async () => {
    const skipped = lines.length - ran.length;
    console.log(
      `[docs] the demo ready in ${took.ready.toFixed(0)} s; ${ran.length} lines run in ${took.lines.toFixed(0)} s; ${skipped} not run (NOT_RUN)`,
    );
    await demo?.stop();
  }, 120_000);

  it('keeps its lists current: each line it does not run, or rewrites, is still in the docs', () => {
    const texts = lines.map((line) => line.text);
    const stale = [...Object.keys(NOT_RUN), ...REWRITES.map((rewrite) => rewrite.line)].filter(
      (part) => !texts.some((text) => text.includes(part)),
    );
    expect(stale).toEqual([]);
    expect(ran.length).toBeGreaterThan(30);
  });

  it('runs each one to exit 0, every curl answered 2xx (or what the doc shows)', () => {
    const failed = ran
      .filter((line) => {
        const expected = Object.entries(EXPECTED_STATUS).find(([start]) => line.text.startsWith(start))?.[1];
        const streamed = /^curl -N /.test(line.text);
        // A stream stays open: curl ends at its time limit (28) after a 200.
        const codeOk =
          line.code === 0 ||
          (streamed && line.code === 28) ||
          (CANCEL.test(line.text) && line.code === 1 && ENDED_FIRST.test(line.output));
        const statusesOk = line.statuses.every((status) =>
          expected === undefined ? status >= 200 && status < 300 : status === expected,
        );
        return !codeOk || !statusesOk || (line.text.startsWith('curl') && line.statuses.length === 0);
      })
      .map(
        (line) =>
          `${line.where} (exit ${line.code}, HTTP ${line.statuses.join(',')}): ${line.text}\n${line.output.slice(-800)}`,
      );
    expect(failed).toEqual([]);
  });

  it('gets from the docs’ pipelines what they say: incidents, a catalogue, a Parquet file DuckDB reads', async () => {
    const output = (start: string) => ran.find((line) => line.text.startsWith(start))?.output ?? '';
    expect(
      output('curl -s -H "Authorization: Bearer $KEY" localhost:8080/v1/incidents | head -c 600'),
    ).toContain('"type":"FeatureCollection"');
    expect(output('curl -s -H "Authorization: Bearer $KEY" localhost:8080/v1/exports | jq')).toContain(
      '"sha256"',
    );
    const parquet = await readFile(join(demo.checkout, 'vic-archive.parquet'));
    expect(parquet.subarray(0, 4).toString()).toBe('PAR1');
    expect(output('npm run -s sql --')).toMatch(/title/);
  });
});

function rewritten(line: DocLine): string {
  const rewrite = REWRITES.find((candidate) => line.text.startsWith(candidate.line));
  return rewrite ? line.text.replace(rewrite.from, rewrite.to) : line.text;
}
