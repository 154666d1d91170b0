/**
 * The warehouse's gauge tables. Stations and latest readings are small (one row per gauge); the hot
 * table holds the last few days of raw readings, enough to roll up closed buckets and to tell a new
 * or corrected reading from one already held; pending tables queue rows until a publish writes them
 * to the lake. No primary keys, as for incidents: the single writer keeps keys unique.
 */
export const GAUGE_WAREHOUSE_DDL = [
  `CREATE TABLE IF NOT EXISTS gauge_station (
  id VARCHAR NOT NULL,
  source VARCHAR NOT NULL,
  station_no VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  state VARCHAR,
  lga VARCHAR,
  lga_name VARCHAR,
  latitude DOUBLE,
  longitude DOUBLE,
  variable VARCHAR NOT NULL,
  unit VARCHAR NOT NULL,
  datum VARCHAR,
  active BOOLEAN NOT NULL,
  first_seen TIMESTAMPTZ NOT NULL,
  last_listed TIMESTAMPTZ NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS gauge_latest (
  gauge_id VARCHAR NOT NULL,
  reading_time TIMESTAMPTZ NOT NULL,
  offset_minutes SMALLINT NOT NULL,
  value DOUBLE NOT NULL,
  quality VARCHAR
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
  gauge_id VARCHAR NOT NULL,
  source VARCHAR NOT NULL,
  reading_time TIMESTAMPTZ NOT NULL,
  offset_minutes SMALLINT NOT NULL,
  value DOUBLE NOT NULL,
  quality VARCHAR,
  received_at TIMESTAMPTZ NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS gauge_reading_pending (
  gauge_id VARCHAR NOT NULL,
  source VARCHAR NOT NULL,
  reading_time TIMESTAMPTZ NOT NULL,
  offset_minutes SMALLINT NOT NULL,
  value DOUBLE NOT NULL,
  quality VARCHAR,
  received_at TIMESTAMPTZ NOT NULL,
  month VARCHAR NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS gauge_rollup_pending (
  gauge_id VARCHAR NOT NULL,
  source VARCHAR NOT NULL,
  span VARCHAR NOT NULL,
  bucket_start TIMESTAMPTZ NOT NULL,
  offset_minutes SMALLINT NOT NULL,
  value_min DOUBLE NOT NULL,
  value_max DOUBLE NOT NULL,
  value_mean DOUBLE NOT NULL,
  value_last DOUBLE NOT NULL,
  value_sum DOUBLE NOT NULL,
  reading_count INTEGER NOT NULL,
  computed_at TIMESTAMPTZ NOT NULL,
  month VARCHAR NOT NULL
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
];
