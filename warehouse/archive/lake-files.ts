import { createHash } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { LakeFile, Manifest } from '../../lake/manifest.js';
import { columnList, LAKE_TABLES } from '../../lake/tables.js';
import type { StateCode } from '../../model/index.js';
import { currentManifest, describeLakeFile, publishFiles, sqlString, writeLakeFile } from '../publish.js';
import type { Warehouse } from '../warehouse.js';
import { planBuckets } from './buckets.js';
import type { ArchivePartFile } from './bulk-load.js';

/**
 * Where a load's archive files go in the lake and how they replace an earlier load of the same source:
 * `archive/state=<state>/source=<source>/part-<first year>-<last year>-<load tag>.parquet`. The tag
 * makes every load's names new (lake files are immutable: a reader may still be reading the old ones).
 */

/** Eight bytes of the load id's hash: names a load's files. */
export function archiveLoadTag(loadId: string): string {
  return createHash('sha256').update(loadId).digest('hex').slice(0, 16);
}

export function archiveLakePath(state: StateCode, source: string, years: [number, number], tag: string) {
  return `archive/state=${state}/source=${source}/part-${years[0]}-${years[1]}-${tag}.parquet`;
}

/** The archive files of a load already in the manifest (a retried load after its publish). */
export function filesOfLoad(manifest: Manifest | undefined, tag: string): LakeFile[] {
  return (manifest?.files ?? []).filter(
    (file) => file.table === 'archive' && file.path.endsWith(`-${tag}.parquet`),
  );
}

const ofSource =
  (source: string) =>
  (file: LakeFile): boolean =>
    file.table === 'archive' && file.partition.source === source;

/** Most rows per archive file: a state's start years are split into spans of about this many. */
export const ARCHIVE_ROWS_PER_FILE = 1_000_000;

/**
 * Writes the archive rows of `relation` (the archive file columns) to the lake, one file per state and
 * span of start years, each sorted by start. Returns the files, not yet published.
 */
export async function writeArchiveLakeFiles(
  connection: DuckDBConnection,
  options: { relation: string; lakeDir: string; source: string; tag: string; maxRowsPerFile?: number },
): Promise<LakeFile[]> {
  const archive = LAKE_TABLES.archive;
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE archive_load AS
     SELECT ${columnList(archive)}, CAST(left(event_start_date, 4) AS INTEGER) AS start_year FROM ${options.relation}`,
  );
  const counts = (
    await connection.runAndReadAll(
      'SELECT state, start_year AS year, count(*)::BIGINT AS rows FROM archive_load GROUP BY ALL ORDER BY ALL',
    )
  ).getRowObjectsJS() as { state: StateCode; year: number; rows: bigint }[];
  const buckets = planBuckets(
    counts.map((count) => ({ ...count, rows: Number(count.rows) })),
    options.maxRowsPerFile ?? ARCHIVE_ROWS_PER_FILE,
  );
  const files: LakeFile[] = [];
  for (const bucket of buckets) {
    files.push(
      await writeLakeFile(
        connection,
        options.lakeDir,
        {
          table: 'archive',
          partition: { state: bucket.state, source: options.source },
          path: archiveLakePath(bucket.state, options.source, bucket.years, options.tag),
        },
        `SELECT ${columnList(archive)} FROM archive_load
         WHERE state = ${sqlString(bucket.state)} AND start_year BETWEEN ${bucket.years[0]} AND ${bucket.years[1]}
         ORDER BY ${archive.orderBy}`,
      ),
    );
  }
  await connection.run('DROP TABLE archive_load');
  return files;
}

/** Moves the files of a bulk load (`loadArchiveBulk`'s output folder) into the lake, described. */
export async function moveBulkFilesToLake(
  connection: DuckDBConnection,
  options: {
    outDir: string;
    files: readonly ArchivePartFile[];
    lakeDir: string;
    source: string;
    tag: string;
  },
): Promise<LakeFile[]> {
  const moved: LakeFile[] = [];
  for (const part of options.files) {
    const path = archiveLakePath(part.state, options.source, part.years, options.tag);
    const target = join(options.lakeDir, path);
    await mkdir(dirname(target), { recursive: true });
    await rename(join(options.outDir, part.path), target);
    moved.push(
      await describeLakeFile(connection, target, {
        table: 'archive',
        partition: { state: part.state, source: options.source },
        path,
      }),
    );
  }
  return moved;
}

/**
 * Publishes a load's files in place of every earlier file of its source, in the warehouse's turn: a
 * source loaded twice has its rows once. Returns the manifest and how many rows left the lake.
 */
export async function publishArchiveLoad(
  warehouse: Warehouse,
  options: { lakeDir: string; source: string; files: readonly LakeFile[]; now: Date },
): Promise<{ manifest: Manifest; replacedRows: number }> {
  return warehouse.exclusive(async () => {
    const before = await currentManifest(warehouse.db, options.lakeDir);
    const replacedRows = (before?.files ?? [])
      .filter(ofSource(options.source))
      .reduce((sum, file) => sum + file.rows, 0);
    const manifest = await publishFiles(warehouse.db, options.lakeDir, {
      added: options.files,
      replaced: ofSource(options.source),
      now: options.now,
    });
    return { manifest, replacedRows };
  });
}
