/**
 * The shape of a published table and the helpers every table definition and every derived table (the
 * warehouse's) share. A leaf: the per-table column lists and lake/tables.ts import it, never the reverse.
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

/** A column whose value kind code needs (appenders, Arrow): its type and nullability apart. */
export interface TypedColumn<Name extends string = string, Sql extends string = string> {
  name: Name;
  sql: Sql;
  nullable: boolean;
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
