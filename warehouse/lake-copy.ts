import type { DuckDBConnection } from '@duckdb/node-api';
import type { LakeTable } from '../lake/columns.js';
import {
  geoMetadata,
  geometryBboxSql,
  geometryColumnOf,
  geometrySummary,
  geometrySummaryAggregates,
  ROW_BBOX,
} from '../lake/geoparquet.js';
import {
  allowedEnumTypes,
  enumCheckAggregates,
  enumeratedColumns,
  type EnumeratedColumn,
} from '../lake/enumerated-columns.js';
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
  const enums = enumeratedColumns(table);
  const geometry = geometryColumnOf(table);
  const scanned = await scanRows(connection, table, query, enums);
  const columns = [storingSelect(table, allowedEnumTypes(enums, scanned)), ...kept].join(', ');
  const select = `SELECT ${columns} FROM (${query})`;
  const options = 'FORMAT parquet, COMPRESSION zstd';
  if (geometry === undefined) return { select, options };
  const geo = geoMetadata(geometry, geometrySummary(scanned));
  // Ours only: DuckDB's own would be a second `geo` key, of GeoParquet 1.0 without the covering.
  return { select, options: `${options}, GEOPARQUET_VERSION 'NONE', KV_METADATA {geo: ${sqlString(geo)}}` };
}

/**
 * One pass over the rows before they are written: whether each enumerated column holds only stated
 * values, and the geometry's types and bounds for the file's GeoParquet metadata.
 */
async function scanRows(
  connection: DuckDBConnection,
  table: LakeTable,
  query: string,
  enums: readonly EnumeratedColumn[],
): Promise<Record<string, unknown>> {
  const geometry = geometryColumnOf(table) !== undefined;
  const aggregates = [...(geometry ? geometrySummaryAggregates(table) : []), ...enumCheckAggregates(enums)];
  if (aggregates.length === 0) return {};
  const rows = geometry
    ? `(SELECT *, ${geometryBboxSql(table)} AS ${ROW_BBOX} FROM (${query}))`
    : `(${query})`;
  const reader = await connection.runAndReadAll(`SELECT ${aggregates.join(', ')} FROM ${rows}`);
  return reader.getRowObjectsJS()[0] ?? {};
}
