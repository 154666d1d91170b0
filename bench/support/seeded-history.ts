import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { LakeFile } from '../../lake/manifest.js';
import { LAKE_TABLES, type LakeTableName } from '../../lake/tables.js';
import { STATES } from '../../model/index.js';
import { lakeCopyParts } from '../../warehouse/lake-copy.js';
import { fileSha256 } from '../../lake/storage/file-sha256.js';

/**
 * Settled version rows and archive rows made up in DuckDB with SQL and written as the lake's own
 * partitioned files (the commit path would take hours at 10 M rows), described for a manifest. For
 * benchmarks of reading a large lake, not of writing one.
 */
const STATE = `(['${STATES.join("','")}'])[(i % 8) + 1]`;

function columnSql(table: 'incident_versions' | 'archive', rows: number): string {
  // Versions span the live era (2026-04-08 on, 214 days); the archive 1840–2026.
  const [start, span] =
    table === 'incident_versions'
      ? [Date.parse('2026-04-08T00:00:00Z') / 1000, 214 * 86_400]
      : [Date.parse('1840-01-01T00:00:00Z') / 1000, 5_900_000_000];
  const from = `to_timestamp(${start} + i * (${span}.0 / ${rows}))`;
  const special: Record<string, string> = {
    id: `${STATE} || '-seed-${table}-' || i`,
    state: STATE,
    location_state: STATE,
    feature_type: "'incident'",
    latitude: '-33.7 + (i % 1000) / 10000.0',
    longitude: '150.5 + (i % 997) / 10000.0',
    geometry: `'{"type":"Point","coordinates":[' || (150.5 + (i % 997) / 10000.0) || ',' || (-33.7 + (i % 1000) / 10000.0) || ']}'`,
    details: "'{}'",
    retracted: 'false',
    version: '((i % 8) + 1)::INTEGER',
    valid_from: from,
    valid_to: `${from} + INTERVAL ${table === 'archive' ? 9 : 3} DAY`,
    event_start_date: `strftime(${from}, '%Y-%m-%d')`,
    event_end_date: `strftime(${from} + INTERVAL 9 DAY, '%Y-%m-%d')`,
  };
  return LAKE_TABLES[table].columns
    .map((column) => {
      const value =
        special[column.name] ??
        (column.sql.includes('NOT NULL') ? "'seed'" : `NULL::${column.sql.replace(' NOT NULL', '')}`);
      return `${value} AS ${column.name}`;
    })
    .join(', ');
}

async function describe(
  connection: DuckDBConnection,
  lakeDir: string,
  table: LakeTableName,
): Promise<LakeFile[]> {
  const files: LakeFile[] = [];
  const folder = join(lakeDir, table);
  for (const entry of await readdir(folder, { recursive: true })) {
    if (!entry.endsWith('.parquet')) continue;
    const path = join(folder, entry);
    const stats = (
      await connection.runAndReadAll(
        `SELECT count(*)::BIGINT AS n, min(valid_from)::VARCHAR AS lo, max(valid_from)::VARCHAR AS hi,
                max(valid_to)::VARCHAR AS last FROM read_parquet('${path}')`,
      )
    ).getRowObjectsJS()[0]!;
    files.push({
      table,
      partition: Object.fromEntries(
        entry
          .split('/')
          .filter((part) => part.includes('='))
          .map((part) => part.split('=') as [string, string]),
      ),
      path: relative(lakeDir, path),
      rows: Number(stats.n),
      bytes: (await stat(path)).size,
      sha256: await fileSha256(path),
      minTime: new Date(stats.lo as string).toISOString(),
      maxTime: new Date(stats.hi as string).toISOString(),
      ...(table === 'incident_versions' ? { maxEnd: new Date(stats.last as string).toISOString() } : {}),
      schemaVersion: LAKE_TABLES[table].schemaVersion,
    });
  }
  return files;
}

/** Writes `versions` settled version rows and `archive` archive rows into `lakeDir`; returns their files. */
export async function seedHistory(
  connection: DuckDBConnection,
  lakeDir: string,
  { versions, archive }: { versions: number; archive: number },
): Promise<LakeFile[]> {
  const added: LakeFile[] = [];
  if (versions > 0) {
    const { select, options } = await lakeCopyParts(
      connection,
      LAKE_TABLES.incident_versions,
      `SELECT *, strftime(timezone('UTC', valid_from), '%Y-%m') AS month
       FROM (SELECT ${columnSql('incident_versions', versions)} FROM range(${versions}) t(i)) ORDER BY valid_from`,
      ['month'],
    );
    await connection.run(`COPY (${select})
      TO '${join(lakeDir, 'incident_versions')}' (${options}, PARTITION_BY (state, month),
        WRITE_PARTITION_COLUMNS true, ROW_GROUP_SIZE 500000, FILENAME_PATTERN 'seed-{i}')`);
    added.push(...(await describe(connection, lakeDir, 'incident_versions')));
  }
  if (archive > 0) {
    const { select, options } = await lakeCopyParts(
      connection,
      LAKE_TABLES.archive,
      `SELECT *, 'seed' AS source FROM (SELECT ${columnSql('archive', archive)} FROM range(${archive}) t(i)) ORDER BY valid_from`,
      ['source'],
    );
    await connection.run(`COPY (${select})
      TO '${join(lakeDir, 'archive')}' (${options}, PARTITION_BY (state, source),
        WRITE_PARTITION_COLUMNS true, ROW_GROUP_SIZE 100000, FILENAME_PATTERN 'part-{i}')`);
    added.push(...(await describe(connection, lakeDir, 'archive')));
  }
  return added;
}
