import type { IncidentRecord } from '../model/index.js';
import { tableColumn, type LakeColumn, type TypedColumn } from './columns.js';

/** A column of the record tables (warehouse, Parquet, serving): its SQL type. */
export type ColumnSpec = TypedColumn<keyof IncidentRecord, 'VARCHAR' | 'DOUBLE' | 'BOOLEAN'>;

/** The record columns, in serving order. CREATE TABLE, appenders and Parquet all follow this list. */
export const RECORD_COLUMNS: readonly ColumnSpec[] = [
  { name: 'id', sql: 'VARCHAR', nullable: false },
  { name: 'feature_type', sql: 'VARCHAR', nullable: false },
  { name: 'parent_id', sql: 'VARCHAR', nullable: true },
  { name: 'state', sql: 'VARCHAR', nullable: false },
  { name: 'agency', sql: 'VARCHAR', nullable: false },
  { name: 'feed_id', sql: 'VARCHAR', nullable: false },
  { name: 'title', sql: 'VARCHAR', nullable: false },
  { name: 'event_type', sql: 'VARCHAR', nullable: false },
  { name: 'event_category', sql: 'VARCHAR', nullable: false },
  { name: 'status', sql: 'VARCHAR', nullable: false },
  { name: 'warning_level', sql: 'VARCHAR', nullable: false },
  { name: 'severity', sql: 'VARCHAR', nullable: false },
  { name: 'urgency', sql: 'VARCHAR', nullable: false },
  { name: 'certainty', sql: 'VARCHAR', nullable: false },
  { name: 'address', sql: 'VARCHAR', nullable: false },
  { name: 'suburb', sql: 'VARCHAR', nullable: false },
  { name: 'lga', sql: 'VARCHAR', nullable: false },
  { name: 'location_state', sql: 'VARCHAR', nullable: false },
  { name: 'latitude', sql: 'DOUBLE', nullable: true },
  { name: 'longitude', sql: 'DOUBLE', nullable: true },
  { name: 'precision', sql: 'VARCHAR', nullable: true },
  { name: 'geometry', sql: 'VARCHAR', nullable: true },
  { name: 'details', sql: 'VARCHAR', nullable: false },
  { name: 'reported_at', sql: 'VARCHAR', nullable: false },
  { name: 'updated_at', sql: 'VARCHAR', nullable: false },
  { name: 'fetched_at', sql: 'VARCHAR', nullable: false },
  { name: 'retracted', sql: 'BOOLEAN', nullable: false },
  { name: 'retracted_at', sql: 'VARCHAR', nullable: true },
  { name: 'retraction_reason', sql: 'VARCHAR', nullable: true },
];

export const RECORD_COLUMN_LIST = RECORD_COLUMNS.map((c) => c.name).join(', ');

/** The record columns as table columns. */
export const RECORD_TABLE_COLUMNS: readonly LakeColumn[] = RECORD_COLUMNS.map(tableColumn);

/**
 * What makes a record one version of an incident: its number, when it started and ended (instants),
 * and on a current row the chain of every version so far (encoded by lake/chain.ts).
 */
export const VERSION_COLUMNS = {
  version: { name: 'version', sql: 'INTEGER NOT NULL' },
  validFrom: { name: 'valid_from', sql: 'TIMESTAMPTZ NOT NULL' },
  validTo: { name: 'valid_to', sql: 'TIMESTAMPTZ' },
  chain: { name: 'chain', sql: 'VARCHAR NOT NULL' },
} as const satisfies Record<string, LakeColumn>;
