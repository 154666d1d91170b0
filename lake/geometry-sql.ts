/**
 * Geometry as the lake stores it from schema version 3 (GeoParquet 1.1, docs/adr/0041-typed-lake-files.md):
 * WKB in a GEOMETRY column, with a `bbox` struct beside it, made from the GeoJSON text
 * the service keeps (and keeps beside it: lake/stored-columns.ts). Plain SQL over DuckDB's built-in
 * GEOMETRY type (its WKT cast), so every connection writes it without an extension.
 *
 * The service's geometries are Point, Polygon and MultiPolygon (model/geometry.ts).
 */

/** GeoJSON geometry types the lake's geometry columns hold, as GeoParquet names them. */
export const GEOMETRY_TYPES = ['Point', 'Polygon', 'MultiPolygon'] as const;

/** The type of a stored geometry: WKB, longitude and latitude on WGS 84 (the Parquet type names it). */
export const GEOMETRY_SQL_TYPE = "GEOMETRY('OGC:CRS84')";

/** A coordinate pair as JSON writes it (`[x,y]`): each number, captured. */
const JSON_PAIR = String.raw`\[(-?[0-9.eE+-]+),(-?[0-9.eE+-]+)\]`;

/** The coordinates of GeoJSON text `column`, as minified JSON text. */
function coordinates(column: string): string {
  return `CAST(json_extract(${column}, '$.coordinates') AS VARCHAR)`;
}

/** GeoJSON text → GEOMETRY (NULL stays NULL). */
export function geometryFromGeojsonSql(column: string): string {
  const type = `json_extract_string(${column}, '$.type')`;
  const nested = `translate(regexp_replace(${coordinates(column)}, '${JSON_PAIR}', '\\1 \\2', 'g'), '[]', '()')`;
  const body = `CASE WHEN ${type} = 'Point' THEN '(' || ${nested} || ')' ELSE ${nested} END`;
  return `CASE WHEN ${column} IS NULL THEN NULL ELSE CAST(upper(${type}) || ' ' || ${body} AS ${GEOMETRY_SQL_TYPE}) END`;
}

/** One axis's numbers of GeoJSON text `column` (1: x, 2: y), as doubles. */
function axis(column: string, group: 1 | 2): string {
  return `list_transform(regexp_extract_all(${coordinates(column)}, '${JSON_PAIR}', ${group}), v -> CAST(v AS DOUBLE))`;
}

/** GeoJSON text → its bounding box, `{xmin, ymin, xmax, ymax}` (GeoParquet 1.1's bbox covering). */
export function bboxFromGeojsonSql(column: string): string {
  const [xs, ys] = [axis(column, 1), axis(column, 2)];
  return `CASE WHEN ${column} IS NULL THEN NULL ELSE struct_pack(
    xmin := list_min(${xs}), ymin := list_min(${ys}), xmax := list_max(${xs}), ymax := list_max(${ys})) END`;
}

/** The bbox struct's type, as files declare it. */
export const BBOX_SQL_TYPE = 'STRUCT(xmin DOUBLE, ymin DOUBLE, xmax DOUBLE, ymax DOUBLE)';

/** A point's longitude and latitude → GEOMETRY (NULL when either is). */
export function geometryFromPointSql(longitude: string, latitude: string): string {
  return `CASE WHEN ${longitude} IS NULL OR ${latitude} IS NULL THEN NULL
    ELSE CAST('POINT (' || CAST(${longitude} AS VARCHAR) || ' ' || CAST(${latitude} AS VARCHAR) || ')' AS ${GEOMETRY_SQL_TYPE}) END`;
}

/** A point's bbox: the point, as the covering of its geometry. */
export function bboxFromPointSql(longitude: string, latitude: string): string {
  return `CASE WHEN ${longitude} IS NULL OR ${latitude} IS NULL THEN NULL
    ELSE struct_pack(xmin := ${longitude}, ymin := ${latitude}, xmax := ${longitude}, ymax := ${latitude}) END`;
}
