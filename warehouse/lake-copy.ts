import type { DuckDBConnection } from '@duckdb/node-api';
import type { LakeTable } from '../lake/columns.js';
import { geoMetadata, geometryColumnOf, geometrySummary, geometrySummarySql } from '../lake/geoparquet.js';
import { hasStoredForms, storingSelect } from '../lake/stored-columns.js';
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
  const columns = [storingSelect(table), ...kept].join(', ');
  return {
    select: hasStoredForms(table) || kept.length ? `SELECT ${columns} FROM (${query})` : query,
    options: await parquetOptions(connection, table, query),
  };
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
