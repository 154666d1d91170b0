import { columnsDdl, columnsNamed } from '../lake/columns.js';
import { LAKE_TABLES, MONTH_PARTITION_COLUMN } from '../lake/tables.js';

const readings = LAKE_TABLES.gauge_readings;
const rollups = LAKE_TABLES.gauge_rollups;

/** A station as gauges_latest publishes it, less its reading and flood class. */
const stationColumns = columnsNamed(LAKE_TABLES.gauges_latest, [
  'id',
  'source',
  'station_no',
  'name',
  'state',
  'lga',
  'lga_name',
  'latitude',
  'longitude',
  'variable',
  'unit',
  'datum',
]);

/** Each gauge's latest reading: a row of gauge_readings, less what the station row already says. */
const latestReadingColumns = columnsNamed(readings, [
  'gauge_id',
  'reading_time',
  'offset_minutes',
  'value',
  'quality',
]);

/**
 * The warehouse's gauge tables, with the lake's columns wherever they hold the same facts. Stations
 * and latest readings are small (one row per gauge); the hot table holds the last few days of raw
 * readings, enough to roll up closed buckets and to tell a new or corrected reading from one already
 * held; pending tables queue rows until a publish writes them to the lake. No primary keys, as for
 * incidents: the single writer keeps keys unique.
 */
export const GAUGE_WAREHOUSE_DDL = [
  `CREATE TABLE IF NOT EXISTS gauge_station (
  ${columnsDdl({
    columns: [
      ...stationColumns,
      { name: 'active', sql: 'BOOLEAN NOT NULL' },
      ...columnsNamed(LAKE_TABLES.gauges_latest, ['first_seen']),
      { name: 'last_listed', sql: 'TIMESTAMPTZ NOT NULL' },
    ],
  })}
)`,
  `CREATE TABLE IF NOT EXISTS gauge_latest (
  ${columnsDdl({ columns: latestReadingColumns })}
)`,
  // Flood class levels a source publishes with its series (AQUARIUS); the curated table wins over them.
  `CREATE TABLE IF NOT EXISTS gauge_series_threshold (
  gauge_id VARCHAR NOT NULL,
  minor DOUBLE,
  moderate DOUBLE,
  major DOUBLE,
  datum VARCHAR NOT NULL,
  source_url VARCHAR NOT NULL,
  retrieved VARCHAR NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS gauge_reading_hot (
  ${columnsDdl(readings)}
)`,
  `CREATE TABLE IF NOT EXISTS gauge_reading_pending (
  ${columnsDdl({ columns: [...readings.columns, MONTH_PARTITION_COLUMN] })}
)`,
  `CREATE TABLE IF NOT EXISTS gauge_rollup_pending (
  ${columnsDdl({ columns: [...rollups.columns, MONTH_PARTITION_COLUMN] })}
)`,
  // Per source and span: every bucket starting before done_until has been rolled up (epoch ms).
  `CREATE TABLE IF NOT EXISTS gauge_rollup_mark (
  source VARCHAR NOT NULL,
  span VARCHAR NOT NULL,
  done_until BIGINT NOT NULL
)`,
  // One row per committed poll: a retried commit finds its poll here and changes nothing.
  `CREATE TABLE IF NOT EXISTS gauge_commit (
  poll_id VARCHAR NOT NULL,
  source VARCHAR NOT NULL,
  committed_at TIMESTAMPTZ NOT NULL,
  outcome VARCHAR NOT NULL
)`,
  // A retried commit looks its poll up here: an index keeps that lookup off the number of polls.
  'CREATE INDEX IF NOT EXISTS gauge_commit_poll ON gauge_commit (poll_id)',
  // The gauges_latest table must be written again (a commit or a thresholds change since the last publish).
  'CREATE TABLE IF NOT EXISTS gauge_latest_dirty (since TIMESTAMPTZ NOT NULL)',
  // Each gauge's flood class as gauges_latest last showed it, since when, and the class before it.
  `CREATE TABLE IF NOT EXISTS gauge_class_published (
  id VARCHAR NOT NULL,
  flood_class VARCHAR,
  class_published_at TIMESTAMPTZ,
  previous_flood_class VARCHAR
)`,
];
