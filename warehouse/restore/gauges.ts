import type { DuckDBConnection } from '@duckdb/node-api';
import { bucketSizeMs, DAY_MS } from '../../gauges/buckets.js';
import { filesOf, type Manifest } from '../../lake/manifest.js';
import { fileRelation } from '../../lake/read.js';
import type { RollupInterval } from '../../model/index.js';
import { HOT_READINGS_MS } from '../gauges/commit.js';
import { ROLLUP_SPANS } from '../gauges/rollup-sql.js';
import { sqlString } from '../sql.js';

/**
 * The gauge warehouse from the lake: stations, latest readings, the flood class each gauge last showed
 * and the thresholds it was shown with (from gauges_latest: only active gauges are published); the hot
 * window of raw readings (gauge_readings, the newest received copy of each); and each source's rollup
 * marks just past the newest bucket rolled up, so no bucket is rolled up twice. A gauge's last listing
 * is taken as the generation's publication.
 */
export async function restoreGauges(
  db: DuckDBConnection,
  lakeDir: string,
  manifest: Manifest,
): Promise<void> {
  const latest = fileRelation(lakeDir, 'gauges_latest', filesOf(manifest, 'gauges_latest'));
  const publishedAt = `${sqlString(manifest.publishedAt)}::TIMESTAMPTZ`;
  await db.run(`INSERT INTO gauge_station BY NAME
    SELECT id, source, station_no, name, state, lga, lga_name, latitude, longitude, variable, unit, datum,
      first_seen, true AS active, ${publishedAt} AS last_listed
    FROM ${latest}`);
  await db.run(`INSERT INTO gauge_latest BY NAME
    SELECT id AS gauge_id, latest_time AS reading_time, latest_offset AS offset_minutes,
      latest_value AS value, latest_quality AS quality
    FROM ${latest} WHERE latest_time IS NOT NULL AND latest_value IS NOT NULL`);
  await db.run(`INSERT INTO gauge_series_threshold BY NAME
    SELECT id AS gauge_id, minor, moderate, major, threshold_datum AS datum,
      threshold_source_url AS source_url, threshold_retrieved AS retrieved
    FROM ${latest}
    WHERE coalesce(minor, moderate, major) IS NOT NULL AND threshold_datum IS NOT NULL
      AND threshold_source_url IS NOT NULL AND threshold_retrieved IS NOT NULL`);
  await db.run(`INSERT INTO gauge_class_published BY NAME
    SELECT id, flood_class, class_published_at, previous_flood_class FROM ${latest}`);
  await restoreHotReadings(db, lakeDir, manifest);
  await restoreRollupMarks(db, lakeDir, manifest);
}

/** Raw readings within the hot window of the generation's publication (a day more: late readings). */
async function restoreHotReadings(db: DuckDBConnection, lakeDir: string, manifest: Manifest): Promise<void> {
  const from = Date.parse(manifest.publishedAt) - HOT_READINGS_MS - DAY_MS;
  const files = filesOf(manifest, 'gauge_readings').filter(
    (file) => file.maxTime === null || Date.parse(file.maxTime) >= from,
  );
  await db.run(`INSERT INTO gauge_reading_hot BY NAME
    SELECT * EXCLUDE (rank) FROM (
      SELECT *, row_number() OVER (PARTITION BY gauge_id, reading_time ORDER BY received_at DESC) AS rank
      FROM ${fileRelation(lakeDir, 'gauge_readings', files)}
      WHERE reading_time >= to_timestamp(${from} / 1000.0)
    ) WHERE rank = 1`);
}

async function restoreRollupMarks(db: DuckDBConnection, lakeDir: string, manifest: Manifest): Promise<void> {
  const rollups = fileRelation(lakeDir, 'gauge_rollups', filesOf(manifest, 'gauge_rollups'));
  const newest = await db.runAndReadAll(
    `SELECT source, span, max(epoch_ms(bucket_start))::BIGINT AS start FROM ${rollups} GROUP BY source, span`,
  );
  for (const row of newest.getRowObjectsJS()) {
    const span = row.span as RollupInterval;
    if (!ROLLUP_SPANS.includes(span)) continue;
    await db.run('INSERT INTO gauge_rollup_mark VALUES ($1, $2, $3)', [
      row.source as string,
      span,
      Number(row.start) + bucketSizeMs(span),
    ]);
  }
}
