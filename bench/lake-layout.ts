/**
 * The lake's typed layout (ADR 41: GeoParquet geometry with a bbox column, typed instants and dates)
 * against the text layout of schema version 2, measured (not a test). The same seeded history (10 M
 * settled versions by default) and archive (4.8 M rows, bench:growth's) are written in both layouts;
 * for each it prints the seeding time, the files' bytes, and the time of the same queries:
 * - a bbox query as a bulk user writes it: rows whose geometry lies in a box, by the `bbox` column
 *   (typed), and before it by the GeoJSON text (all a polygon offered) and by the point columns (points
 *   only, the best a user could do then);
 * - what the service reads: a history page for one state and month, and an archive snapshot for one
 *   state, through the lake's relations (lake/read.ts).
 * Usage: npm run bench:lake-layout [-- --versions 10000000 --archive 4800000]
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { dataLayout } from '../config/index.js';
import { bboxFromGeojsonSql } from '../lake/geometry-sql.js';
import { RECORD_COLUMN_LIST } from '../lake/incident-columns.js';
import { filesOf, readManifest, type Manifest } from '../lake/manifest.js';
import { archiveRelation, fileRelation } from '../lake/read.js';
import type { LakeTableName } from '../lake/tables.js';
import { Warehouse } from '../warehouse/warehouse.js';
import { buildArchive, seedHistory, type SeedLayout } from './support/seeded-lake.js';

const { values } = parseArgs({
  options: {
    versions: { type: 'string', default: '10000000' },
    archive: { type: 'string', default: '4800000' },
  },
});
const VERSIONS = Number(values.versions);
const ARCHIVE = Number(values.archive);
const REPEATS = 5;
/** The Blue Mountains and Sydney's west: a box a user asks about. */
const BOX = { west: 150.0, south: -34.0, east: 151.0, north: -33.0 };

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Query {
  name: string;
  sql: (manifest: Manifest, lakeDir: string) => string | undefined;
}

const files = (manifest: Manifest, lakeDir: string, table: LakeTableName) =>
  `read_parquet([${filesOf(manifest, table)
    .map((file) => `'${join(lakeDir, file.path)}'`)
    .join(', ')}], union_by_name = true)`;

const { west, south, east, north } = BOX;
const inBox = {
  bbox: `bbox.xmin >= ${west} AND bbox.xmax <= ${east} AND bbox.ymin >= ${south} AND bbox.ymax <= ${north}`,
  text: `b.xmin >= ${west} AND b.xmax <= ${east} AND b.ymin >= ${south} AND b.ymax <= ${north}`,
  point: `longitude BETWEEN ${west} AND ${east} AND latitude BETWEEN ${south} AND ${north}`,
};

/** The bulk user's bbox query, in the form each layout allows (undefined: the layout has no such form). */
function bboxQueries(table: 'incident_versions' | 'archive', layout: SeedLayout): Query[] {
  const label = table === 'archive' ? 'archive' : 'versions';
  const queries: Query[] = [
    {
      name: `${label}: rows in a box, by the point columns`,
      sql: (manifest, lakeDir) =>
        `SELECT count(*) FROM ${files(manifest, lakeDir, table)} WHERE ${inBox.point}`,
    },
  ];
  if (layout === 'typed')
    queries.push({
      name: `${label}: rows in a box, by the bbox column`,
      sql: (manifest, lakeDir) =>
        `SELECT count(*) FROM ${files(manifest, lakeDir, table)} WHERE ${inBox.bbox}`,
    });
  else if (table === 'incident_versions')
    queries.push({
      name: `${label}: rows in a box, by the GeoJSON text`,
      sql: (manifest, lakeDir) =>
        `SELECT count(*) FROM (SELECT ${bboxFromGeojsonSql('geometry')} AS b FROM ${files(manifest, lakeDir, table)}) WHERE ${inBox.text}`,
    });
  return queries;
}

/** What the service reads: a history page and an archive snapshot, through the lake's relations. */
const SERVICE_QUERIES: Query[] = [
  {
    name: 'service: a history page (nsw, one month, 500 rows)',
    sql: (manifest, lakeDir) => {
      const inMonth = filesOf(manifest, 'incident_versions').filter(
        (file) => file.partition.state === 'nsw' && file.partition.month === '2026-08',
      );
      return `SELECT ${RECORD_COLUMN_LIST} FROM ${fileRelation(lakeDir, 'incident_versions', inMonth)}
        ORDER BY valid_from, id LIMIT 500`;
    },
  },
  {
    name: 'service: an archive snapshot (nsw, 1950-06-01)',
    sql: (manifest, lakeDir) => {
      const nsw = filesOf(manifest, 'archive').filter((file) => file.partition.state === 'nsw');
      return `SELECT ${RECORD_COLUMN_LIST} FROM ${archiveRelation(lakeDir, nsw)}
        WHERE valid_from <= TIMESTAMPTZ '1950-06-01 00:00:00+10' AND valid_to > TIMESTAMPTZ '1950-06-01 00:00:00+10'`;
    },
  },
];

interface Measured {
  seedMs: { archive: number; versions: number };
  bytes: { archive: number; versions: number };
  queries: Map<string, { ms: number; rows: number }>;
}

async function run(connection: DuckDBConnection, sql: string): Promise<{ ms: number; rows: number }> {
  const times: number[] = [];
  let rows = 0;
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    const [reader, ms] = await timed(() => connection.runAndReadAll(sql));
    const first = reader.getRows()[0]?.[0];
    rows = reader.currentRowCount === 1 && typeof first === 'bigint' ? Number(first) : reader.currentRowCount;
    times.push(ms);
  }
  return { ms: median(times), rows };
}

async function measure(root: string, layout: SeedLayout): Promise<Measured> {
  const archiveDir = join(root, `${layout}-archive`);
  await mkdir(archiveDir, { recursive: true });
  const [, archiveMs] = await timed(() => buildArchive(archiveDir, ARCHIVE, layout));
  const data = dataLayout(join(root, `${layout}-data`));
  await mkdir(data.lakeDir, { recursive: true });
  const warehouse = await Warehouse.open(data.warehouseFile);
  const [, versionsMs] = await timed(() =>
    seedHistory(warehouse, data.lakeDir, VERSIONS, archiveDir, layout),
  );
  warehouse.close();
  const manifest = (await readManifest(data.lakeDir))!;
  const bytes = (table: LakeTableName) => filesOf(manifest, table).reduce((sum, file) => sum + file.bytes, 0);
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const queries = new Map<string, { ms: number; rows: number }>();
  try {
    const all = [
      ...bboxQueries('incident_versions', layout),
      ...bboxQueries('archive', layout),
      ...SERVICE_QUERIES,
    ];
    for (const query of all) {
      const sql = query.sql(manifest, data.lakeDir);
      if (sql) queries.set(query.name, await run(connection, sql));
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return {
    seedMs: { archive: archiveMs, versions: versionsMs },
    bytes: { archive: bytes('archive'), versions: bytes('incident_versions') },
    queries,
  };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(value < 100 ? 1 : 0)} ms`;
const ratio = (after: number, before: number) => (after / before).toFixed(2);

function report(before: Measured, after: Measured): void {
  console.log(
    `lake layout: ${VERSIONS.toLocaleString('en-AU')} settled versions, ${ARCHIVE.toLocaleString('en-AU')} archive rows`,
  );
  const line = (name: string, text: string, typed: string, r: string, rows = '') =>
    console.log(`  ${name.padEnd(52)}${text.padStart(12)}${typed.padStart(12)}${r.padStart(8)}  ${rows}`);
  line('', 'text (v2)', 'typed (v3)', 'ratio', 'rows found');
  const pair = (name: string, a: number, b: number, show: (value: number) => string) =>
    line(name, show(a), show(b), ratio(b, a));
  pair('versions: bytes', before.bytes.versions, after.bytes.versions, mb);
  pair('archive: bytes', before.bytes.archive, after.bytes.archive, mb);
  pair('versions: written in', before.seedMs.versions, after.seedMs.versions, ms);
  pair('archive: written in', before.seedMs.archive, after.seedMs.archive, ms);
  const names = [...new Set([...before.queries.keys(), ...after.queries.keys()])];
  for (const name of names) {
    const [text, typed] = [before.queries.get(name), after.queries.get(name)];
    const found = [text?.rows, typed?.rows]
      .filter((n) => n !== undefined)
      .map((n) => n.toLocaleString('en-AU'));
    line(
      name,
      text ? ms(text.ms) : '-',
      typed ? ms(typed.ms) : '-',
      text && typed ? ratio(typed.ms, text.ms) : '',
      [...new Set(found)].join(' / '),
    );
  }
  console.log(`  (queries: median of ${REPEATS} runs; ratio typed / text)`);
}

const root = await mkdtemp(join(tmpdir(), 'eids-bench-lake-layout-'));
try {
  const before = await measure(root, 'text');
  const after = await measure(root, 'typed');
  report(before, after);
} finally {
  await rm(root, { recursive: true, force: true });
}
