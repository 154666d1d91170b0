import { ARCHIVE_FILE_COLUMNS, RECORD_COLUMNS } from '../model/index.js';

/**
 * Every published table, defined once: the warehouse writes these columns in this order, and every
 * reader (API processes, bulk users) reads them by name. `timeColumn` is what a file's min/max in the
 * manifest describe and readers prune on; `partitionBy` names the hive keys of its folders.
 */
export interface LakeColumn {
  name: string;
  /** DuckDB type, with NOT NULL where the column is never null. */
  sql: string;
}

export interface LakeTable {
  name: string;
  columns: readonly LakeColumn[];
  partitionBy: readonly string[];
  timeColumn: string | null;
  /** The order rows are written in. */
  orderBy: string;
  /** Bumped when the columns change; every manifest entry carries the version its file was written with. */
  schemaVersion: number;
}

const recordColumns: LakeColumn[] = RECORD_COLUMNS.map((column) => ({
  name: column.name,
  sql: `${column.sql}${column.nullable ? '' : ' NOT NULL'}`,
}));

/** Exactly what archive files hold (model/archive.ts): no geometry, which readers build from the point. */
const archiveColumns: LakeColumn[] = ARCHIVE_FILE_COLUMNS.map((column) => ({
  name: column.name,
  sql: `${column.sql}${column.nullable ? '' : ' NOT NULL'}`,
}));

export const LAKE_TABLES = {
  /**
   * Current incidents: live ones and those retracted within the last 7 days, each with its current
   * version, when that version started, and every version's start (`chain`, for CAP references).
   * Small; replaced as a whole when it changes.
   */
  incidents_live: {
    name: 'incidents_live',
    columns: [
      ...recordColumns,
      { name: 'version', sql: 'INTEGER NOT NULL' },
      { name: 'valid_from', sql: 'TIMESTAMPTZ NOT NULL' },
      { name: 'chain', sql: 'VARCHAR NOT NULL' },
    ],
    partitionBy: [],
    timeColumn: null,
    orderBy: 'id',
    schemaVersion: 1,
  },
  /**
   * Settled versions, append-only: a version is written once, when a later one closes it (valid_to
   * set), and a retraction when it happens (valid_to NULL until the incident comes back, when a closed
   * copy is written and readers prefer it). Open versions of live incidents are incidents_live's rows.
   */
  incident_versions: {
    name: 'incident_versions',
    columns: [
      ...recordColumns,
      { name: 'version', sql: 'INTEGER NOT NULL' },
      { name: 'valid_from', sql: 'TIMESTAMPTZ NOT NULL' },
      { name: 'valid_to', sql: 'TIMESTAMPTZ' },
    ],
    partitionBy: ['state', 'month'],
    timeColumn: 'valid_from',
    orderBy: 'valid_from, id, version',
    schemaVersion: 1,
  },
  /**
   * Historical events before the live service, written by archive loads: one folder per state and per
   * source (the load's name; loading a source again replaces its files), files split by start year.
   */
  archive: {
    name: 'archive',
    columns: archiveColumns,
    partitionBy: ['state', 'source'],
    timeColumn: 'valid_from',
    orderBy: 'valid_from, id',
    schemaVersion: 2,
  },
} as const satisfies Record<string, LakeTable>;

export type LakeTableName = keyof typeof LAKE_TABLES;

/** `a, b, c`: the table's columns in order, for SELECT lists. Names come from code, never from input. */
export function columnList(table: LakeTable): string {
  return table.columns.map((column) => column.name).join(', ');
}

/** `CREATE TABLE` body of a table. */
export function columnsDdl(table: LakeTable): string {
  return table.columns.map((column) => `${column.name} ${column.sql}`).join(',\n  ');
}

/** The month partition of an instant (UTC): `2026-11`. */
export function monthOf(isoInstant: string): string {
  return new Date(isoInstant).toISOString().slice(0, 7);
}
