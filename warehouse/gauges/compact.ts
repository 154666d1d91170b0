import { join } from 'node:path';
import type { LakeFile } from '../../lake/manifest.js';
import { columnList, LAKE_TABLES } from '../../lake/tables.js';
import { mergedName, SEGMENTS_BEFORE_COMPACTION } from '../compact.js';
import { sqlString } from '../sql.js';
import { currentManifest, lakeFilePlace, writeLakeFile } from '../publication.js';
import type { Warehouse } from '../warehouse.js';
import { byPartition, swapFiles } from './swap.js';

type GaugeHistoryTable = 'gauge_readings' | 'gauge_rollups';

/** The key of a row: a newer copy (a corrected reading, a recomputed bucket) supersedes older ones. */
const ROW_KEY: Readonly<Record<GaugeHistoryTable, { key: string; newest: string }>> = {
  gauge_readings: { key: 'gauge_id, reading_time', newest: 'received_at' },
  gauge_rollups: { key: 'gauge_id, span, bucket_start', newest: 'computed_at' },
};

/** The rows of `files` with superseded copies dropped, in the table's order. */
export function latestRowsSql(
  lakeDir: string,
  table: GaugeHistoryTable,
  files: readonly LakeFile[],
  where = 'true',
) {
  const definition = LAKE_TABLES[table];
  const inputs = files.map((file) => sqlString(join(lakeDir, file.path))).join(', ');
  const { key, newest } = ROW_KEY[table];
  return `SELECT ${columnList(definition)} FROM read_parquet([${inputs}], hive_partitioning = false) r
    WHERE ${where}
    QUALIFY row_number() OVER (PARTITION BY ${key} ORDER BY ${newest} DESC) = 1
    ORDER BY ${definition.orderBy}`;
}

/**
 * Merges each gauge partition's segments (readings by source and month, rollups by span and month)
 * into one file sorted by gauge and time, keeping the newest copy of each row: once a partition holds
 * SEGMENTS_BEFORE_COMPACTION files, or two once its month is over. Reads on a connection of its own;
 * only the manifest swap takes the warehouse's turn.
 */
export async function compactGaugePartitions(
  warehouse: Warehouse,
  options: { lakeDir: string; now: Date; progress?: (done: number, total: number) => void },
): Promise<{ partitions: number; filesBefore: number; rows: number }> {
  const manifest = await warehouse.exclusive(() => currentManifest(warehouse.db, options.lakeDir));
  const thisMonth = options.now.toISOString().slice(0, 7);
  const groups = byPartition(
    (manifest?.files ?? []).filter(
      (file) => file.table === 'gauge_readings' || file.table === 'gauge_rollups',
    ),
  ).filter(
    (group) =>
      group.length >= SEGMENTS_BEFORE_COMPACTION ||
      (group.length >= 2 && (group[0]!.partition.month ?? thisMonth) < thisMonth),
  );
  const result = { partitions: 0, filesBefore: 0, rows: 0 };
  const reader = await warehouse.connect();
  try {
    for (const [index, group] of groups.entries()) {
      const first = group[0]!;
      const table = first.table as GaugeHistoryTable;
      const merged = await writeLakeFile(
        reader,
        options.lakeDir,
        lakeFilePlace(table, first.partition, mergedName('compact', group)),
        latestRowsSql(options.lakeDir, table, group),
      );
      if (await swapFiles(warehouse, options.lakeDir, group, merged, options.now)) {
        result.partitions++;
        result.filesBefore += group.length;
        result.rows += merged.rows;
      }
      options.progress?.(index + 1, groups.length);
    }
  } finally {
    reader.closeSync();
  }
  return result;
}
