import type { ColumnStorage, LakeColumn, LakeTable } from './columns.js';
import {
  BBOX_SQL_TYPE,
  bboxFromGeojsonSql,
  GEOMETRY_SQL_TYPE,
  geojsonFromGeometrySql,
  geometryFromGeojsonSql,
} from './geometry-sql.js';
import { instantFromTextSql, offsetFromTextSql, textFromInstantSql } from './instant-sql.js';

/**
 * What a table's files hold, as against the rows the service reads (docs/adr/0041-typed-lake-files.md).
 * A table's `columns` are its rows as the service holds them (the warehouse's columns, what readers
 * get); a column marked `stored` is written in a typed form by files of its version on:
 * - `instant`: the column as TIMESTAMPTZ (UTC), then `<name>_offset` (SMALLINT, minutes east of UTC);
 * - `geometry`: the column as GEOMETRY (WKB, GeoParquet 1.1), then `bbox` (its covering).
 * Writers select the service's columns and `writeLakeFile` stores them (`storingSelect`); readers get
 * the service's columns back from any version (`readingSelect`, lake/read.ts).
 */

/** The column that covers a geometry column with its bounding box (GeoParquet 1.1 `covering`). */
export const BBOX_COLUMN = 'bbox';

/** `<name>_offset`: the offset an instant column was written with, in minutes east of UTC. */
export function offsetColumnName(name: string): string {
  return `${name}_offset`;
}

/** The form files of `version` store `column` in, if a typed one. */
export function storageAt(column: LakeColumn, version: number): ColumnStorage | undefined {
  return column.stored && column.stored.since <= version ? column.stored.as : undefined;
}

const NOT_NULL = ' NOT NULL';

/** The physical columns of a file of `version` (by default, of the files written now). */
export function fileColumns(table: LakeTable, version = table.schemaVersion): LakeColumn[] {
  return table.columns
    .filter((column) => (column.since ?? 1) <= version)
    .flatMap((column): LakeColumn[] => {
      const notNull = column.sql.endsWith(NOT_NULL) ? NOT_NULL : '';
      switch (storageAt(column, version)) {
        case 'instant':
          return [
            { name: column.name, sql: `TIMESTAMPTZ${notNull}` },
            { name: offsetColumnName(column.name), sql: `SMALLINT${notNull}` },
          ];
        case 'geometry':
          return [
            { name: column.name, sql: `${GEOMETRY_SQL_TYPE}${notNull}` },
            { name: BBOX_COLUMN, sql: `${BBOX_SQL_TYPE}${notNull}` },
          ];
        default:
          return [{ name: column.name, sql: column.sql }];
      }
    });
}

/** Whether files of the table store any column in a typed form. */
export function hasStoredForms(table: LakeTable): boolean {
  return table.columns.some((column) => storageAt(column, table.schemaVersion) !== undefined);
}

/** The select list that turns the service's columns into a file's of the current version. */
export function storingSelect(table: LakeTable): string {
  return table.columns
    .flatMap((column) => {
      const name = column.name;
      switch (storageAt(column, table.schemaVersion)) {
        case 'instant':
          return [
            `${instantFromTextSql(name)} AS ${name}`,
            `${offsetFromTextSql(name)} AS ${offsetColumnName(name)}`,
          ];
        case 'geometry':
          return [
            `${geometryFromGeojsonSql(name)} AS ${name}`,
            `${bboxFromGeojsonSql(name)} AS ${BBOX_COLUMN}`,
          ];
        default:
          return [name];
      }
    })
    .join(', ');
}

/**
 * The select list that reads the service's columns from files of `version`: typed forms turned back,
 * columns added after it (their `since`) as NULL of their type.
 */
export function readingSelect(table: LakeTable, version: number): string {
  return table.columns
    .map((column) => {
      const name = column.name;
      if ((column.since ?? 1) > version) return `NULL::${column.sql.replace(NOT_NULL, '')} AS ${name}`;
      switch (storageAt(column, version)) {
        case 'instant':
          return `${textFromInstantSql(name, offsetColumnName(name))} AS ${name}`;
        case 'geometry':
          return `${geojsonFromGeometrySql(name)} AS ${name}`;
        default:
          return name;
      }
    })
    .join(', ');
}

/** The columns stored in a typed form by files of `version`, as a key: files alike read alike. */
export function storedFormKey(table: LakeTable, version: number): string {
  return table.columns
    .filter((column) => storageAt(column, version) !== undefined)
    .map((column) => column.name)
    .join(',');
}
