import { ARCHIVE_FILE_COLUMNS } from './archive-columns.js';
import { storedAs, tableColumn, type LakeColumn, type LakeTable } from './columns.js';
import { EVENT_COLUMNS, EVENT_PUBLICATION_COLUMNS } from './event-rows.js';
import { RECORD_TABLE_COLUMNS, VERSION_COLUMNS } from './incident-columns.js';

export { columnList, columnsDdl, type LakeColumn, type LakeTable } from './columns.js';

/**
 * The key of the feed that keeps an incident (config/feeds/): of the feeds that list an id, the one that
 * listed it first (ADR 6). Published (version 2) so that bulk users can tell which feed a row came
 * from and a writer rebuilt from the lake knows which feed owns each incident (ADR 34).
 */
const FEED_KEY_COLUMN = { name: 'feed_key', sql: 'VARCHAR', since: 2 } as const satisfies LakeColumn;

/**
 * The record columns as files of schema version 3 on store them (docs/adr/0041-typed-lake-files.md):
 * instants as TIMESTAMPTZ with their offsets, the geometry as GeoParquet (WKB, with its bbox).
 */
const STORED_RECORD_COLUMNS = storedAs(
  RECORD_TABLE_COLUMNS,
  {
    reported_at: 'instant',
    updated_at: 'instant',
    fetched_at: 'instant',
    retracted_at: 'instant',
    geometry: 'geometry',
  },
  3,
);

/**
 * Every published table, defined once: the warehouse writes these columns in this order (and derives
 * its own tables' columns from them: warehouse/schema.ts), and every reader (API processes, bulk users)
 * reads them by name. `timeColumn` is what a file's min/max in the manifest describe and readers prune
 * on; `partitionBy` names the hive keys of its folders.
 */
export const LAKE_TABLES = {
  /**
   * Current incidents: live ones and those retracted within the Cancel window (7 days, model
   * CANCEL_WINDOW_MS; warehouse/incidents-publish.ts retires older ones), each with its current version, when
   * that version started, and every version's start (`chain`, lake/chain.ts, for CAP references).
   * Small; replaced as a whole when it changes.
   */
  incidents_live: {
    name: 'incidents_live',
    columns: [
      ...STORED_RECORD_COLUMNS,
      VERSION_COLUMNS.version,
      VERSION_COLUMNS.validFrom,
      VERSION_COLUMNS.chain,
      FEED_KEY_COLUMN,
    ],
    partitionBy: [],
    timeColumn: null,
    orderBy: 'id',
    schemaVersion: 3,
  },
  /**
   * Settled versions, append-only: a version is written once, when a later one closes it (valid_to
   * set), and a retraction when it happens (valid_to NULL until the incident comes back, when a closed
   * copy is written and readers prefer it). Open versions of live incidents are incidents_live's rows.
   */
  incident_versions: {
    name: 'incident_versions',
    columns: [
      ...STORED_RECORD_COLUMNS,
      VERSION_COLUMNS.version,
      VERSION_COLUMNS.validFrom,
      VERSION_COLUMNS.validTo,
      FEED_KEY_COLUMN,
    ],
    partitionBy: ['state', 'month'],
    timeColumn: 'valid_from',
    orderBy: 'valid_from, id, version',
    schemaVersion: 3,
  },
  /**
   * Historical events before the live service, written by archive loads: one folder per state and per
   * source (the load's name; loading a source again replaces its files), files split by start year.
   */
  archive: {
    name: 'archive',
    /** Exactly what archive files hold (lake/archive-columns.ts): no geometry, built from the point. */
    columns: storedAs(
      ARCHIVE_FILE_COLUMNS.map(tableColumn),
      {
        event_start_date: 'date',
        event_end_date: 'date',
        reported_at: 'instant',
        updated_at: 'instant',
        fetched_at: 'instant',
        retracted_at: 'instant',
      },
      3,
    ),
    partitionBy: ['state', 'source'],
    timeColumn: 'valid_from',
    orderBy: 'valid_from, id',
    schemaVersion: 3,
    pointGeometrySince: 3,
  },
  /**
   * Clustered events (docs/adr/0011-event-clustering.md): every active event and those ended within
   * the retention window, with the ids of their member incidents and when the lake first showed each
   * and last showed it changed (version 2). Small; replaced as a whole when an event changes.
   */
  events: {
    name: 'events',
    columns: storedAs(
      [...EVENT_COLUMNS, ...EVENT_PUBLICATION_COLUMNS],
      {
        geometry: 'geometry',
        first_detected_at: 'instant',
        last_updated_at: 'instant',
        ended_at: 'utc-instant',
        first_published_at: 'utc-instant',
        changed_published_at: 'utc-instant',
      },
      3,
    ),
    partitionBy: [],
    timeColumn: null,
    orderBy: 'id',
    schemaVersion: 3,
  },
  /**
   * Declaration records as their sources publish them, one row per instrument and area (an LGA, or a
   * suburb-and-locality for DRFA activations made below LGA level): lake/declaration-rows.ts. One
   * file per source, replaced whole by each good refresh; statuses are derived at query time.
   */
  declarations: {
    name: 'declarations',
    columns: [
      { name: 'id', sql: 'VARCHAR NOT NULL' },
      { name: 'source', sql: 'VARCHAR NOT NULL' },
      { name: 'instrument_type', sql: 'VARCHAR NOT NULL' },
      { name: 'jurisdiction', sql: 'VARCHAR NOT NULL' },
      { name: 'agrn', sql: 'INTEGER NOT NULL' },
      { name: 'event_name', sql: 'VARCHAR NOT NULL' },
      { name: 'disaster_types', sql: 'VARCHAR[] NOT NULL' },
      { name: 'hazards', sql: 'VARCHAR[] NOT NULL' },
      { name: 'area_type', sql: 'VARCHAR NOT NULL' },
      { name: 'area_code', sql: 'VARCHAR NOT NULL' },
      { name: 'area_name', sql: 'VARCHAR NOT NULL' },
      { name: 'start_date', sql: 'DATE NOT NULL' },
      { name: 'end_date', sql: 'DATE' },
      { name: 'drfa_categories', sql: 'VARCHAR[]' },
      { name: 'drfa_agdrp', sql: 'BOOLEAN' },
      { name: 'drfa_dra', sql: 'BOOLEAN' },
      { name: 'assistance', sql: 'VARCHAR' },
      { name: 'source_url', sql: 'VARCHAR NOT NULL' },
    ],
    partitionBy: ['source'],
    timeColumn: 'start_date',
    orderBy: 'agrn, id',
    schemaVersion: 1,
  },
  /** Where each source's served declarations came from: one row per source, beside its records. */
  declaration_sources: {
    name: 'declaration_sources',
    columns: [
      { name: 'source', sql: 'VARCHAR NOT NULL' },
      { name: 'fetched_at', sql: 'TIMESTAMPTZ NOT NULL' },
      { name: 'content_sha256', sql: 'VARCHAR NOT NULL' },
      { name: 'records', sql: 'INTEGER NOT NULL' },
      { name: 'rejected', sql: 'INTEGER NOT NULL' },
      { name: 'unmapped_hazards', sql: 'VARCHAR[] NOT NULL' },
      { name: 'document_urls', sql: 'VARCHAR[] NOT NULL' },
      { name: 'document_sha256', sql: 'VARCHAR[] NOT NULL' },
    ],
    partitionBy: ['source'],
    timeColumn: 'fetched_at',
    orderBy: 'source',
    schemaVersion: 1,
  },
  /**
   * Every active gauge with its station, latest reading, flood class levels and the class of that
   * reading (readingStatus depends on the reader's clock, so readers derive it). Small (thousands of
   * rows); replaced as a whole after every gauge poll.
   */
  gauges_latest: {
    name: 'gauges_latest',
    columns: [
      { name: 'id', sql: 'VARCHAR NOT NULL' },
      { name: 'source', sql: 'VARCHAR NOT NULL' },
      { name: 'station_no', sql: 'VARCHAR NOT NULL' },
      { name: 'name', sql: 'VARCHAR NOT NULL' },
      { name: 'state', sql: 'VARCHAR' },
      { name: 'lga', sql: 'VARCHAR' },
      { name: 'lga_name', sql: 'VARCHAR' },
      { name: 'latitude', sql: 'DOUBLE' },
      { name: 'longitude', sql: 'DOUBLE' },
      { name: 'variable', sql: 'VARCHAR NOT NULL' },
      { name: 'unit', sql: 'VARCHAR NOT NULL' },
      { name: 'datum', sql: 'VARCHAR' },
      { name: 'latest_time', sql: 'TIMESTAMPTZ' },
      { name: 'latest_offset', sql: 'SMALLINT' },
      { name: 'latest_value', sql: 'DOUBLE' },
      { name: 'latest_quality', sql: 'VARCHAR' },
      { name: 'minor', sql: 'DOUBLE' },
      { name: 'moderate', sql: 'DOUBLE' },
      { name: 'major', sql: 'DOUBLE' },
      { name: 'threshold_datum', sql: 'VARCHAR' },
      { name: 'threshold_source_url', sql: 'VARCHAR' },
      { name: 'threshold_retrieved', sql: 'VARCHAR' },
      { name: 'flood_class', sql: 'VARCHAR' },
      { name: 'first_seen', sql: 'TIMESTAMPTZ NOT NULL' },
      // The publishedAt of the generation that first showed this flood_class, and the class before it
      // (version 2): the change stream's flood class changes. Null when unknown (before the columns).
      { name: 'class_published_at', sql: 'TIMESTAMPTZ', since: 2 },
      { name: 'previous_flood_class', sql: 'VARCHAR', since: 2 },
    ],
    partitionBy: [],
    timeColumn: null,
    orderBy: 'id',
    schemaVersion: 3,
    pointGeometrySince: 3,
  },
  /**
   * Raw gauge readings, append-only: a segment per poll and (source, month of the reading), merged by
   * compaction; retention rewrites the partitions that age out. A corrected value is a new row with a
   * later received_at, which readers prefer.
   */
  gauge_readings: {
    name: 'gauge_readings',
    columns: [
      { name: 'gauge_id', sql: 'VARCHAR NOT NULL' },
      { name: 'source', sql: 'VARCHAR NOT NULL' },
      { name: 'reading_time', sql: 'TIMESTAMPTZ NOT NULL' },
      /** The offset the source wrote the time in (minutes east of UTC), to show it as published. */
      { name: 'offset_minutes', sql: 'SMALLINT NOT NULL' },
      { name: 'value', sql: 'DOUBLE NOT NULL' },
      { name: 'quality', sql: 'VARCHAR' },
      { name: 'received_at', sql: 'TIMESTAMPTZ NOT NULL' },
    ],
    partitionBy: ['source', 'month'],
    timeColumn: 'reading_time',
    orderBy: 'gauge_id, reading_time, received_at',
    schemaVersion: 1,
  },
  /**
   * Hourly and daily rollups of closed buckets (aligned to the source's standard time), append-only: a
   * bucket recomputed after a late reading is a new row with a later computed_at, which readers prefer.
   */
  gauge_rollups: {
    name: 'gauge_rollups',
    columns: [
      { name: 'gauge_id', sql: 'VARCHAR NOT NULL' },
      { name: 'source', sql: 'VARCHAR NOT NULL' },
      { name: 'span', sql: 'VARCHAR NOT NULL' },
      { name: 'bucket_start', sql: 'TIMESTAMPTZ NOT NULL' },
      { name: 'offset_minutes', sql: 'SMALLINT NOT NULL' },
      { name: 'value_min', sql: 'DOUBLE NOT NULL' },
      { name: 'value_max', sql: 'DOUBLE NOT NULL' },
      { name: 'value_mean', sql: 'DOUBLE NOT NULL' },
      { name: 'value_last', sql: 'DOUBLE NOT NULL' },
      { name: 'value_sum', sql: 'DOUBLE NOT NULL' },
      { name: 'reading_count', sql: 'INTEGER NOT NULL' },
      { name: 'computed_at', sql: 'TIMESTAMPTZ NOT NULL' },
    ],
    partitionBy: ['span', 'month'],
    timeColumn: 'bucket_start',
    orderBy: 'gauge_id, bucket_start, computed_at',
    schemaVersion: 1,
  },
} as const satisfies Record<string, LakeTable>;

export type LakeTableName = keyof typeof LAKE_TABLES;

/** The column of the month partition, in tables that queue rows for a partitioned lake table. */
export const MONTH_PARTITION_COLUMN = { name: 'month', sql: 'VARCHAR NOT NULL' } as const;

/** The month partition of an instant (UTC): `2026-11`. */
export function monthOf(isoInstant: string): string {
  return new Date(isoInstant).toISOString().slice(0, 7);
}
