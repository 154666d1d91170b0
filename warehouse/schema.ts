import { recordColumnsDdl } from '../model/index.js';

const recordDdl = recordColumnsDdl();

/**
 * incident_current: one row per incident id, the latest version (retracted ones included).
 * incident_version: every version; the open one has valid_to NULL. "Active at T" is a range query.
 * No primary keys: the single writer keeps ids unique, and DuckDB's eager constraint checks would
 * reject the delete-then-insert that replaces a row inside one transaction.
 */
export const WAREHOUSE_DDL = [
  `CREATE TABLE IF NOT EXISTS incident_current (
  ${recordDdl},
  feed_key VARCHAR NOT NULL,
  content_hash VARCHAR NOT NULL,
  version INTEGER NOT NULL,
  first_seen_at VARCHAR NOT NULL,
  last_seen_at VARCHAR NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS incident_version (
  ${recordDdl},
  feed_key VARCHAR NOT NULL,
  content_hash VARCHAR NOT NULL,
  version INTEGER NOT NULL,
  valid_from TIMESTAMPTZ NOT NULL,
  valid_to TIMESTAMPTZ
)`,
  `CREATE TABLE IF NOT EXISTS feed_commit (
  feed_key VARCHAR NOT NULL,
  committed_at TIMESTAMPTZ NOT NULL,
  raw_sha256 VARCHAR NOT NULL,
  received INTEGER NOT NULL,
  inserted INTEGER NOT NULL,
  changed INTEGER NOT NULL,
  unchanged INTEGER NOT NULL,
  retracted INTEGER NOT NULL,
  guard VARCHAR
)`,
  // The ids each feed's last good poll listed: an incident leaves the service only when no feed lists it.
  `CREATE TABLE IF NOT EXISTS feed_listing (
  feed_key VARCHAR NOT NULL,
  id VARCHAR NOT NULL
)`,
  // Warehouses written before commits were keyed by their poll gain the columns that make a repeat a no-op.
  'ALTER TABLE feed_commit ADD COLUMN IF NOT EXISTS poll_id VARCHAR',
  'ALTER TABLE feed_commit ADD COLUMN IF NOT EXISTS outcome VARCHAR',
  `CREATE TABLE IF NOT EXISTS publication (
  generation INTEGER NOT NULL,
  published_at TIMESTAMPTZ NOT NULL
)`,
];
