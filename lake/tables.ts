import { ARCHIVE_COLUMNS_DDL, RECORD_COLUMNS } from '../model/index.js';

/**
 * Every published table, defined once: the warehouse writes these columns in this order, and every
 * reader (API processes, bulk users) reads them by name. A table's `timeColumn` is what readers prune
 * on; `partitionBy` names the hive partition keys of its files.
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
}

const recordColumns: LakeColumn[] = RECORD_COLUMNS.map((column) => ({
  name: column.name,
  sql: `${column.sql}${column.nullable ? '' : ' NOT NULL'}`,
}));

const validity: LakeColumn[] = [
  { name: 'valid_from', sql: 'TIMESTAMPTZ' },
  { name: 'valid_to', sql: 'TIMESTAMPTZ' },
];

const archiveColumns: LakeColumn[] = ARCHIVE_COLUMNS_DDL.split(', ').map((definition) => {
  const [name = '', sql = ''] = definition.split(' ');
  return { name, sql };
});

export const LAKE_TABLES = {
  /** Current incidents, retracted ones included: one row per id. */
  incidents: {
    name: 'incidents',
    columns: recordColumns,
    partitionBy: [],
    timeColumn: null,
    orderBy: 'id',
  },
  /** Every version of every incident; the open one has valid_to NULL. */
  incident_versions: {
    name: 'incident_versions',
    columns: [...recordColumns, { name: 'version', sql: 'INTEGER' }, ...validity],
    partitionBy: [],
    timeColumn: 'valid_from',
    orderBy: 'id, version',
  },
  /** Historical events before the live service, loaded by archive loads. */
  archive: {
    name: 'archive',
    columns: [...recordColumns, ...archiveColumns, ...validity],
    partitionBy: [],
    timeColumn: 'valid_from',
    orderBy: 'valid_from',
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
