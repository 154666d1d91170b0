import { createHash } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { filesOf, type LakeFile, type Manifest } from '../../lake/manifest.js';
import { columnList, LAKE_TABLES } from '../../lake/tables.js';
import type { ArchiveSourceRemoval, ArchiveSourceRows, StateCode } from '../../model/index.js';
import { sqlString } from '../sql.js';
import { currentManifest, describeLakeFile, publishFiles, writeLakeFile } from '../publication.js';
import type { Warehouse } from '../warehouse.js';
import { planBuckets } from './buckets.js';
import type { ArchivePartFile } from './bulk-load.js';
import { discardTakeover, takeOverIds } from './source-identity.js';

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

/** Attempts at publishing a load whose takeover the lake outran while it was planned. */
const PUBLISH_ATTEMPTS = 5;

const archivePaths = (files: readonly LakeFile[]) =>
  files
    .map((file) => file.path)
    .sort()
    .join('\n');

/** A load's files to publish, and what they replace. */
export interface ArchivePublication {
  connection: DuckDBConnection;
  lakeDir: string;
  source: string;
  tag: string;
  files: readonly LakeFile[];
  /** Other sources this load replaces whole (the demo's switch between its archives). */
  replaces?: readonly string[];
  now: Date;
}

/** What publishing a load did: the manifest, and the rows it replaced or took over. */
export interface PublishedArchiveLoad {
  manifest: Manifest;
  replacedRows: number;
  takenOver: ArchiveSourceRows[];
  replacedSources: ArchiveSourceRows[];
}

/**
 * Publishes a load's files in place of every earlier file of its source (a source loaded twice has its
 * rows once) and of the sources it `replaces`, in the warehouse's turn. Ids that other sources hold are
 * taken over (source-identity.ts): planned and written with the load's own `connection` outside the
 * warehouse's turn, then published only if the other sources' files are still those it planned against.
 */
export async function publishArchiveLoad(
  warehouse: Warehouse,
  options: ArchivePublication,
): Promise<PublishedArchiveLoad> {
  const replaces = new Set(options.replaces ?? []);
  replaces.delete(options.source);
  const leaving = (file: LakeFile) =>
    ofSource(options.source)(file) || [...replaces].some((source) => ofSource(source)(file));
  const othersIn = (manifest: Manifest | undefined) =>
    filesOf(manifest, 'archive').filter((file) => !leaving(file));
  for (let attempt = 1; ; attempt++) {
    const planned = othersIn(await warehouse.exclusive(() => currentManifest(warehouse.db, options.lakeDir)));
    const takeover = await takeOverIds(options.connection, {
      lakeDir: options.lakeDir,
      loaded: options.files,
      others: planned,
      tag: options.tag,
    });
    const published = await warehouse.exclusive(async () => {
      const before = await currentManifest(warehouse.db, options.lakeDir);
      // Another source was loaded or removed meanwhile: plan again against what the lake holds now.
      if (archivePaths(othersIn(before)) !== archivePaths(planned)) return undefined;
      const archive = filesOf(before, 'archive');
      const rowsOf = (source: string) =>
        archive.filter(ofSource(source)).reduce((sum, file) => sum + file.rows, 0);
      const retagged = new Set(takeover.replaced.map((file) => file.path));
      const manifest = await publishFiles(warehouse.db, options.lakeDir, {
        added: [...options.files, ...takeover.added],
        replaced: (file) => leaving(file) || retagged.has(file.path),
        now: options.now,
      });
      return {
        manifest,
        replacedRows: rowsOf(options.source),
        takenOver: takeover.bySource,
        replacedSources: [...replaces]
          .sort()
          .map((source) => ({ source, rows: rowsOf(source) }))
          .filter((entry) => entry.rows > 0),
      };
    });
    if (published) return published;
    await discardTakeover(options.lakeDir, takeover);
    if (attempt >= PUBLISH_ATTEMPTS) {
      throw new Error(`the archive changed under the load ${PUBLISH_ATTEMPTS} times while it was published`);
    }
  }
}

/** The archive's sources in a manifest, with their rows, by name. */
export function archiveSources(manifest: Manifest | undefined): ArchiveSourceRows[] {
  const rows = new Map<string, number>();
  for (const file of filesOf(manifest, 'archive')) {
    const source = file.partition.source ?? '';
    rows.set(source, (rows.get(source) ?? 0) + file.rows);
  }
  return [...rows]
    .map(([source, count]) => ({ source, rows: count }))
    .sort((a, b) => a.source.localeCompare(b.source));
}

/**
 * Publishes a generation without a source's archive files (they go to the garbage, deleted after the
 * grace period, as replaced files do). A source that holds no files publishes nothing.
 */
export async function publishWithoutArchiveSource(
  warehouse: Warehouse,
  options: { lakeDir: string; source: string; now: Date },
): Promise<ArchiveSourceRemoval> {
  return warehouse.exclusive(async () => {
    const before = await currentManifest(warehouse.db, options.lakeDir);
    const leaving = filesOf(before, 'archive').filter(ofSource(options.source));
    if (leaving.length === 0) {
      return {
        source: options.source,
        files: 0,
        rows: 0,
        generation: null,
        remaining: archiveSources(before),
      };
    }
    const manifest = await publishFiles(warehouse.db, options.lakeDir, {
      added: [],
      replaced: ofSource(options.source),
      now: options.now,
    });
    return {
      source: options.source,
      files: leaving.length,
      rows: leaving.reduce((sum, file) => sum + file.rows, 0),
      generation: manifest.generation,
      remaining: archiveSources(manifest),
    };
  });
}
