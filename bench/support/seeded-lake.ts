import { lakeCopyParts } from '../../warehouse/lake-copy.js';
import { link, mkdir, readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { RECORD_COLUMNS } from '../../lake/incident-columns.js';
import type { LakeFile } from '../../lake/manifest.js';
import { columnList, LAKE_TABLES, type LakeTableName } from '../../lake/tables.js';
import { STATES, type IncidentRecord } from '../../model/index.js';
import { publishFiles } from '../../warehouse/publication.js';
import { makeLiveRecords } from './live-records.js';
import { SETTLED_VERSION_COLUMNS } from '../../warehouse/schema.js';
import type { Warehouse } from '../../warehouse/warehouse.js';
import { fileSha256 } from '../../lake/storage/file-sha256.js';

/**
 * A lake with a long history, built in seconds (bench:growth, bench:recovery): H settled version rows
 * and an archive generated in DuckDB with SQL (the commit path would take hours at 10 M) and written as
 * the lake's own partitioned files, then published with the real manifest code. The live set goes
 * through the real commit path (liveRecords).
 */
export const LIVE = 1_000;
/** Seeded history spans the live era: 2026-04-08 to 2026-11-08. */
export const HISTORY_START = Date.parse('2026-04-08T00:00:00Z') / 1000;
export const HISTORY_SPAN_S = 214 * 86_400;

/** SQL for one record column of seeded row `i` (incident `i // 8`, eight versions each). */
function seededColumn(name: string): string {
  const incident = '(i // 8)';
  const state = `(['${STATES.join("','")}'])[(${incident} % 8) + 1]`;
  // Within 2° of a point inside its state (STATES' order), so a box over one area selects few rows.
  const longitude = `([147.0, 144.5, 145.0, 135.0, 121.0, 146.5, 133.0, 149.1])[(${incident} % 8) + 1] + ((${incident} * 7919) % 4001) / 1000.0 - 2`;
  const latitude = `([-32.5, -37.0, -22.0, -30.0, -26.0, -42.0, -19.5, -35.4])[(${incident} % 8) + 1] + ((${incident} * 104729) % 4001) / 1000.0 - 2`;
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
    latitude,
    longitude,
    precision: "'exact'",
    geometry: `'{"type":"Point","coordinates":[' || (${longitude}) || ',' || (${latitude}) || ']}'`,
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
  layout: SeedLayout,
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
      sha256: await fileSha256(path),
      minTime: new Date(stats.lo as string).toISOString(),
      maxTime: new Date(stats.hi as string).toISOString(),
      ...(table === 'incident_versions'
        ? { maxEnd: stats.last ? new Date(stats.last as string).toISOString() : null }
        : {}),
      schemaVersion: layout === 'text' ? TEXT_LAYOUT_VERSION : definition.schemaVersion,
    });
  }
  return files;
}

/**
 * How seeded files are laid out: as the lake writes them now (`typed`: lake/stored-columns.ts), or as
 * schema version 2 did (`text`: geometry and times as text, no bbox), for before-and-after figures.
 */
export type SeedLayout = 'typed' | 'text';
const TEXT_LAYOUT_VERSION = 2;

/** COPY of seeded rows (the service's columns, and `kept` partition keys) into a table's files. */
async function seedCopy(
  connection: DuckDBConnection,
  table: 'incident_versions' | 'archive',
  seed: { query: string; kept: readonly string[]; target: string; options: string },
  layout: SeedLayout,
): Promise<void> {
  const definition = LAKE_TABLES[table];
  const { select, options } =
    layout === 'typed'
      ? await lakeCopyParts(connection, definition, seed.query, seed.kept)
      : {
          select: `SELECT ${[columnList(definition), ...seed.kept].join(', ')} FROM (${seed.query})`,
          options: 'FORMAT parquet, COMPRESSION zstd',
        };
  await connection.run(`COPY (${select}) TO '${seed.target}' (${options}, ${seed.options})`);
}

/** The 4.8 M-row archive, 1840–2026, generated once as the lake's own files (hard-linked into each lake). */
export async function buildArchive(
  dir: string,
  archiveRows: number,
  layout: SeedLayout = 'typed',
): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const archive = LAKE_TABLES.archive;
    const select = archive.columns
      .map((column) => {
        if (RECORD_COLUMNS.some((record) => record.name === column.name)) {
          return seededColumn(column.name).replace("'-seed-'", "'-archive-'").replaceAll('(i // 8)', 'i');
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
    await seedCopy(
      connection,
      'archive',
      {
        query: `SELECT ${select} FROM (
          SELECT i, to_timestamp(-4102444800 + i * (5900000000.0 / ${archiveRows})) AS valid_from,
                 to_timestamp(-4102444800 + i * (5900000000.0 / ${archiveRows})) + INTERVAL 9 DAY AS valid_to
          FROM range(${archiveRows}) t(i))
        ORDER BY valid_from`,
        kept: [],
        target: join(dir, 'archive'),
        options:
          "PARTITION_BY (state), WRITE_PARTITION_COLUMNS true, ROW_GROUP_SIZE 100000, FILENAME_PATTERN 'part-{i}'",
      },
      layout,
    );
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

export async function linkArchive(from: string, lakeDir: string): Promise<void> {
  for (const entry of await readdir(join(from, 'archive'), { recursive: true })) {
    if (!entry.endsWith('.parquet')) continue;
    const target = join(lakeDir, 'archive', entry);
    await mkdir(join(target, '..'), { recursive: true });
    await link(join(from, 'archive', entry), target);
  }
}

export function liveRecords(changed: number): IncidentRecord[] {
  // Only incident 0 changes from poll to poll: one new version per small poll.
  const [first, ...rest] = makeLiveRecords(LIVE, 0);
  const updated = `2026-11-20T${String(10 + (changed % 10)).padStart(2, '0')}:00:00+11:00`;
  return [{ ...first!, status: changed % 2 === 1 ? 'contained' : 'active', updated_at: updated }, ...rest];
}

/** H seeded history rows in the warehouse and the lake, with the archive linked in, published. */
export async function seedHistory(
  warehouse: Warehouse,
  lakeDir: string,
  H: number,
  archiveDir: string,
  layout: SeedLayout = 'typed',
): Promise<void> {
  const versions = LAKE_TABLES.incident_versions;
  const seeded = versions.columns
    .map((column) => {
      if (column.name === 'feed_key') return "'seed' AS feed_key";
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
    await seedCopy(
      warehouse.db,
      'incident_versions',
      {
        query: `SELECT ${columnList(versions)}, strftime(timezone('UTC', valid_from), '%Y-%m') AS month
          FROM incident_version ORDER BY valid_from`,
        kept: ['month'],
        target: join(lakeDir, 'incident_versions'),
        options:
          "PARTITION_BY (state, month), WRITE_PARTITION_COLUMNS true, ROW_GROUP_SIZE 500000, FILENAME_PATTERN 'seed-{i}'",
      },
      layout,
    );
    await linkArchive(archiveDir, lakeDir);
    const added = [
      ...(await describeFiles(
        warehouse.db,
        lakeDir,
        'incident_versions',
        join(lakeDir, 'incident_versions'),
        layout,
      )),
      ...(await describeFiles(warehouse.db, lakeDir, 'archive', join(lakeDir, 'archive'), layout)),
    ];
    await publishFiles(warehouse.db, lakeDir, { added, replaced: () => false, now: new Date() });
    // The seed is not part of any poll's cost: settle it to disk first.
    await warehouse.db.run('CHECKPOINT');
  });
}
