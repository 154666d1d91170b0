import type { ColumnStorage, LakeColumn, LakeTable } from './columns.js';
import {
  BBOX_SQL_TYPE,
  bboxFromGeojsonSql,
  bboxFromPointSql,
  GEOMETRY_SQL_TYPE,
  geometryFromGeojsonSql,
  geometryFromPointSql,
} from './geometry-sql.js';
import {
  dateFromTextSql,
  instantFromTextSql,
  textFromDateSql,
  textFromUtcInstantSql,
} from './instant-sql.js';

/**
 * What a table's files hold, as against the rows the service reads (docs/adr/0041-typed-lake-files.md).
 * A table's `columns` are its rows as the service holds them (the warehouse's columns, what readers
 * get); a column marked `stored` is written in a typed form by files of its version on:
 * - `instant`: as TIMESTAMPTZ (UTC), then `<name>_local`: the text the service holds, the local time
 *   with its offset as the agency published it;
 * - `utc-instant`: as TIMESTAMPTZ, for times the service itself writes in UTC (`…T…Z`);
 * - `date`: as DATE, for `YYYY-MM-DD`;
 * - `geometry`: GeoJSON text as GEOMETRY (WKB, GeoParquet 1.1), then `bbox` (its covering), then
 *   `<name>_geojson`, the GeoJSON text the service holds.
 * The service reads its own text back from `_local` and `_geojson` as it is: a read converts nothing,
 * so a history page costs what it did (docs/adr/0041-typed-lake-files.md).
 * A table with `pointGeometrySince` also gets, at the end of its files, its point as `geometry` and
 * `bbox`. Writers select the service's columns and `writeLakeFile` stores them (`storingSelect`);
 * readers get the service's columns back from files of any version (`readingSelect`, lake/read.ts).
 */

/** The column that covers a geometry column with its bounding box (GeoParquet 1.1 `covering`). */
export const BBOX_COLUMN = 'bbox';
/** The geometry column a table with `pointGeometrySince` gets. */
export const POINT_GEOMETRY_COLUMN = 'geometry';

/** `<name>_local`: an instant as the service holds it, in local time with its offset (ISO 8601). */
export function localColumnName(name: string): string {
  return `${name}_local`;
}

/** `<name>_geojson`: a geometry as the service holds it, GeoJSON text. */
export function geojsonColumnName(name: string): string {
  return `${name}_geojson`;
}

/** The form files of `version` store `column` in, if a typed one. */
export function storageAt(column: LakeColumn, version: number): ColumnStorage | undefined {
  return column.stored && column.stored.since <= version ? column.stored.as : undefined;
}

/** Whether files of `version` hold the table's point as a geometry. */
export function holdsPointGeometry(table: LakeTable, version = table.schemaVersion): boolean {
  return table.pointGeometrySince !== undefined && table.pointGeometrySince <= version;
}

const NOT_NULL = ' NOT NULL';

/** The file columns one column becomes in a file of `version`. */
function storedColumns(column: LakeColumn, version: number): LakeColumn[] {
  const notNull = column.sql.endsWith(NOT_NULL) ? NOT_NULL : '';
  const typed = (sql: string) => ({ name: column.name, sql: `${sql}${notNull}` });
  switch (storageAt(column, version)) {
    case 'instant':
      return [typed('TIMESTAMPTZ'), { name: localColumnName(column.name), sql: `VARCHAR${notNull}` }];
    case 'utc-instant':
      return [typed('TIMESTAMPTZ')];
    case 'date':
      return [typed('DATE')];
    case 'geometry':
      return [
        typed(GEOMETRY_SQL_TYPE),
        { name: BBOX_COLUMN, sql: `${BBOX_SQL_TYPE}${notNull}` },
        { name: geojsonColumnName(column.name), sql: `VARCHAR${notNull}` },
      ];
    default:
      return [column];
  }
}

/** The physical columns of a file of `version` (by default, of the files written now). */
export function fileColumns(table: LakeTable, version = table.schemaVersion): LakeColumn[] {
  const columns = table.columns
    .filter((column) => (column.since ?? 1) <= version)
    .flatMap((column) => storedColumns(column, version));
  if (!holdsPointGeometry(table, version)) return columns;
  return [
    ...columns,
    { name: POINT_GEOMETRY_COLUMN, sql: GEOMETRY_SQL_TYPE },
    { name: BBOX_COLUMN, sql: BBOX_SQL_TYPE },
  ];
}

/** The expressions one column of the service's is stored as. */
function storingExpressions(column: LakeColumn, version: number): string[] {
  const name = column.name;
  switch (storageAt(column, version)) {
    case 'instant':
      return [`${instantFromTextSql(name)} AS ${name}`, `${name} AS ${localColumnName(name)}`];
    case 'utc-instant':
      return [`${instantFromTextSql(name)} AS ${name}`];
    case 'date':
      return [`${dateFromTextSql(name)} AS ${name}`];
    case 'geometry':
      return [
        `${geometryFromGeojsonSql(name)} AS ${name}`,
        `${bboxFromGeojsonSql(name)} AS ${BBOX_COLUMN}`,
        `${name} AS ${geojsonColumnName(name)}`,
      ];
    default:
      return [name];
  }
}

/**
 * The select list that turns the service's columns into a file's of the current version; columns named
 * in `enums` are written as those ENUM types (lake/enumerated-columns.ts).
 */
export function storingSelect(table: LakeTable, enums: ReadonlyMap<string, string> = new Map()): string {
  const version = table.schemaVersion;
  const stored = table.columns.flatMap((column) => {
    const type = enums.get(column.name);
    return type ? [`CAST(${column.name} AS ${type}) AS ${column.name}`] : storingExpressions(column, version);
  });
  if (holdsPointGeometry(table, version)) {
    stored.push(`${geometryFromPointSql('longitude', 'latitude')} AS ${POINT_GEOMETRY_COLUMN}`);
    stored.push(`${bboxFromPointSql('longitude', 'latitude')} AS ${BBOX_COLUMN}`);
  }
  return stored.join(', ');
}

/** The expression that reads one column of the service's from a file of `version`. */
function readingExpression(column: LakeColumn, version: number): string {
  const name = column.name;
  if ((column.since ?? 1) > version) return `NULL::${column.sql.replace(NOT_NULL, '')} AS ${name}`;
  switch (storageAt(column, version)) {
    case 'instant':
      return `${localColumnName(name)} AS ${name}`;
    case 'utc-instant':
      return `${textFromUtcInstantSql(name)} AS ${name}`;
    case 'date':
      return `${textFromDateSql(name)} AS ${name}`;
    case 'geometry':
      return `${geojsonColumnName(name)} AS ${name}`;
    default:
      return name;
  }
}

/**
 * The select list that reads the service's columns from files of `version`: typed forms turned back,
 * columns added after it (their `since`) as NULL of their type.
 */
export function readingSelect(table: LakeTable, version: number): string {
  return table.columns.map((column) => readingExpression(column, version)).join(', ');
}

/** What files of `version` store in typed forms, as a key: files alike read alike. */
export function storedFormKey(table: LakeTable, version: number): string {
  return table.columns
    .filter((column) => storageAt(column, version) !== undefined)
    .map((column) => column.name)
    .join(',');
}
