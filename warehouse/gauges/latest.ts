import type { DuckDBConnection } from '@duckdb/node-api';
import { floodClass, type ThresholdsTable } from '../../gauges/index.js';
import { columnList, LAKE_TABLES } from '../../lake/tables.js';
import type { FloodThresholds, GaugeDatum, GaugeVariable } from '../../model/index.js';

/**
 * The rows of gauges_latest: every active gauge with its station, latest reading, flood class levels
 * (the curated table wins over a series' own) and the class of the latest reading. The class is
 * computed here, once per publish, by the pure rule (gauges/flood-class.ts) into temp table
 * gauge_class; readingStatus depends on the reader's clock and is left to readers.
 */
export async function latestGaugesSelect(db: DuckDBConnection, table: ThresholdsTable): Promise<string> {
  const rows = (
    await db.runAndReadAll(`
      SELECT s.id, s.variable, s.datum, l.value, t.minor, t.moderate, t.major, t.datum AS t_datum,
        t.source_url, t.retrieved
      FROM gauge_station s
      LEFT JOIN gauge_latest l ON l.gauge_id = s.id
      LEFT JOIN gauge_series_threshold t ON t.gauge_id = s.id
      WHERE s.active`)
  ).getRowObjectsJS();
  await db.run(`CREATE OR REPLACE TEMP TABLE gauge_class (
    id VARCHAR, minor DOUBLE, moderate DOUBLE, major DOUBLE, threshold_datum VARCHAR,
    threshold_source_url VARCHAR, threshold_retrieved VARCHAR, flood_class VARCHAR)`);
  const appender = await db.createAppender('gauge_class');
  const text = (value: string | null | undefined) =>
    value === null || value === undefined ? appender.appendNull() : appender.appendVarchar(value);
  const number = (value: number | null | undefined) =>
    value === null || value === undefined ? appender.appendNull() : appender.appendDouble(value);
  try {
    for (const row of rows) {
      const id = row.id as string;
      const series: FloodThresholds | null =
        row.t_datum === null
          ? null
          : {
              minor: row.minor as number | null,
              moderate: row.moderate as number | null,
              major: row.major as number | null,
              datum: row.t_datum as GaugeDatum,
              sourceUrl: row.source_url as string,
              retrieved: row.retrieved as string,
            };
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
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  return `SELECT ${columnList(LAKE_TABLES.gauges_latest)} FROM (
    SELECT s.id, s.source, s.station_no, s.name, s.state, s.lga, s.lga_name, s.latitude, s.longitude,
      s.variable, s.unit, s.datum, l.reading_time AS latest_time, l.offset_minutes AS latest_offset,
      l.value AS latest_value, l.quality AS latest_quality, c.minor, c.moderate, c.major,
      c.threshold_datum, c.threshold_source_url, c.threshold_retrieved, c.flood_class, s.first_seen
    FROM gauge_station s
    LEFT JOIN gauge_latest l ON l.gauge_id = s.id
    LEFT JOIN gauge_class c ON c.id = s.id
    WHERE s.active
  ) ORDER BY id`;
}
