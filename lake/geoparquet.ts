import type { LakeTable } from './columns.js';
import { bboxFromGeojsonSql, bboxFromPointSql, GEOMETRY_TYPES } from './geometry-sql.js';
import { BBOX_COLUMN, holdsPointGeometry, POINT_GEOMETRY_COLUMN, storageAt } from './stored-columns.js';

/**
 * The GeoParquet 1.1 `geo` metadata of a lake file whose table stores a geometry column
 * (docs/adr/0041-typed-lake-files.md): WKB encoding, the geometry types and bounding box of the file's
 * rows, and the `bbox` column as the geometry's covering, so readers skip row groups by area. No `crs`:
 * GeoParquet reads its absence as OGC:CRS84 (longitude, latitude on WGS 84), which the lake's
 * coordinates are.
 */

export const GEOPARQUET_VERSION = '1.1.0';

/** What the metadata says of a file's geometries, read from its rows before it is written. */
export interface GeometrySummary {
  types: string[];
  /** [xmin, ymin, xmax, ymax]; null when no row has a geometry. */
  bbox: [number, number, number, number] | null;
}

/** The table's geometry column in files written now, if they hold one. */
export function geometryColumnOf(table: LakeTable): string | undefined {
  if (holdsPointGeometry(table)) return POINT_GEOMETRY_COLUMN;
  return table.columns.find((column) => storageAt(column, table.schemaVersion) === 'geometry')?.name;
}

/** The column a pre-scan's relation adds: each row's bbox (`geometryBboxSql`). */
export const ROW_BBOX = 'row_bbox';

/** Each row's bbox, from the service's columns: of its GeoJSON text, or its point. */
export function geometryBboxSql(table: LakeTable): string {
  if (holdsPointGeometry(table)) return bboxFromPointSql('longitude', 'latitude');
  return bboxFromGeojsonSql(geometryColumnOf(table) ?? 'geometry');
}

/**
 * The aggregates, over the service's rows with `ROW_BBOX`, that give `types` and the four bounds of
 * the geometry files of `table` store (read by `geometrySummary`).
 */
export function geometrySummaryAggregates(table: LakeTable): string[] {
  const column = geometryColumnOf(table) ?? 'geometry';
  const kind = `json_extract_string(${column}, '$.type')`;
  const types = holdsPointGeometry(table)
    ? `CASE WHEN count(${ROW_BBOX}) > 0 THEN ['Point'] ELSE [] END`
    : `list(DISTINCT ${kind} ORDER BY ${kind}) FILTER (WHERE ${column} IS NOT NULL)`;
  return [
    `${types} AS types`,
    `min(${ROW_BBOX}.xmin) AS xmin`,
    `min(${ROW_BBOX}.ymin) AS ymin`,
    `max(${ROW_BBOX}.xmax) AS xmax`,
    `max(${ROW_BBOX}.ymax) AS ymax`,
  ];
}

/** The summary from the row `geometrySummarySql` gives. */
export function geometrySummary(row: Record<string, unknown>): GeometrySummary {
  const bounds = [row.xmin, row.ymin, row.xmax, row.ymax];
  const known = (row.types as readonly string[] | null) ?? [];
  return {
    types: GEOMETRY_TYPES.filter((type) => known.includes(type)),
    bbox: bounds.every((bound) => typeof bound === 'number')
      ? (bounds as [number, number, number, number])
      : null,
  };
}

/** The `geo` key's JSON text. */
export function geoMetadata(column: string, summary: GeometrySummary): string {
  const covering = Object.fromEntries(
    (['xmin', 'ymin', 'xmax', 'ymax'] as const).map((bound) => [bound, [BBOX_COLUMN, bound]]),
  );
  return JSON.stringify({
    version: GEOPARQUET_VERSION,
    primary_column: column,
    columns: {
      [column]: {
        encoding: 'WKB',
        geometry_types: summary.types,
        ...(summary.bbox ? { bbox: summary.bbox } : {}),
        covering: { bbox: covering },
      },
    },
  });
}
