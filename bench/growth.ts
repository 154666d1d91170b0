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
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { FEED_CATALOGUE, parseSettings } from '../config/index.js';
import { capIssuerFromSettings } from '../exports/cap/issuer.js';
import { RECORD_COLUMNS } from '../lake/incident-columns.js';
import type { LakeFile } from '../lake/manifest.js';
import { columnList, LAKE_TABLES, type LakeTableName } from '../lake/tables.js';
import { STATES, type IncidentRecord } from '../model/index.js';
import { publishFiles } from '../warehouse/publish.js';
import { LakePublisher } from '../warehouse/publisher.js';
import { SETTLED_VERSION_COLUMNS } from '../warehouse/schema.js';
import { Warehouse } from '../warehouse/warehouse.js';

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
const LIVE = 1_000;
const REPEATS = 5;
/** Seeded history spans the live era: 2026-04-08 to 2026-11-08. */
const HISTORY_START = Date.parse('2026-04-08T00:00:00Z') / 1000;
const HISTORY_SPAN_S = 214 * 86_400;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** SQL for one record column of seeded row `i` (incident `i // 8`, eight versions each). */
function seededColumn(name: string): string {
  const incident = '(i // 8)';
  const state = `(['${STATES.join("','")}'])[(${incident} % 8) + 1]`;
  const values: Record<string, string> = {
    id: `${state} || '-seed-' || ${incident}`,
    feature_type: "'incident'",
    parent_id: 'NULL',
    state,
    agency: "'seed'",
    feed_id: `${incident}::VARCHAR`,
    title: "'Seeded incident'",
    event_type: "'bushfire'",
    event_category: "'fire'",
    status: "'active'",
    warning_level: "'advice'",
    severity: "'Minor'",
    urgency: "'Expected'",
    certainty: "'Observed'",
    address: "'1 Seed Rd, Seedville'",
    suburb: "'Seedville'",
    lga: "'Seed Shire'",
    location_state: state,
    latitude: '-33.7 + (i % 1000) / 10000.0',
    longitude: '150.5 + (i % 997) / 10000.0',
    precision: "'exact'",
    geometry: `'{"type":"Point","coordinates":[150.5,-33.7]}'`,
    details: "'{}'",
    reported_at: "'2026-04-08T10:00:00+10:00'",
    updated_at: "'2026-04-08T10:00:00+10:00'",
    fetched_at: "'2026-04-08T10:00:00+10:00'",
    retracted: 'false',
    retracted_at: 'NULL',
    retraction_reason: 'NULL',
  };
  const value = values[name];
  if (value === undefined) throw new Error(`no seed for column ${name}`);
  return `${value} AS ${name}`;
}

/** Describes every Parquet file DuckDB wrote under `folder` for the manifest. */
async function describeFiles(
  connection: DuckDBConnection,
  lakeDir: string,
  table: LakeTableName,
  folder: string,
): Promise<LakeFile[]> {
  const files: LakeFile[] = [];
  const definition = LAKE_TABLES[table];
  for (const entry of await readdir(folder, { recursive: true })) {
    if (!entry.endsWith('.parquet')) continue;
    const path = join(folder, entry);
    const stats = (
      await connection.runAndReadAll(
        `SELECT count(*)::BIGINT AS n, min(valid_from)::VARCHAR AS lo, max(valid_from)::VARCHAR AS hi,
                CASE WHEN count(valid_to) = count(*) THEN max(valid_to)::VARCHAR END AS last
         FROM read_parquet('${path}')`,
      )
    ).getRowObjectsJS()[0]!;
    const partition = Object.fromEntries(
      entry
        .split('/')
        .filter((part) => part.includes('='))
        .map((part) => part.split('=') as [string, string]),
    );
    files.push({
      table,
      partition,
      path: relative(lakeDir, path),
      rows: Number(stats.n),
      bytes: (await stat(path)).size,
      sha256: await sha256File(path),
      minTime: new Date(stats.lo as string).toISOString(),
      maxTime: new Date(stats.hi as string).toISOString(),
      ...(table === 'incident_versions'
        ? { maxEnd: stats.last ? new Date(stats.last as string).toISOString() : null }
        : {}),
      schemaVersion: definition.schemaVersion,
    });
  }
  return files;
}

/** The 4.8 M-row archive, 1840–2026, generated once as the lake's own files (hard-linked into each lake). */
async function buildArchive(dir: string): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const archive = LAKE_TABLES.archive;
    const select = archive.columns
      .map((column) => {
        if (RECORD_COLUMNS.some((record) => record.name === column.name)) {
          return seededColumn(column.name).replace("'-seed-'", "'-archive-'").replace('(i // 8)', 'i');
        }
        const extra: Record<string, string> = {
          event_start_date: "strftime(valid_from, '%Y-%m-%d') AS event_start_date",
          event_end_date: "strftime(valid_to, '%Y-%m-%d') AS event_end_date",
          magnitude: 'NULL::DOUBLE AS magnitude',
          magnitude_scale: 'NULL AS magnitude_scale',
          impact_deaths: '(i % 7)::INTEGER AS impact_deaths',
          impact_affected: '(i % 1000)::INTEGER AS impact_affected',
          impact_economic: 'NULL::DOUBLE AS impact_economic',
          glide_number: 'NULL AS glide_number',
          valid_from: 'valid_from',
          valid_to: 'valid_to',
        };
        const sql = extra[column.name];
        if (!sql) throw new Error(`no archive seed for ${column.name}`);
        return sql;
      })
      .join(', ');
    await connection.run(`COPY (
        SELECT ${select} FROM (
          SELECT i, to_timestamp(-4102444800 + i * (5900000000.0 / ${archiveRows})) AS valid_from,
                 to_timestamp(-4102444800 + i * (5900000000.0 / ${archiveRows})) + INTERVAL 9 DAY AS valid_to
          FROM range(${archiveRows}) t(i))
        ORDER BY valid_from)
      TO '${join(dir, 'archive')}' (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (state), WRITE_PARTITION_COLUMNS true,
        ROW_GROUP_SIZE 100000, FILENAME_PATTERN 'part-{i}')`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

async function linkArchive(from: string, lakeDir: string): Promise<void> {
  for (const entry of await readdir(join(from, 'archive'), { recursive: true })) {
    if (!entry.endsWith('.parquet')) continue;
    const target = join(lakeDir, 'archive', entry);
    await mkdir(join(target, '..'), { recursive: true });
    await link(join(from, 'archive', entry), target);
  }
}

function liveRecords(changed: number): IncidentRecord[] {
  return Array.from({ length: LIVE }, (_, i) => {
    const record: IncidentRecord = {
      id: `nsw-rfs-live-${i}`,
      feature_type: 'incident',
      parent_id: null,
      state: 'nsw',
      agency: 'rfs',
      feed_id: `live-${i}`,
      title: `Live fire ${i}`,
      event_type: 'bushfire',
      event_category: 'fire',
      status: i === 0 && changed % 2 === 1 ? 'contained' : 'active',
      warning_level: 'advice',
      severity: 'Minor',
      urgency: 'Expected',
      certainty: 'Observed',
      address: 'Fire Trail, Bushland',
      suburb: 'Bushland',
      lga: 'Bush Shire',
      location_state: 'nsw',
      latitude: -33 - i / 1000,
      longitude: 150 + i / 1000,
      precision: 'exact',
      geometry: `{"type":"Point","coordinates":[${150 + i / 1000},${-33 - i / 1000}]}`,
      details: '{}',
      reported_at: '2026-11-20T09:00:00+11:00',
      // Only incident 0 changes from poll to poll: one new version per small poll.
      updated_at:
        i === 0
          ? `2026-11-20T${String(10 + (changed % 10)).padStart(2, '0')}:00:00+11:00`
          : '2026-11-20T10:00:00+11:00',
      fetched_at: '2026-11-20T10:00:00+11:00',
      retracted: false,
      retracted_at: null,
      retraction_reason: null,
    };
    return record;
  });
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
await buildArchive(archiveDir);
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
  const versions = LAKE_TABLES.incident_versions;
  const seeded = versions.columns
    .map((column) => {
      if (column.name === 'version') return '((i % 8) + 1)::INTEGER AS version';
      if (column.name === 'valid_from')
        return `to_timestamp(${HISTORY_START} + i * (${HISTORY_SPAN_S}.0 / ${H})) AS valid_from`;
      if (column.name === 'valid_to')
        return `to_timestamp(${HISTORY_START} + i * (${HISTORY_SPAN_S}.0 / ${H})) + INTERVAL 3 DAY AS valid_to`;
      return seededColumn(column.name);
    })
    .join(', ');
  const settledColumns = columnList({ columns: SETTLED_VERSION_COLUMNS });
  await warehouse.exclusive(async () => {
    await warehouse.db.run(
      `INSERT INTO incident_version (${settledColumns})
       SELECT ${settledColumns.replace('feed_key, content_hash', "'seed' AS feed_key, 'h' AS content_hash")}
       FROM (SELECT ${seeded} FROM range(${H}) t(i))`,
    );
    await warehouse.db.run(`COPY (
        SELECT ${columnList(versions)}, strftime(timezone('UTC', valid_from), '%Y-%m') AS month
        FROM incident_version ORDER BY valid_from)
      TO '${join(lakeDir, 'incident_versions')}' (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (state, month),
        WRITE_PARTITION_COLUMNS true, ROW_GROUP_SIZE 500000, FILENAME_PATTERN 'seed-{i}')`);
    await linkArchive(archiveDir, lakeDir);
    const added = [
      ...(await describeFiles(
        warehouse.db,
        lakeDir,
        'incident_versions',
        join(lakeDir, 'incident_versions'),
      )),
      ...(await describeFiles(warehouse.db, lakeDir, 'archive', join(lakeDir, 'archive'))),
    ];
    await publishFiles(warehouse.db, lakeDir, { added, replaced: () => false, now: new Date() });
    // The seed is not part of any poll's cost: settle it to disk first.
    await warehouse.db.run('CHECKPOINT');
  });
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
