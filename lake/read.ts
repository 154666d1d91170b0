import { join } from 'node:path';
import { filesOf, type LakeFile, type Manifest } from './manifest.js';
import { columnList, LAKE_TABLES, type LakeTableName } from './tables.js';

/** What a query needs of a table: its states (partition pruning) and a time window (min/max pruning). */
export interface LakeSlice {
  states?: readonly string[] | undefined;
  /** Rows whose time column is before this instant (exclusive) can matter; later files are skipped. */
  startsBefore?: Date | undefined;
  /** Rows still valid at or after this instant can matter; files whose rows all ended earlier are skipped. */
  endsAfter?: Date | undefined;
}

/** The files of `table` that can hold rows of the slice, from the manifest's partitions and statistics. */
export function prunedFiles(
  manifest: Manifest | undefined,
  table: LakeTableName,
  slice: LakeSlice,
): LakeFile[] {
  return filesOf(manifest, table).filter((file) => {
    if (slice.states && file.partition.state !== undefined && !slice.states.includes(file.partition.state)) {
      return false;
    }
    if (
      slice.startsBefore &&
      file.minTime !== null &&
      Date.parse(file.minTime) >= slice.startsBefore.getTime()
    ) {
      return false;
    }
    const end = file.maxEnd ?? null;
    if (
      slice.endsAfter &&
      file.maxEnd !== undefined &&
      end !== null &&
      Date.parse(end) < slice.endsAfter.getTime()
    ) {
      return false;
    }
    return true;
  });
}

function quoted(path: string): string {
  return `'${path.replaceAll("'", "''")}'`;
}

/**
 * A relation (parenthesised SELECT) over the files of a table: the table's columns by name, read in
 * place with DuckDB's Parquet reader. With no file, an empty relation of the same columns.
 */
export function fileRelation(lakeDir: string, table: LakeTableName, files: readonly LakeFile[]): string {
  const definition = LAKE_TABLES[table];
  const columns = columnList(definition);
  if (files.length === 0) {
    const nulls = definition.columns.map(
      (column) => `NULL::${column.sql.replace(' NOT NULL', '')} AS ${column.name}`,
    );
    return `(SELECT ${nulls.join(', ')} WHERE false)`;
  }
  const list = files.map((file) => quoted(join(lakeDir, file.path))).join(', ');
  return `(SELECT ${columns} FROM read_parquet([${list}], union_by_name = true))`;
}

/**
 * An archive row's geometry as GeoJSON text, built from its point: archive files store none
 * (lake/archive-columns.ts ARCHIVE_FILE_COLUMNS).
 */
export const ARCHIVE_GEOMETRY_SQL = `CASE WHEN latitude IS NULL OR longitude IS NULL THEN NULL
  ELSE '{"type":"Point","coordinates":[' || CAST(longitude AS VARCHAR) || ',' || CAST(latitude AS VARCHAR) || ']}' END`;

/** Archive rows with every record column (geometry built from the point), read in place from `files`. */
export function archiveRelation(lakeDir: string, files: readonly LakeFile[]): string {
  return `(SELECT *, ${ARCHIVE_GEOMETRY_SQL} AS geometry FROM ${fileRelation(lakeDir, 'archive', files)})`;
}
