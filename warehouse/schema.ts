import { RECORD_TABLE_COLUMNS, VERSION_COLUMNS } from '../lake/incident-columns.js';
import { columnsDdl, type LakeColumn } from '../lake/columns.js';
import { EVENT_COLUMNS, EVENT_PUBLICATION_COLUMNS } from '../lake/event-rows.js';
import { MONTH_PARTITION_COLUMN } from '../lake/tables.js';
import { GAUGE_WAREHOUSE_DDL } from './gauge-schema.js';

/** The warehouse layout this code writes; an older file is migrated when it opens (warehouse/migrate.ts). */
export const WAREHOUSE_SCHEMA_VERSION = 2;

/** What the warehouse keeps of an incident row besides the lake's columns: its feed and content hash. */
const KEPT_BY: readonly LakeColumn[] = [
  { name: 'feed_key', sql: 'VARCHAR NOT NULL' },
  { name: 'content_hash', sql: 'VARCHAR NOT NULL' },
];

/** incident_version: a row of the lake's incident_versions with the warehouse's own columns. */
export const SETTLED_VERSION_COLUMNS: readonly LakeColumn[] = [
  ...RECORD_TABLE_COLUMNS,
  ...KEPT_BY,
  VERSION_COLUMNS.version,
  VERSION_COLUMNS.validFrom,
  VERSION_COLUMNS.validTo,
];

/** incident_current and incident_retired: a row of incidents_live with the warehouse's own columns. */
const CURRENT_VERSION_COLUMNS: readonly LakeColumn[] = [
  ...RECORD_TABLE_COLUMNS,
  ...KEPT_BY,
  VERSION_COLUMNS.version,
  { name: 'first_seen_at', sql: 'VARCHAR NOT NULL' },
  { name: 'last_seen_at', sql: 'VARCHAR NOT NULL' },
  VERSION_COLUMNS.validFrom,
  VERSION_COLUMNS.chain,
];

const settledVersionDdl = columnsDdl({ columns: SETTLED_VERSION_COLUMNS });
const currentDdl = columnsDdl({ columns: CURRENT_VERSION_COLUMNS });

/**
 * incident_current: one row per incident that is live or retracted within the Cancel window: its open
 * version (valid_from) and its chain of versions. Older retractions move to incident_retired, so
 * every commit's reads stay the size of the live set, not of history.
 * incident_version: settled versions, append-only (closed ones, and retractions): the source of truth
 * of history. lake_pending holds the same rows until a publish writes them to the lake.
 * No primary keys: the single writer keeps ids unique, and DuckDB's eager constraint checks would
 * reject the delete-then-insert that replaces a row inside one transaction.
 */
export const WAREHOUSE_DDL = [
  `CREATE TABLE IF NOT EXISTS incident_current (
  ${currentDdl}
)`,
  `CREATE TABLE IF NOT EXISTS incident_retired (
  ${currentDdl}
)`,
  'CREATE INDEX IF NOT EXISTS incident_retired_id ON incident_retired (id)',
  `CREATE TABLE IF NOT EXISTS incident_version (
  ${settledVersionDdl}
)`,
  `CREATE TABLE IF NOT EXISTS lake_pending (
  ${columnsDdl({ columns: [...SETTLED_VERSION_COLUMNS, MONTH_PARTITION_COLUMN] })}
)`,
  // Ids whose current row changed since the last publish: their CAP entries are rendered again.
  'CREATE TABLE IF NOT EXISTS cap_changed (id VARCHAR NOT NULL)',
  // The Atom entry of each current incident's latest version, rendered once per version.
  `CREATE TABLE IF NOT EXISTS cap_entry (
  id VARCHAR NOT NULL,
  retracted_at VARCHAR,
  xml VARCHAR NOT NULL
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
  // Warehouses written before commits were keyed by their poll gain the columns that make a repeat a no-op.
  'ALTER TABLE feed_commit ADD COLUMN IF NOT EXISTS poll_id VARCHAR',
  'ALTER TABLE feed_commit ADD COLUMN IF NOT EXISTS outcome VARCHAR',
  // A retried commit looks its poll up here: an index keeps that lookup off the size of history.
  'CREATE INDEX IF NOT EXISTS feed_commit_poll ON feed_commit (poll_id)',
  // The ids each feed's last good poll listed: an incident leaves the service only when no feed lists it.
  `CREATE TABLE IF NOT EXISTS feed_listing (
  feed_key VARCHAR NOT NULL,
  id VARCHAR NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS publication (
  generation INTEGER NOT NULL,
  published_at TIMESTAMPTZ NOT NULL
)`,
  // The manifest of the last publication, so a publish killed before its rename is finished at start.
  'ALTER TABLE publication ADD COLUMN IF NOT EXISTS manifest VARCHAR',
  // One row: warehouses that kept a row for every generation keep the newest only.
  'DELETE FROM publication WHERE generation < (SELECT max(generation) FROM publication)',
  // Lake files no manifest names any more, deleted once no reader can still be reading them.
  `CREATE TABLE IF NOT EXISTS lake_garbage (
  path VARCHAR NOT NULL,
  deletable_after TIMESTAMPTZ NOT NULL
)`,
  'CREATE TABLE IF NOT EXISTS warehouse_meta (key VARCHAR NOT NULL, value VARCHAR NOT NULL)',
  // Every retained clustered event: the published columns plus the poll that last matched it (ADR 11),
  // then when the lake first showed it and last showed it changed (added later, hence last).
  `CREATE TABLE IF NOT EXISTS event_state (
  ${columnsDdl({ columns: EVENT_COLUMNS })},
  last_matched_at VARCHAR NOT NULL
)`,
  ...EVENT_PUBLICATION_COLUMNS.map(
    (column) => `ALTER TABLE event_state ADD COLUMN IF NOT EXISTS ${column.name} ${column.sql}`,
  ),
  ...GAUGE_WAREHOUSE_DDL,
];
