import type { DuckDBConnection } from '@duckdb/node-api';
import { join } from 'node:path';
import { FLOOD_WINDOW_MARGIN_MS, retentionCutoffs } from '../../gauges/index.js';
import { gaugeFilesBetween } from '../../lake/gauge-files.js';
import { filesOf, type LakeFile, type Manifest } from '../../lake/manifest.js';
import { sqlString } from '../sql.js';
import { currentManifest, lakeFilePlace, writeLakeFile } from '../publication.js';
import type { Warehouse } from '../warehouse.js';
import { mergedName } from '../compact.js';
import { latestRowsSql } from './compact.js';
import { byPartition, swapFiles } from './swap.js';

export interface GaugeRetentionResult {
  /** Partitions rewritten (or removed, when nothing in them is kept). */
  partitions: number;
  rowsDropped: number;
  rowsKept: number;
}

const at = (ms: number) => `to_timestamp(${ms} / 1000.0)`;

/**
 * Applies the retention rules (gauges/retention.ts) to the lake at `now`: raw readings older than 30
 * days go unless they lie within 24 h of a reading at or above the gauge's lowest published flood
 * level (which is the same as keeping every flood-event window: a window runs 24 h beyond the first and
 * last readings of a run, and no reading lies between two readings of one run); hourly rollups older
 * than 90 days go; daily rollups stay. Only partitions holding rows older than a cutoff are read, and
 * only those with rows to drop are rewritten. Levels are the current ones, from gauges_latest.
 */
export async function applyGaugeRetention(
  warehouse: Warehouse,
  options: { lakeDir: string; now: Date; progress?: (done: number, total: number) => void },
): Promise<GaugeRetentionResult> {
  const manifest = await warehouse.exclusive(() => currentManifest(warehouse.db, options.lakeDir));
  const cutoffs = retentionCutoffs(options.now.getTime());
  const reader = await warehouse.connect();
  const result: GaugeRetentionResult = { partitions: 0, rowsDropped: 0, rowsKept: 0 };
  try {
    await loadFloodLevels(reader, options.lakeDir, manifest);
    const raw = byPartition(filesOf(manifest, 'gauge_readings')).filter((group) =>
      group.some((file) => file.minTime !== null && Date.parse(file.minTime) < cutoffs.rawFromMs),
    );
    const hourly = byPartition(filesOf(manifest, 'gauge_rollups')).filter(
      (group) =>
        group[0]!.partition.span === 'hourly' &&
        group.some((file) => file.minTime !== null && Date.parse(file.minTime) < cutoffs.hourlyFromMs),
    );
    const total = raw.length + hourly.length;
    let done = 0;
    for (const group of raw) {
      const keep = await floodKeepCondition(reader, options.lakeDir, manifest, group, cutoffs.rawFromMs);
      await rewrite(warehouse, reader, options, group, 'gauge_readings', keep, result);
      options.progress?.(++done, total);
    }
    for (const group of hourly) {
      await rewrite(
        warehouse,
        reader,
        options,
        group,
        'gauge_rollups',
        `r.bucket_start >= ${at(cutoffs.hourlyFromMs)}`,
        result,
      );
      options.progress?.(++done, total);
    }
  } finally {
    reader.closeSync();
  }
  return result;
}

/** flood_level: each water-level gauge's lowest published level (minor, else moderate, else major). */
async function loadFloodLevels(db: DuckDBConnection, lakeDir: string, manifest: Manifest | undefined) {
  const [latest] = filesOf(manifest, 'gauges_latest');
  await db.run(
    latest
      ? `CREATE OR REPLACE TEMP TABLE flood_level AS
         SELECT id AS gauge_id, coalesce(minor, moderate, major) AS level
         FROM read_parquet(${sqlString(join(lakeDir, latest.path))})
         WHERE variable = 'water_level' AND coalesce(minor, moderate, major) IS NOT NULL`
      : 'CREATE OR REPLACE TEMP TABLE flood_level (gauge_id VARCHAR, level DOUBLE)',
  );
}

/**
 * The condition a raw reading of the partition is kept by: recent enough, or within the margin of a
 * reading at or above its gauge's level. Flood readings are looked for in every file of the source
 * that can hold one within the margin of the partition, neighbouring months included.
 */
async function floodKeepCondition(
  db: DuckDBConnection,
  lakeDir: string,
  manifest: Manifest | undefined,
  group: readonly LakeFile[],
  rawFromMs: number,
): Promise<string> {
  const minMs = Math.min(...group.map((file) => Date.parse(file.minTime ?? '')).filter(Number.isFinite));
  const maxMs = Math.max(...group.map((file) => Date.parse(file.maxTime ?? '')).filter(Number.isFinite));
  const nearby = gaugeFilesBetween(manifest, 'gauge_readings', {
    source: group[0]!.partition.source!,
    fromMs: minMs - FLOOD_WINDOW_MARGIN_MS,
    toMs: maxMs + FLOOD_WINDOW_MARGIN_MS,
  });
  const recent = `r.reading_time >= ${at(rawFromMs)}`;
  if (nearby.length === 0 || !Number.isFinite(minMs)) return recent;
  const inputs = nearby.map((file) => sqlString(join(lakeDir, file.path))).join(', ');
  // Windows per gauge: flood readings less than two margins apart make one window.
  await db.run(`CREATE OR REPLACE TEMP TABLE flood_window AS
    WITH flood AS (
      SELECT DISTINCT r.gauge_id, epoch_ms(r.reading_time) AS t
      FROM read_parquet([${inputs}], hive_partitioning = false) r JOIN flood_level f USING (gauge_id)
      WHERE r.value >= f.level
        AND r.reading_time BETWEEN ${at(minMs - FLOOD_WINDOW_MARGIN_MS)} AND ${at(maxMs + FLOOD_WINDOW_MARGIN_MS)}
    ), marked AS (
      SELECT *, CASE WHEN t - lag(t) OVER (PARTITION BY gauge_id ORDER BY t) <= ${2 * FLOOD_WINDOW_MARGIN_MS}
        THEN 0 ELSE 1 END AS starts FROM flood
    ), numbered AS (
      SELECT *, sum(starts) OVER (PARTITION BY gauge_id ORDER BY t) AS window_no FROM marked
    )
    SELECT gauge_id, to_timestamp((min(t) - ${FLOOD_WINDOW_MARGIN_MS}) / 1000.0) AS start_time,
      to_timestamp((max(t) + ${FLOOD_WINDOW_MARGIN_MS}) / 1000.0) AS end_time
    FROM numbered GROUP BY gauge_id, window_no`);
  return `(${recent} OR EXISTS (
    SELECT 1 FROM flood_window w WHERE w.gauge_id = r.gauge_id AND r.reading_time BETWEEN w.start_time AND w.end_time))`;
}

/** Rewrites a partition with the rows `keep` selects, when some row would go; removes it when none stays. */
async function rewrite(
  warehouse: Warehouse,
  reader: DuckDBConnection,
  options: { lakeDir: string; now: Date },
  group: readonly LakeFile[],
  table: 'gauge_readings' | 'gauge_rollups',
  keep: string,
  result: GaugeRetentionResult,
): Promise<void> {
  const inputs = group.map((file) => sqlString(join(options.lakeDir, file.path))).join(', ');
  const counted = (
    await reader.runAndReadAll(
      `SELECT count(*)::BIGINT AS total, count(*) FILTER (WHERE ${keep})::BIGINT AS kept
       FROM read_parquet([${inputs}], hive_partitioning = false) r`,
    )
  ).getRowObjectsJS()[0]!;
  const dropped = Number(counted.total) - Number(counted.kept);
  if (dropped === 0) return;
  const first = group[0]!;
  const replacement =
    Number(counted.kept) === 0
      ? undefined
      : await writeLakeFile(
          reader,
          options.lakeDir,
          lakeFilePlace(table, first.partition, mergedName('kept', group)),
          latestRowsSql(options.lakeDir, table, group, keep),
        );
  if (await swapFiles(warehouse, options.lakeDir, group, replacement, options.now)) {
    result.partitions++;
    result.rowsDropped += dropped;
    result.rowsKept += replacement?.rows ?? 0;
  }
}
