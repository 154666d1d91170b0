import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  GARBAGE_GRACE_MS,
  MANIFEST_FILE,
  nextPublishedAt,
  readManifest,
  type LakeFile,
  type Manifest,
} from '../lake/manifest.js';
import { LAKE_TABLES, type LakeTable, type LakeTableName } from '../lake/tables.js';
import { copyLakeRows } from './lake-copy.js';
import { fileSha256 } from '../lake/storage/file-sha256.js';
import { lakeMirrorOf } from './lake-mirror.js';
import { namesIn } from './folder-names.js';
import { sqlString } from './sql.js';

/**
 * How every writer of the lake publishes (incidents, events, gauges, declarations, the archive,
 * compaction): write a file (`lakeFilePlace`, `writeLakeFile`), add it to the next generation
 * (`publishFiles`, with `nextGeneration` when the files must name it), and read the current manifest
 * (`currentManifest`). The rest keeps the protocol safe: the manifest recorded in the warehouse and
 * renamed into place, replaced files kept for a grace period, and what a killed publish left finished
 * or removed at start (`finishPublication`). A restore records a manifest it read from a bucket
 * (`recordPublication`, `writeManifest`).
 */

export { GARBAGE_GRACE_MS };

/** Row groups of published Parquet (the lake's convention: 100 k – 1 M rows). */
export const ROW_GROUP_SIZE = 500_000;

/** A lake file's table, partition and path inside the lake. */
export interface LakeFilePlace {
  table: LakeTableName;
  partition: Record<string, string>;
  path: string;
}

/**
 * Where a lake file goes: its table's folder, a `key=value` folder per partition key (hive style, in
 * the partition's order), then its name. Partition values come from our own enums, names and dates;
 * anything else is refused before it reaches a path or SQL.
 */
export function lakeFilePlace(
  table: LakeTableName,
  partition: Record<string, string>,
  name: string,
): LakeFilePlace {
  const folders = Object.entries(partition).map(([key, value]) => {
    if (!/^[\w.-]+$/.test(value)) throw new Error(`unexpected partition value ${JSON.stringify(value)}`);
    return `${key}=${value}`;
  });
  return { table, partition, path: [table, ...folders, name].join('/') };
}

/**
 * Writes the rows `query` selects as one immutable Parquet file of the lake (temporary name, then
 * rename) and describes it for the manifest.
 */
export async function writeLakeFile(
  connection: DuckDBConnection,
  lakeDir: string,
  file: LakeFilePlace,
  query: string,
): Promise<LakeFile> {
  const absolute = join(lakeDir, file.path);
  await mkdir(dirname(absolute), { recursive: true });
  // Unique per write: two writers of one deterministic name (a retried compaction beside the attempt it
  // replaced) must never read or rename each other's half-written file.
  const temporary = join(dirname(absolute), `.${file.path.split('/').pop()}.${randomUUID()}.tmp`);
  await copyLakeRows(connection, LAKE_TABLES[file.table], query, temporary, ROW_GROUP_SIZE);
  const described = await describeLakeFile(connection, temporary, file);
  await rename(temporary, absolute);
  return described;
}

/**
 * A Parquet file of a table as the manifest lists it: rows, bytes, checksum, the range of the table's
 * time column and, for tables with `valid_to`, the latest end (null while a row is open). `path` is
 * where it is read from now (a temporary name before a rename, or its place in the lake).
 */
export async function describeLakeFile(
  connection: DuckDBConnection,
  path: string,
  file: LakeFilePlace,
): Promise<LakeFile> {
  const definition: LakeTable = LAKE_TABLES[file.table];
  const time = definition.timeColumn;
  const hasEnd = 'valid_to' in columnsOf(definition);
  const statsSql = time
    ? `SELECT count(*)::BIGINT AS n, min(${time})::VARCHAR AS lo, max(${time})::VARCHAR AS hi,
         ${hasEnd ? 'CASE WHEN count(valid_to) = count(*) THEN max(valid_to)::VARCHAR END' : 'NULL'} AS last
       FROM read_parquet(${sqlString(path)})`
    : `SELECT count(*)::BIGINT AS n, NULL AS lo, NULL AS hi, NULL AS last FROM read_parquet(${sqlString(path)})`;
  const stats = (await connection.runAndReadAll(statsSql)).getRowObjectsJS()[0] ?? {};
  return {
    table: file.table,
    partition: file.partition,
    path: file.path,
    rows: Number(stats.n ?? 0),
    bytes: (await stat(path)).size,
    sha256: await fileSha256(path),
    minTime: isoOrNull(stats.lo),
    maxTime: isoOrNull(stats.hi),
    ...(hasEnd ? { maxEnd: isoOrNull(stats.last) } : {}),
    schemaVersion: definition.schemaVersion,
  };
}

function columnsOf(table: LakeTable): Record<string, true> {
  return Object.fromEntries(table.columns.map((column) => [column.name, true]));
}

function isoOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const parsed = Date.parse(value as string);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

/** The generation the warehouse published last (0 before the first). */
async function lastGeneration(connection: DuckDBConnection): Promise<number> {
  const last = await connection.runAndReadAll(
    'SELECT coalesce(max(generation), 0)::INTEGER AS g FROM publication',
  );
  return Number(last.getRowObjectsJS()[0]?.g ?? 0);
}

/** The manifest the warehouse last recorded (the file may lag it after a crash). */
export async function currentManifest(
  connection: DuckDBConnection,
  lakeDir: string,
): Promise<Manifest | undefined> {
  const reader = await connection.runAndReadAll(
    'SELECT manifest FROM publication WHERE manifest IS NOT NULL ORDER BY generation DESC LIMIT 1',
  );
  const text = reader.getRowObjectsJS()[0]?.manifest;
  if (typeof text === 'string') return JSON.parse(text) as Manifest;
  return readManifest(lakeDir);
}

/**
 * Records a new manifest and the files it stops naming in one transaction, together with `alsoInside`
 * (the queue it drains, or nothing for a compaction).
 */
export async function recordPublication(
  connection: DuckDBConnection,
  manifest: Manifest,
  replaced: readonly LakeFile[],
  now: Date,
  alsoInside: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  const deletableAfter = new Date(now.getTime() + GARBAGE_GRACE_MS).toISOString();
  await connection.run('BEGIN TRANSACTION');
  try {
    await alsoInside();
    for (const file of replaced) {
      await connection.run('INSERT INTO lake_garbage VALUES ($1, $2::TIMESTAMPTZ)', [
        file.path,
        deletableAfter,
      ]);
    }
    const values = [manifest.generation, manifest.publishedAt, JSON.stringify(manifest)];
    // One row, updated in place: a manifest per generation kept for ever would make the warehouse
    // grow with every publish (several a minute) and its reads scan them all.
    const updated = await connection.run(
      'UPDATE publication SET generation = $1, published_at = $2::TIMESTAMPTZ, manifest = $3',
      values,
    );
    if (updated.rowsChanged === 0)
      await connection.run('INSERT INTO publication VALUES ($1, $2::TIMESTAMPTZ, $3)', values);
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}

/**
 * Renames the manifest into place: readers see the previous generation or this one, whole. A lake
 * mirrored to a bucket gets the generation's files there, then the manifest (warehouse/lake-mirror.ts).
 */
export async function writeManifest(lakeDir: string, manifest: Manifest): Promise<void> {
  const temporary = join(lakeDir, `.${MANIFEST_FILE}.tmp`);
  await writeFile(temporary, JSON.stringify(manifest, null, 1));
  await rename(temporary, join(lakeDir, MANIFEST_FILE));
  await lakeMirrorOf(lakeDir)?.publish(manifest);
}

/** Deletes replaced files whose grace period has passed (the regular publish does it each time). */
export async function collectGarbage(
  connection: DuckDBConnection,
  lakeDir: string,
  now: Date,
): Promise<void> {
  const due = await connection.runAndReadAll(
    'SELECT path FROM lake_garbage WHERE deletable_after <= $1::TIMESTAMPTZ',
    [now.toISOString()],
  );
  const paths = due.getRowObjectsJS().map((row) => row.path as string);
  if (paths.length === 0) return;
  // A mirrored lake keeps them (here too) until the bucket may let them go.
  const mirror = lakeMirrorOf(lakeDir);
  if (mirror && !(await mirror.removeGarbage(paths))) return;
  await Promise.all(paths.map((path) => rm(join(lakeDir, path), { force: true })));
  await connection.run('DELETE FROM lake_garbage WHERE deletable_after <= $1::TIMESTAMPTZ', [
    now.toISOString(),
  ]);
}

/**
 * At start: finishes a publication whose manifest was recorded but not yet renamed into place, and
 * removes files no manifest names that a killed publish or compaction left behind.
 */
export async function finishPublication(connection: DuckDBConnection, lakeDir: string): Promise<void> {
  const recorded = await currentManifest(connection, lakeDir);
  const mirror = lakeMirrorOf(lakeDir);
  if (!recorded) return mirror?.finish(undefined, new Set());
  const onDisk = await readManifest(lakeDir);
  if (!onDisk || onDisk.generation < recorded.generation) await writeManifest(lakeDir, recorded);
  const named = new Set(recorded.files.map((file) => file.path));
  const garbage = await connection.runAndReadAll('SELECT path FROM lake_garbage');
  for (const row of garbage.getRowObjectsJS()) named.add(row.path as string);
  await mirror?.finish(recorded, named);
  for (const path of await lakeFiles(lakeDir)) {
    if (!named.has(path)) await rm(join(lakeDir, path), { force: true });
  }
}

/** Every file under the lake's table folders, relative to the lake. */
async function lakeFiles(lakeDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of Object.keys(LAKE_TABLES)) {
    let entries: string[];
    try {
      entries = await readdir(join(lakeDir, table), { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const entry of entries) {
      if (entry.endsWith('.parquet') || entry.endsWith('.tmp')) found.push(`${table}/${entry}`);
    }
  }
  return found;
}

/**
 * Removes what a writer killed mid-write left behind in a folder that is not part of the lake
 * (exports): files under a temporary name are never read, and the next write makes them anew.
 */
export async function removeTemporaryFiles(dir: string): Promise<string[]> {
  const names = await namesIn(dir);
  const temporary = names.filter((name) => name.endsWith('.tmp'));
  await Promise.all(temporary.map((name) => rm(join(dir, name), { force: true })));
  return temporary;
}

/** A generation about to be published: its number and time, known before its files are written. */
export interface NextGeneration {
  generation: number;
  publishedAt: Date;
  previous: Manifest | undefined;
}

/** The generation after the current one (names files and stamps chain links before it is published). */
export async function nextGeneration(
  connection: DuckDBConnection,
  lakeDir: string,
  now: Date,
): Promise<NextGeneration> {
  const previous = await currentManifest(connection, lakeDir);
  return {
    generation: (await lastGeneration(connection)) + 1,
    publishedAt: nextPublishedAt(previous, now),
    previous,
  };
}

/**
 * Publishes a new generation in which `added` files join the lake and the current files `replaced`
 * selects leave it (to the garbage, deleted after the grace period): how every writer publishes, the
 * incidents' regular publish included. Run inside `Warehouse.exclusive`; the files must already be
 * written (`writeLakeFile`), under the generation `next` names when the writer needed it first.
 */
export async function publishFiles(
  connection: DuckDBConnection,
  lakeDir: string,
  change: {
    added: readonly LakeFile[];
    replaced: (file: LakeFile) => boolean;
    now: Date;
    /** Warehouse writes that must land in the same transaction as the manifest (a dataset's state). */
    alsoInside?: () => Promise<void>;
    /** The generation the files were written for (`nextGeneration`); by default the next one now. */
    next?: NextGeneration;
  },
): Promise<Manifest> {
  const next = change.next ?? (await nextGeneration(connection, lakeDir, change.now));
  const files = next.previous?.files ?? [];
  const replaced = files.filter(change.replaced);
  const manifest: Manifest = {
    format: 'eids-lake/1',
    generation: next.generation,
    publishedAt: next.publishedAt.toISOString(),
    files: [...files.filter((file) => !change.replaced(file)), ...change.added],
  };
  await recordPublication(connection, manifest, replaced, change.now, change.alsoInside);
  await writeManifest(lakeDir, manifest);
  return manifest;
}
