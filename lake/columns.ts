/**
 * The shape of a published table and the helpers every table definition and every derived table (the
 * warehouse's) share. A leaf: the per-table column lists and lake/tables.ts import it, never the reverse.
 */
export interface LakeColumn {
  name: string;
  /** DuckDB type, with NOT NULL where the column is never null. */
  sql: string;
  /**
   * The table's schemaVersion that added the column: files written before it lack it, and readers
   * see it as NULL there (lake/read.ts).
   */
  since?: number;
  /**
   * How files store the column from a schema version on, when not as the service holds it
   * (lake/stored-columns.ts): an instant as TIMESTAMPTZ with its offset beside it, GeoJSON text as
   * GeoParquet geometry with its bbox. Readers get the service's form back either way.
   */
  stored?: { as: ColumnStorage; since: number };
}

/** A typed form files store a column in (lake/stored-columns.ts). */
export type ColumnStorage = 'instant' | 'utc-instant' | 'date' | 'geometry';

export interface LakeTable {
  name: string;
  columns: readonly LakeColumn[];
  partitionBy: readonly string[];
  timeColumn: string | null;
  /** The order rows are written in. */
  orderBy: string;
  /** Bumped when the columns change; every manifest entry carries the version its file was written with. */
  schemaVersion: number;
  /**
   * From this schema version on, files also hold the row's point (`longitude`, `latitude`) as a
   * GeoParquet geometry with its bbox (lake/stored-columns.ts), after the table's columns; readers
   * get the table's columns as ever.
   */
  pointGeometrySince?: number;
}

/** A column whose value kind code needs (appenders, Arrow): its type and nullability apart. */
export interface TypedColumn<Name extends string = string, Sql extends string = string> {
  name: Name;
  sql: Sql;
  nullable: boolean;
}

/** Columns with the typed form files store them in from schema version `since` on. */
export function storedAs(
  columns: readonly LakeColumn[],
  forms: Record<string, ColumnStorage>,
  since: number,
): LakeColumn[] {
  return columns.map((column) => {
    const form = forms[column.name];
    return form ? { ...column, stored: { as: form, since } } : column;
  });
}

/** A typed column as a table column. */
export function tableColumn(column: TypedColumn): LakeColumn {
  return { name: column.name, sql: `${column.sql}${column.nullable ? '' : ' NOT NULL'}` };
}

type HasColumns = Pick<LakeTable, 'columns'>;

/** `a, b, c`: the table's columns in order, for SELECT lists. Names come from code, never from input. */
export function columnList(table: HasColumns): string {
  return table.columns.map((column) => column.name).join(', ');
}

/** `CREATE TABLE` body of a table. */
export function columnsDdl(table: HasColumns): string {
  return table.columns.map((column) => `${column.name} ${column.sql}`).join(',\n  ');
}

/** Some columns of a table, by name in the order given: for tables that hold part of another's row. */
export function columnsNamed(table: HasColumns, names: readonly string[]): LakeColumn[] {
  return names.map((name) => {
    const column = table.columns.find((candidate) => candidate.name === name);
    if (!column) throw new Error(`no column ${name}`);
    return column;
  });
}
