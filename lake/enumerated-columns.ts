import type { LakeTable } from './columns.js';
import { statedValues } from './dictionary.js';
import { storageAt } from './stored-columns.js';

/**
 * Enumerations as Parquet dictionaries (docs/adr/0041-typed-lake-files.md). A text column whose values
 * the data dictionary states (lake/dictionary.ts) is written as a DuckDB ENUM of them, which Parquet
 * holds dictionary-encoded whatever the file's size (left to itself, DuckDB writes a small file's
 * strings plain); readers read text as before. Only when every value of the file is one of them: a
 * value the list lacks (an enumeration that grew, data older than a change) keeps the column as plain
 * text in that file rather than fail its write.
 */

export interface EnumeratedColumn {
  name: string;
  values: readonly string[];
  /** A list of them (VARCHAR[]), each element one of the values. */
  list: boolean;
}

/** The table's text columns (and lists of text) with stated values. */
export function enumeratedColumns(table: LakeTable): EnumeratedColumn[] {
  return table.columns.flatMap((column) => {
    const values = statedValues(table.name, column.name);
    const type = column.sql.replace(' NOT NULL', '');
    if (!values || storageAt(column, table.schemaVersion) || !['VARCHAR', 'VARCHAR[]'].includes(type))
      return [];
    return [{ name: column.name, values, list: type === 'VARCHAR[]' }];
  });
}

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

const valueList = (column: EnumeratedColumn) => column.values.map(quoted).join(', ');

/** `ENUM('a', 'b', …)` (or a list of it): the column's values as a DuckDB type. */
export function enumTypeSql(column: EnumeratedColumn): string {
  return `ENUM(${valueList(column)})${column.list ? '[]' : ''}`;
}

/** One aggregate per column, `ok_<name>`: whether every value of the rows is a stated one. */
export function enumCheckAggregates(columns: readonly EnumeratedColumn[]): string[] {
  return columns.map((column) => {
    const { name } = column;
    const allowed = column.list
      ? `list_has_all([${valueList(column)}], ${name})`
      : `${name} IN (${valueList(column)})`;
    return `coalesce(bool_and(${name} IS NULL OR ${allowed}), true) AS ok_${name}`;
  });
}

/** The ENUM type of each column whose aggregate (`enumCheckAggregates`) found every value stated. */
export function allowedEnumTypes(
  columns: readonly EnumeratedColumn[],
  checked: Record<string, unknown>,
): Map<string, string> {
  return new Map(
    columns
      .filter(({ name }) => checked[`ok_${name}`] === true)
      .map((column) => [column.name, enumTypeSql(column)]),
  );
}
