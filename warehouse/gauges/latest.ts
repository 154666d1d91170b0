import type { DuckDBConnection } from '@duckdb/node-api';
import { floodClass, type ThresholdsTable } from '../../gauges/index.js';
import { floodThresholdsOf } from '../../lake/gauge-rows.js';
import { columnList, LAKE_TABLES } from '../../lake/tables.js';
import { FLOOD_LEVELS, type GaugeDatum, type GaugeVariable } from '../../model/index.js';
import { withAppender } from '../appender.js';

/**
 * The rows of gauges_latest: every active gauge with its station, latest reading, flood class levels
 * (the curated table wins over a series' own) and the class of the latest reading. The class is
 * computed here, once per publish, by the pure rule (gauges/flood-class.ts) into temp table
 * gauge_class; readingStatus depends on the reader's clock and is left to readers.
 */
export async function latestGaugesSelect(
  db: DuckDBConnection,
  table: ThresholdsTable,
  publishedAt: Date,
): Promise<string> {
  const rows = (
    await db.runAndReadAll(`
      SELECT s.id, s.variable, s.datum, l.value, t.minor, t.moderate, t.major,
        t.datum AS threshold_datum, t.source_url AS threshold_source_url, t.retrieved AS threshold_retrieved
      FROM gauge_station s
      LEFT JOIN gauge_latest l ON l.gauge_id = s.id
      LEFT JOIN gauge_series_threshold t ON t.gauge_id = s.id
      WHERE s.active`)
  ).getRowObjectsJS();
  await db.run(`CREATE OR REPLACE TEMP TABLE gauge_class (
    id VARCHAR, minor DOUBLE, moderate DOUBLE, major DOUBLE, threshold_datum VARCHAR,
    threshold_source_url VARCHAR, threshold_retrieved VARCHAR, flood_class VARCHAR)`);
  await withAppender(db, 'gauge_class', (appender) => {
    const text = (value: string | null | undefined) =>
      value === null || value === undefined ? appender.appendNull() : appender.appendVarchar(value);
    const number = (value: number | null | undefined) =>
      value === null || value === undefined ? appender.appendNull() : appender.appendDouble(value);
    for (const row of rows) {
      const id = row.id as string;
      const series = floodThresholdsOf(row);
      const gauge = { variable: row.variable as GaugeVariable, datum: row.datum as GaugeDatum | null };
      const thresholds = gauge.variable === 'rainfall' ? null : (table.get(id) ?? series);
      text(id);
      number(thresholds?.minor);
      number(thresholds?.moderate);
      number(thresholds?.major);
      text(thresholds?.datum);
      text(thresholds?.sourceUrl);
      text(thresholds?.retrieved);
      text(floodClass(gauge, row.value as number | null, thresholds));
      appender.endRow();
    }
  });
  await shownClasses(db, publishedAt);
  return `SELECT ${columnList(LAKE_TABLES.gauges_latest)} FROM (
    SELECT s.id, s.source, s.station_no, s.name, s.state, s.lga, s.lga_name, s.latitude, s.longitude,
      s.variable, s.unit, s.datum, l.reading_time AS latest_time, l.offset_minutes AS latest_offset,
      l.value AS latest_value, l.quality AS latest_quality, c.minor, c.moderate, c.major,
      c.threshold_datum, c.threshold_source_url, c.threshold_retrieved, c.flood_class, s.first_seen,
      shown.class_published_at, shown.previous_flood_class
    FROM gauge_station s
    LEFT JOIN gauge_latest l ON l.gauge_id = s.id
    LEFT JOIN gauge_class c ON c.id = s.id
    LEFT JOIN gauge_class_shown shown ON shown.id = s.id
    WHERE s.active
  ) ORDER BY id`;
}

/**
 * Temp table gauge_class_shown: each gauge's class as the generation published at `publishedAt` shows
 * it, with the publication that first showed that class and the class before. A class that differs
 * from the last one shown changed at `publishedAt`; so did a new gauge's at or above minor (a new gauge
 * below it, or unclassified, is no news). The first publish that keeps classes (nothing kept yet) is the
 * baseline, with no change time. The publish keeps it (`keepShownClasses`).
 */
const FLOOD_LEVEL_LIST = FLOOD_LEVELS.map((level) => `'${level}'`).join(', ');

async function shownClasses(db: DuckDBConnection, publishedAt: Date): Promise<void> {
  await db.run(
    `CREATE OR REPLACE TEMP TABLE gauge_class_shown AS
     SELECT c.id, c.flood_class,
       CASE WHEN p.id IS NOT NULL AND p.flood_class IS NOT DISTINCT FROM c.flood_class THEN p.class_published_at
            WHEN p.id IS NULL AND NOT EXISTS (SELECT 1 FROM gauge_class_published) THEN NULL
            WHEN p.id IS NULL AND coalesce(c.flood_class, '') NOT IN (${FLOOD_LEVEL_LIST}) THEN NULL
            ELSE $1::TIMESTAMPTZ END AS class_published_at,
       CASE WHEN p.id IS NOT NULL AND p.flood_class IS NOT DISTINCT FROM c.flood_class THEN p.previous_flood_class
            ELSE p.flood_class END AS previous_flood_class
     FROM gauge_class c LEFT JOIN gauge_class_published p ON p.id = c.id`,
    [publishedAt.toISOString()],
  );
}

/** Keeps the classes the publication shows, for the next one to compare with (inside its transaction). */
export async function keepShownClasses(db: DuckDBConnection): Promise<void> {
  await db.run('DELETE FROM gauge_class_published');
  await db.run(
    `INSERT INTO gauge_class_published
     SELECT id, flood_class, class_published_at, previous_flood_class FROM gauge_class_shown`,
  );
}
