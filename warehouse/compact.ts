import { createHash } from 'node:crypto';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { LakeFile } from '../lake/manifest.js';
import { fileRelation } from '../lake/read.js';
import { columnList, LAKE_TABLES } from '../lake/tables.js';
import { currentManifest, lakeFilePlace, publishFiles, writeLakeFile } from './publication.js';
import type { Warehouse } from './warehouse.js';

/** A partition is merged once it holds this many files, or any number (≥ 2) once its month is over. */
export const SEGMENTS_BEFORE_COMPACTION = 8;

/** A name fixed by the files merged: a retried merge writes the same file again. */
export function mergedName(prefix: string, files: readonly LakeFile[]): string {
  const hash = createHash('sha256')
    .update(files.map((file) => file.sha256).join(','))
    .digest('hex')
    .slice(0, 16);
  return `${prefix}-${hash}.parquet`;
}

export interface CompactionOptions {
  lakeDir: string;
  now: Date;
  /** Told after each partition, for heartbeats and progress. */
  progress?: (done: number, total: number) => void;
}

export interface CompactionResult {
  partitions: number;
  filesBefore: number;
  filesAfter: number;
  rows: number;
}

function partitionKey(file: LakeFile): string {
  return `${file.partition.state ?? ''}/${file.partition.month ?? ''}`;
}

/** The partitions worth merging, from the manifest the warehouse last recorded. */
function candidates(files: readonly LakeFile[], now: Date): LakeFile[][] {
  const byPartition = new Map<string, LakeFile[]>();
  for (const file of files) {
    if (file.table !== 'incident_versions') continue;
    const key = partitionKey(file);
    byPartition.set(key, [...(byPartition.get(key) ?? []), file]);
  }
  const thisMonth = now.toISOString().slice(0, 7);
  return [...byPartition.values()].filter(
    (group) =>
      group.length >= SEGMENTS_BEFORE_COMPACTION ||
      (group.length >= 2 && (group[0]?.partition.month ?? thisMonth) < thisMonth),
  );
}

/**
 * Merges each partition's small segments into one file sorted by time (row groups of the lake's size,
 * ZSTD), dropping the superseded open copy of a retraction that was closed later, and publishes a
 * manifest naming the merged file instead. Files are read with their own connection, so commits go on
 * meanwhile; only the manifest swap takes the warehouse's turn. A kill at any point leaves a manifest
 * naming either the segments or the merged file, never both and never neither.
 */
export async function compactLake(
  warehouse: Warehouse,
  options: CompactionOptions,
): Promise<CompactionResult> {
  const { lakeDir, now } = options;
  // No sweep of unnamed files here: other writers (a gauge compaction, an archive load) may be between
  // writing a file and publishing it. What a killed compaction leaves is swept at the writer's start.
  const manifest = await warehouse.exclusive(() => currentManifest(warehouse.db, lakeDir));
  const groups = candidates(manifest?.files ?? [], now);
  const result: CompactionResult = { partitions: 0, filesBefore: 0, filesAfter: 0, rows: 0 };
  const definition = LAKE_TABLES.incident_versions;
  const reader: DuckDBConnection = await warehouse.connect();
  try {
    for (const [index, group] of groups.entries()) {
      const first = group[0]!;
      const { state = '', month = '' } = first.partition;
      const merged = await writeLakeFile(
        reader,
        lakeDir,
        lakeFilePlace('incident_versions', { state, month }, mergedName('compact', group)),
        // By name, so files written before a column was added (feed_key) merge with newer ones.
        `SELECT ${columnList(definition)} FROM ${fileRelation(lakeDir, 'incident_versions', group)}
         QUALIFY row_number() OVER (PARTITION BY id, version ORDER BY valid_to DESC NULLS LAST) = 1
         ORDER BY ${definition.orderBy}`,
      );
      const swapped = await warehouse.exclusive(() => swapIn(warehouse, lakeDir, group, merged, now));
      if (swapped) {
        result.partitions++;
        result.filesBefore += group.length;
        result.filesAfter++;
        result.rows += merged.rows;
      }
      options.progress?.(index + 1, groups.length);
    }
  } finally {
    reader.closeSync();
  }
  return result;
}

/** Publishes a manifest with `merged` in place of `group`, if every file of the group is still named. */
async function swapIn(
  warehouse: Warehouse,
  lakeDir: string,
  group: readonly LakeFile[],
  merged: LakeFile,
  now: Date,
): Promise<boolean> {
  const current = await currentManifest(warehouse.db, lakeDir);
  if (!current) return false;
  const replaced = new Set(group.map((file) => file.path));
  const named = current.files.filter((file) => replaced.has(file.path));
  // Another compaction got there first: leave the lake as it is.
  if (named.length !== group.length) return false;
  await publishFiles(warehouse.db, lakeDir, {
    added: [merged],
    replaced: (file) => replaced.has(file.path),
    now,
  });
  return true;
}
