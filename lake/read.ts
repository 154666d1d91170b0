import { join } from 'node:path';
import { filesOf, type LakeFile, type Manifest } from './manifest.js';
import { readingSelect, storedFormKey } from './stored-columns.js';
import { LAKE_TABLES, type LakeColumn, type LakeTable, type LakeTableName } from './tables.js';

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

/** A column as NULL of its type: for a relation with no file, or files written before it existed. */
function nullColumn(column: LakeColumn): string {
  return `NULL::${column.sql.replace(' NOT NULL', '')} AS ${column.name}`;
}

/**
 * A relation (parenthesised SELECT) over the files of a table: the table's columns by name, as the
 * service holds them, read in place with DuckDB's Parquet reader. With no file, an empty relation of
 * the same columns. Files of each stored form are read together (lake/stored-columns.ts): typed
 * columns are turned back, and a column added after every file of a form was written (its `since` is
 * above their schemaVersion) reads as NULL; so a lake of files written before a change reads beside
 * files written after it.
 */
export function fileRelation(lakeDir: string, table: LakeTableName, files: readonly LakeFile[]): string {
  const definition: LakeTable = LAKE_TABLES[table];
  if (files.length === 0) return `(SELECT ${definition.columns.map(nullColumn).join(', ')} WHERE false)`;
  const forms = new Map<string, LakeFile[]>();
  for (const file of files) {
    const key = storedFormKey(definition, file.schemaVersion);
    const alike = forms.get(key);
    if (alike) alike.push(file);
    else forms.set(key, [file]);
  }
  const parts = [...forms.values()].map((alike) => {
    const newest = Math.max(...alike.map((file) => file.schemaVersion));
    const list = alike.map((file) => quoted(join(lakeDir, file.path))).join(', ');
    return `SELECT ${readingSelect(definition, newest)} FROM read_parquet([${list}], union_by_name = true)`;
  });
  return `(${parts.join(' UNION ALL ')})`;
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
