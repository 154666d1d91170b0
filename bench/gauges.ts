/**
 * Gauge storage and API figures (not a test). 6,000 made-up gauges × 15-minute readings × 30 days
 * (about 17 M raw rows) go into the lake through the warehouse's own commit path, one staged poll per
 * source and day (rollups of closed buckets included, compaction every simulated day), timed against
 * DuckDB's plain CSV → Parquet copy of the same rows (the floor of any ingest). Then: a rebuild of every
 * rollup from the lake timed against one scan of it, and, in an API process of its own, the p50 of
 * /v1/gauges/summary and of a 30-day raw readings query against a bare route, and that process's RSS.
 * Usage: npm run bench:gauges [-- --gauges 6000 --days 30 --queries 200 --keep]
 */
import { fork } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gaugeSourceByName } from '../config/gauge-sources.js';
import { filesOf, readManifest } from '../lake/manifest.js';
import { GAUGE_SOURCE_NAMES } from '../model/index.js';
import { renderThresholdsTable, syntheticFleet, syntheticStation } from '../replay/gauges/index.js';
import { READING_STEP_MS, readingTimes, valueAt } from '../sources/gauges/fake/index.js';
import { GaugeWarehouse, STAGED_READING_COLUMNS, writeStagedPoll } from '../warehouse/gauges/index.js';
import { rollupSelect } from '../warehouse/gauges/rollup-sql.js';
import { Warehouse } from '../warehouse/warehouse.js';
import type { ApiFigures } from './support/gauges-api-child.js';

const { values: args } = parseArgs({
  options: {
    gauges: { type: 'string', default: '6000' },
    days: { type: 'string', default: '30' },
    queries: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
  },
});
const GAUGES = Number(args.gauges);
const DAYS = Number(args.days);
const DAY_MS = 86_400_000;
// The history ends now, so the API's "last 30 days" is the whole of it.
const END = Math.floor(Date.now() / READING_STEP_MS) * READING_STEP_MS;
const START = END - DAYS * DAY_MS;

const line = (label: string, text: string) => console.log(`${label.padEnd(40)} ${text}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (rows: number, ms: number) => `${(((rows / ms) * 1000) / 1e6).toFixed(2)} M rows/s`;

const dir = await mkdtemp(join(tmpdir(), 'eids-bench-gauges-'));
const lakeDir = join(dir, 'lake');
const fleet = syntheticFleet({ count: GAUGES, seed: 2026, startMs: START - 2 * DAY_MS, endMs: END });
const thresholdsFile = join(dir, 'flood-thresholds.csv');
await writeFile(thresholdsFile, renderThresholdsTable(fleet));
const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
const clock = { now: new Date(START) };
const gauges = new GaugeWarehouse(warehouse, { dataDir: dir, lakeDir, thresholdsFile, now: () => clock.now });
const csvDir = join(dir, 'csv');
await mkdir(csvDir, { recursive: true });

console.log(`${GAUGES} gauges × ${DAYS} days of 15-minute readings, ${GAUGE_SOURCE_NAMES.length} sources`);
let rows = 0;
let generateMs = 0;
let commitMs = 0;
let compactMs = 0;
let polls = 0;
const bySource = GAUGE_SOURCE_NAMES.map((source) => ({
  source,
  offset: gaugeSourceByName(source)!.standardOffsetMinutes,
  members: fleet.filter((gauge) => gauge.source === source),
}));
for (let day = 0; day < DAYS; day++) {
  const fromMs = START + day * DAY_MS;
  const toMs = fromMs + DAY_MS;
  // The poll that brings a day's readings runs just after it.
  clock.now = new Date(toMs + 5 * 60_000);
  for (const { source, offset, members } of bySource) {
    const started = performance.now();
    const lines = [STAGED_READING_COLUMNS.join(',')];
    for (const gauge of members) {
      const id = syntheticStation(gauge).id;
      for (const time of readingTimes(gauge, fromMs, toMs))
        lines.push(`${id},${time},${offset},${valueAt(gauge, time)},`);
    }
    rows += lines.length - 1;
    const stagedPath = `staged/gauges/${source}/bench-${day}.json`;
    const text = `${lines.join('\n')}\n`;
    await writeStagedPoll(
      dir,
      stagedPath,
      {
        source,
        polledAt: clock.now.toISOString(),
        stations: members.map(syntheticStation),
        seriesThresholds: [],
        raw: [],
        readings: lines.length - 1,
      },
      text,
    );
    await writeFile(join(csvDir, `${source}-${day}.csv`), text);
    generateMs += performance.now() - started;
    const committing = performance.now();
    await gauges.commit({ pollId: `bench-${source}-${day}`, stagedPath });
    commitMs += performance.now() - committing;
    polls++;
  }
  const compacting = performance.now();
  await gauges.compact();
  compactMs += performance.now() - compacting;
  if ((day + 1) % 10 === 0 || day === DAYS - 1) {
    console.log(
      `  day ${day + 1}: ${(rows / 1e6).toFixed(2)} M rows committed, ${seconds(commitMs)} in commits`,
    );
  }
}

// The floor: DuckDB reading the same CSV rows and writing one Parquet file, nothing else.
const floorStarted = performance.now();
await warehouse.db.run(
  `COPY (SELECT * FROM read_csv('${csvDir}/*.csv', header = true,
     columns = {'gauge_id': 'VARCHAR', 'epoch_ms': 'BIGINT', 'offset_minutes': 'INTEGER', 'value': 'DOUBLE', 'quality': 'VARCHAR'}))
   TO '${join(dir, 'floor.parquet')}' (FORMAT parquet, COMPRESSION zstd)`,
);
const floorMs = performance.now() - floorStarted;
await rm(csvDir, { recursive: true, force: true });

const manifest = (await readManifest(lakeDir))!;
const rawFiles = filesOf(manifest, 'gauge_readings');
const lakeRows = rawFiles.reduce((sum, file) => sum + file.rows, 0);
const lakeBytes = rawFiles.reduce((sum, file) => sum + file.bytes, 0);
line(
  'raw rows generated / in the lake',
  `${rows.toLocaleString()} / ${lakeRows.toLocaleString()} (${rawFiles.length} files, ${(lakeBytes / 1e6).toFixed(0)} MB, ${(lakeBytes / lakeRows).toFixed(1)} B/row)`,
);
line('generate + stage (CSV text)', `${seconds(generateMs)} (${rate(rows, generateMs)})`);
line(
  'ingest: commit + publish, 240 polls',
  `${seconds(commitMs)} (${rate(rows, commitMs)}; ${(commitMs / polls).toFixed(0)} ms a poll of ${Math.round(rows / polls).toLocaleString()} rows)`,
);
line(
  'floor: DuckDB CSV → Parquet copy',
  `${seconds(floorMs)} (${rate(rows, floorMs)}); ingest / floor = ${(commitMs / floorMs).toFixed(1)}×`,
);
line('compaction (after every day)', seconds(compactMs));

// Rollups rebuilt from the lake, against one plain scan of the same files.
const inputs = rawFiles.map((file) => `'${join(lakeDir, file.path)}'`).join(', ');
const relation = `(SELECT * FROM read_parquet([${inputs}], hive_partitioning = false))`;
const scanStarted = performance.now();
await warehouse.db.run(`SELECT count(*), sum(value) FROM ${relation}`);
const scanMs = performance.now() - scanStarted;
const rollupStarted = performance.now();
for (const span of ['hourly', 'daily'] as const) {
  await warehouse.db.run(
    `CREATE OR REPLACE TEMP TABLE rebuilt_${span} AS ${rollupSelect({
      relation,
      span,
      offsetMinutes: 600,
      computedAtParam: `'${new Date().toISOString()}'`,
      where: 'true',
    })}`,
  );
}
const rollupMs = performance.now() - rollupStarted;
line(
  'rollups rebuilt from the lake (h + d)',
  `${seconds(rollupMs)} (${rate(lakeRows, rollupMs)}); scan floor ${(scanMs / 1000).toFixed(2)} s, ratio ${(rollupMs / scanMs).toFixed(1)}×`,
);
warehouse.close();

// The API in a process of its own, so its RSS is its own.
const figures = await new Promise<ApiFigures>((resolve, reject) => {
  const child = fork(
    join(import.meta.dirname, 'support', 'gauges-api-child.ts'),
    [lakeDir, dir, String(Number(args.queries))],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  child.once('message', (message) => resolve(message as ApiFigures));
  child.once('error', reject);
  child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`API child exited with ${code}`))));
});
const ms = (value: number) => `${value.toFixed(2)} ms`;
line('API: bare route p50', ms(figures.bareP50));
line(
  'API: /v1/gauges/summary p50 / p95',
  `${ms(figures.summaryP50)} / ${ms(figures.summaryP95)} (${(figures.summaryP50 / figures.bareP50).toFixed(0)}× bare)`,
);
line('API: /v1/gauges?limit=100 p50', ms(figures.listP50));
line(
  'API: 30-day raw readings p50 / p95',
  `${ms(figures.readingsP50)} / ${ms(figures.readingsP95)} (goal ≤ 50 ms; ${figures.readingsRows} rows a query)`,
);
line('API: 90-day hourly readings p50', ms(figures.hourlyP50));
line(
  'API RSS after the queries',
  `${(figures.rssBytes / 1e6).toFixed(0)} MB (${(figures.rssBaselineBytes / 1e6).toFixed(0)} MB before the lake was opened)`,
);
if (args.keep) console.log(`kept ${dir}`);
else await rm(dir, { recursive: true, force: true });
