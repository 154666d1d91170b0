/**
 * Growth benchmark (not a test): how the costs of the lake grow with the history. For each history
 * size H it builds a warehouse and a lake with H settled version rows (plus the same 4.8 M-row
 * archive), then measures what must not grow with H: one small poll's commit + publish (with the CAP
 * feed), the API's generation swap and memory, a snapshot over the archive and over live versions, and
 * a history query for one state and month. Ratios against the smallest H close the table.
 *
 * Usage: npm run bench:growth [-- --sizes 10000,100000,1000000,10000000 --archive 4800000]
 *
 * How it is built: the live set (1,000 incidents) goes through the real commit path; the H history
 * rows and the archive are generated in DuckDB with SQL (the commit path would take hours at 10 M)
 * and written as the lake's own partitioned files, then published with the real manifest code.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FEED_CATALOGUE, parseSettings } from '../config/index.js';
import { capIssuerFromSettings } from '../exports/cap/issuer.js';
import { LakePublisher } from '../warehouse/publisher.js';
import { Warehouse } from '../warehouse/warehouse.js';
import { buildArchive, liveRecords, seedHistory } from './support/seeded-lake.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000,10000000' },
    archive: { type: 'string', default: '4800000' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const archiveRows = Number(values.archive);
const READER = fileURLToPath(new URL('./support/growth-reader.ts', import.meta.url));
const FEED = 'nsw-rfs-major-incidents';
const REPEATS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

class Reader {
  private readonly lines: AsyncIterator<string>;
  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    this.lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  }
  static async start(lakeDir: string, workDir: string) {
    const child = spawn(process.execPath, ['--import', 'tsx', READER, lakeDir, workDir]);
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    const reader = new Reader(child);
    return { reader, opened: await reader.next<{ openMs: number }>() };
  }
  async next<T>(): Promise<T> {
    const line: IteratorResult<string> = await this.lines.next();
    if (line.done) throw new Error('the reader process ended');
    return JSON.parse(line.value) as T;
  }
  ask<T>(command: string): Promise<T> {
    this.child.stdin.write(`${command}\n`);
    return this.next<T>();
  }
  stop(): void {
    this.child.stdin.write('exit\n');
  }
}

interface Row {
  H: number;
  commitPublishMs: number;
  swapMs: number;
  rssMb: number;
  archiveSnapshot: { p50: number; p95: number; rows: number };
  liveSnapshot: { p50: number; p95: number; rows: number };
  history: { p50: number; p95: number; rows: number };
}

const root = await mkdtemp(join(tmpdir(), 'eids-growth-'));
const archiveDir = join(root, 'archive-source');
await mkdir(archiveDir, { recursive: true });
let started = performance.now();
await buildArchive(archiveDir, archiveRows);
console.log(
  `archive: ${archiveRows.toLocaleString()} rows generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
const settings = parseSettings({});
const issuer = capIssuerFromSettings(settings, FEED_CATALOGUE);
const rows: Row[] = [];

for (const H of sizes) {
  const dir = join(root, `h-${H}`);
  const lakeDir = join(dir, 'lake');
  await mkdir(lakeDir, { recursive: true });
  const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
  started = performance.now();
  await seedHistory(warehouse, lakeDir, H, archiveDir);
  const seedS = (performance.now() - started) / 1000;

  // The live set through the real commit path, then published with the CAP feed.
  const publisher = new LakePublisher(warehouse, {
    lakeDir,
    capFeed: { file: join(dir, 'exports', 'incidents.atom'), issuer, baseUrl: '' },
  });
  let poll = 0;
  const commitPoll = () =>
    warehouse.commit({
      feedKey: FEED,
      pollId: `growth-${poll}`,
      rawSha256: 'a'.repeat(64),
      incoming: liveRecords(poll),
      polledAt: new Date(Date.parse('2026-11-20T00:00:00Z') + poll++ * 60_000).toISOString(),
    });
  await commitPoll();
  await publisher.flush();

  const { reader, opened } = await Reader.start(lakeDir, dir);
  const commitTimes: number[] = [];
  const swapTimes: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const t0 = performance.now();
    await commitPoll();
    await publisher.flush();
    commitTimes.push(performance.now() - t0);
    swapTimes.push((await reader.ask<{ swapMs: number }>('swap')).swapMs);
  }
  const archiveSnapshot = await reader.ask<Row['archiveSnapshot']>('snapshot 2009-02-07T12:00:00+11:00 vic');
  const liveSnapshot = await reader.ask<Row['liveSnapshot']>('snapshot 2026-09-15T12:00:00+10:00 nsw');
  const history = await reader.ask<Row['history']>('history 2026-09-01T00:00:00Z 2026-10-01T00:00:00Z nsw');
  const { rss } = await reader.ask<{ rss: number }>('rss');
  reader.stop();
  await publisher.close();
  warehouse.close();
  const row: Row = {
    H,
    commitPublishMs: median(commitTimes),
    swapMs: median(swapTimes),
    rssMb: rss / 1024 / 1024,
    archiveSnapshot,
    liveSnapshot,
    history,
  };
  rows.push(row);
  console.log(
    `H=${H.toLocaleString()}: seeded in ${seedS.toFixed(1)} s; reader opened in ${opened.openMs.toFixed(0)} ms; ` +
      `commit+publish ${row.commitPublishMs.toFixed(1)} ms, swap ${row.swapMs.toFixed(1)} ms, API RSS ${row.rssMb.toFixed(0)} MB`,
  );
  await rm(dir, { recursive: true, force: true });
}

const f = (n: number) => n.toFixed(1);
console.log(
  '\n| H (version rows) | commit + publish, 1 changed incident, with CAP (ms, median of 5) | API generation swap (ms) | API RSS (MB) | archive snapshot, one state (p50 / p95 ms, rows) | live snapshot, one state (p50 / p95 ms, rows) | history, one state and month (p50 / p95 ms, rows) |',
);
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.H.toLocaleString()} | ${f(row.commitPublishMs)} | ${f(row.swapMs)} | ${row.rssMb.toFixed(0)} | ${f(row.archiveSnapshot.p50)} / ${f(row.archiveSnapshot.p95)} (${row.archiveSnapshot.rows}) | ${f(row.liveSnapshot.p50)} / ${f(row.liveSnapshot.p95)} (${row.liveSnapshot.rows}) | ${f(row.history.p50)} / ${f(row.history.p95)} (${row.history.rows}) |`,
  );
}
const first = rows[0];
const last = rows[rows.length - 1];
if (first && last && first !== last) {
  console.log(`\nRatios ${last.H.toLocaleString()} / ${first.H.toLocaleString()} (goal in brackets):`);
  console.log(`  commit + publish: ${(last.commitPublishMs / first.commitPublishMs).toFixed(2)}x (<= 1.5x)`);
  console.log(`  generation swap:  ${(last.swapMs / first.swapMs).toFixed(2)}x (<= 2x)`);
  console.log(
    `  API RSS at ${last.H.toLocaleString()}: ${last.rssMb.toFixed(0)} MB with the ${archiveRows.toLocaleString()}-row archive (<= 400 MB)`,
  );
  console.log(
    `  archive snapshot p50: ${f(last.archiveSnapshot.p50)} ms (<= 100 ms); history p50: ${f(last.history.p50)} ms (<= 200 ms)`,
  );
}
await rm(root, { recursive: true, force: true });
