import type { DuckDBConnection } from '@duckdb/node-api';
import type { LakeTable } from '../lake/columns.js';
import { geoMetadata, geometryColumnOf, geometrySummary, geometrySummarySql } from '../lake/geoparquet.js';
import { enumCheckSql, enumeratedColumns, enumTypeSql } from '../lake/enumerated-columns.js';
import { storingSelect } from '../lake/stored-columns.js';
import { sqlString } from './sql.js';

/**
 * Writes the rows `query` selects (the table's columns as the service holds them) to a Parquet file
 * as the lake stores them (lake/stored-columns.ts): typed columns, and for a table with a geometry its
 * GeoParquet metadata. Every lake file is written through here, the bulk archive load's too.
 */
export async function copyLakeRows(
  connection: DuckDBConnection,
  table: LakeTable,
  query: string,
  target: string,
  rowGroupSize: number,
): Promise<void> {
  const { select, options } = await lakeCopyParts(connection, table, query);
  await connection.run(
    `COPY (${select}) TO ${sqlString(target)} (${options}, ROW_GROUP_SIZE ${rowGroupSize})`,
  );
}

/**
 * The query and COPY options that store the rows `query` selects (the service's columns, and `kept`
 * columns after them, such as the keys of a partitioned COPY) as the lake does.
 */
export async function lakeCopyParts(
  connection: DuckDBConnection,
  table: LakeTable,
  query: string,
  kept: readonly string[] = [],
): Promise<{ select: string; options: string }> {
  const enums = await enumTypes(connection, table, query);
  const columns = [storingSelect(table, enums), ...kept].join(', ');
  return {
    select: `SELECT ${columns} FROM (${query})`,
    options: await parquetOptions(connection, table, query),
  };
}

/** The ENUM type of each enumerated column whose every value in `query`'s rows is a stated one. */
async function enumTypes(
  connection: DuckDBConnection,
  table: LakeTable,
  query: string,
): Promise<Map<string, string>> {
  const columns = enumeratedColumns(table);
  if (columns.length === 0) return new Map();
  const reader = await connection.runAndReadAll(enumCheckSql(columns, query));
  const allowed = reader.getRowObjectsJS()[0] ?? {};
  return new Map(columns.filter(({ name }) => allowed[name] === true).map((c) => [c.name, enumTypeSql(c)]));
}

/**
 * The COPY options of a lake file: zstd and, for a table with a geometry column, its GeoParquet
 * metadata, from the rows `query` selects.
 */
async function parquetOptions(
  connection: DuckDBConnection,
  table: LakeTable,
  query: string,
): Promise<string> {
  const options = 'FORMAT parquet, COMPRESSION zstd';
  const column = geometryColumnOf(table);
  if (column === undefined) return options;
  const summary = await connection.runAndReadAll(geometrySummarySql(table, query));
  const geo = geoMetadata(column, geometrySummary(summary.getRowObjectsJS()[0] ?? {}));
  // Ours only: DuckDB's own would be a second `geo` key, of GeoParquet 1.0 without the covering.
  return `${options}, GEOPARQUET_VERSION 'NONE', KV_METADATA {geo: ${sqlString(geo)}}`;
}
