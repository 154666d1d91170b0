import type { ArchiveRecord } from '../model/index.js';
import type { TypedColumn } from './columns.js';
import { RECORD_COLUMNS } from './incident-columns.js';

/** A column of the archive tables: its SQL type. `valid_*` are instants (TIMESTAMPTZ) in storage. */
export type ArchiveColumnSpec = TypedColumn<
  keyof ArchiveRecord,
  'VARCHAR' | 'DOUBLE' | 'BOOLEAN' | 'INTEGER' | 'TIMESTAMPTZ'
>;

/** The archive's own fields (model ArchiveFields), in table order. */
export const ARCHIVE_FIELD_COLUMNS: readonly ArchiveColumnSpec[] = [
  { name: 'event_start_date', sql: 'VARCHAR', nullable: true },
  { name: 'event_end_date', sql: 'VARCHAR', nullable: true },
  { name: 'magnitude', sql: 'DOUBLE', nullable: true },
  { name: 'magnitude_scale', sql: 'VARCHAR', nullable: true },
  { name: 'impact_deaths', sql: 'INTEGER', nullable: true },
  { name: 'impact_affected', sql: 'INTEGER', nullable: true },
  { name: 'impact_economic', sql: 'DOUBLE', nullable: true },
  { name: 'glide_number', sql: 'VARCHAR', nullable: true },
];

/** Every column of an archive row, in order: record columns, archive fields, validity. */
export const ARCHIVE_RECORD_COLUMNS: readonly ArchiveColumnSpec[] = [
  ...RECORD_COLUMNS,
  ...ARCHIVE_FIELD_COLUMNS,
  { name: 'valid_from', sql: 'TIMESTAMPTZ', nullable: false },
  { name: 'valid_to', sql: 'TIMESTAMPTZ', nullable: false },
];

/**
 * The columns an archive file stores: every record column but `geometry`, which for an archive row is
 * only ever its point, so readers build it from `latitude` and `longitude` (lake/read.ts) instead of
 * every file carrying the same coordinates twice, once as JSON text.
 */
export const ARCHIVE_FILE_COLUMNS: readonly ArchiveColumnSpec[] = ARCHIVE_RECORD_COLUMNS.filter(
  (column) => column.name !== 'geometry',
);
