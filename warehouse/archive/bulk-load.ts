import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import {
  addProblems,
  approximateLocation,
  emptyProblemSummary,
  INTERCHANGE_COLUMNS,
  type ApproximateLocator,
  type InterchangeColumnName,
  type ProblemSummary,
  type RowProblem,
  type StateCode,
} from '../../model/index.js';
import { planBuckets, type YearBucket } from './buckets.js';
import {
  columnExpressions,
  MAPPING_MACROS,
  problemSql,
  recordSelectSql,
  sqlText,
  type ColumnExpressions,
  type ColumnHolding,
  type Holdings,
} from './interchange-sql.js';
import { lineNumbers, rejectProblem, type RejectedLine } from './reject-lines.js';

/**
 * The fast path of an archive load: DuckDB reads an interchange file (CSV or Parquet) whole, applies
 * the interchange rules in SQL, and writes the archive as Parquet partitioned by state, one file per
 * span of start years (`state=nsw/part-1840-1969.parquet`), each sorted by start date, ZSTD, row groups
 * of 100k–1M rows where the file has that many. The span is in the file name, not a directory, so that a
 * hive-partitioned read adds no column: the files' columns are exactly the archive table's.
 */

export interface BulkLoadOptions {
  /** An interchange file: `.parquet` is read as Parquet, anything else as CSV. */
  input: string;
  /** Where the partitions go; must be empty or absent. */
  outDir: string;
  locator: ApproximateLocator;
  /** Every record's `fetched_at`. */
  loadedAt: string;
  /** Most rows in one file (default 1,000,000): a state's years are split into spans of about this size. */
  maxRowsPerFile?: number;
  /** DuckDB settings for the load. */
  threads?: number;
  memoryLimit?: string;
  tempDirectory?: string;
}

export interface ArchivePartFile {
  /** Relative to `outDir`, `/`-separated. */
  path: string;
  state: StateCode;
  years: [number, number];
  rows: number;
  bytes: number;
  rowGroups: number;
  minStartDate: string;
  maxStartDate: string;
}

export interface BulkLoadResult {
  files: ArchivePartFile[];
  /** Records in the input, readable or not. */
  rowsRead: number;
  /** Archive records written. */
  records: number;
  problems: ProblemSummary;
}

export class MissingColumnsError extends Error {
  constructor(readonly missing: readonly string[]) {
    super(`not an archive interchange file: it lacks ${missing.join(', ')}`);
    this.name = 'MissingColumnsError';
  }
}

const TARGET_ROW_GROUP = 150_000;

async function rows<T>(connection: DuckDBConnection, sql: string): Promise<T[]> {
  return (await connection.runAndReadAll(sql)).getRowObjectsJS() as T[];
}

function sourceSql(input: string): { sql: string; csv: boolean } {
  const csv = !input.toLowerCase().endsWith('.parquet');
  return csv
    ? {
        sql: `read_csv(${sqlText(input)}, header = true, all_varchar = true, delim = ',', quote = '"', escape = '"',
            null_padding = false, store_rejects = true, rejects_table = 'archive_rejects', rejects_scan = 'archive_reject_scans')`,
        csv,
      }
    : { sql: `read_parquet(${sqlText(input)})`, csv };
}

async function holdingsOf(connection: DuckDBConnection, source: string): Promise<Holdings> {
  const described = await rows<{ column_name: string; column_type: string }>(
    connection,
    `DESCRIBE SELECT * FROM ${source}`,
  );
  const types = new Map(described.map((column) => [column.column_name, column.column_type]));
  const missing = INTERCHANGE_COLUMNS.filter((column) => column.required && !types.has(column.name));
  if (missing.length > 0) throw new MissingColumnsError(missing.map((column) => column.name));
  return Object.fromEntries(
    INTERCHANGE_COLUMNS.map((column): [string, ColumnHolding] => {
      const type = types.get(column.name);
      if (type === undefined) return [column.name, 'absent'];
      return [column.name, type === 'VARCHAR' || column.parquet === 'VARCHAR' ? 'text' : 'typed'];
    }),
  );
}

/** Centroids for the rows without a point, one locator call per distinct (state, postcode, LGA). */
async function stageApproximateLocations(
  connection: DuckDBConnection,
  locator: ApproximateLocator,
): Promise<void> {
  await connection.run(`CREATE TEMP TABLE approx (a_state VARCHAR, a_postcode VARCHAR, a_lga_name VARCHAR,
    a_latitude DOUBLE, a_longitude DOUBLE, a_lga VARCHAR, a_precision VARCHAR)`);
  const keys = await rows<{ state: StateCode; postcode: string | null; lga: string | null }>(
    connection,
    `SELECT DISTINCT k_state AS state, k_postcode AS postcode, k_lga AS lga FROM good
     WHERE NOT k_has_point AND (k_postcode IS NOT NULL OR k_lga IS NOT NULL)`,
  );
  const appender = await connection.createAppender('approx');
  for (const key of keys) {
    const found = approximateLocation(locator, key.state, key.postcode, key.lga);
    if (!found) continue;
    appender.appendVarchar(key.state);
    if (key.postcode === null) appender.appendNull();
    else appender.appendVarchar(key.postcode);
    if (key.lga === null) appender.appendNull();
    else appender.appendVarchar(key.lga);
    appender.appendDouble(found.latitude);
    appender.appendDouble(found.longitude);
    appender.appendVarchar(found.lga);
    appender.appendVarchar(found.precision);
    appender.endRow();
  }
  appender.closeSync();
}

async function writeBucket(
  connection: DuckDBConnection,
  holdings: Holdings,
  options: BulkLoadOptions,
  bucket: YearBucket,
): Promise<ArchivePartFile> {
  const directory = `state=${bucket.state}`;
  const path = `${directory}/part-${bucket.years[0]}-${bucket.years[1]}.parquet`;
  await mkdir(join(options.outDir, directory), { recursive: true });
  const rowGroups = Math.max(1, Math.round(bucket.rows / TARGET_ROW_GROUP));
  await connection.run(
    `COPY (
       SELECT ${recordSelectSql(holdings, options.loadedAt)}
       FROM good s LEFT JOIN approx a
         ON NOT s.k_has_point AND a.a_state = s.k_state
           AND a.a_postcode IS NOT DISTINCT FROM s.k_postcode AND a.a_lga_name IS NOT DISTINCT FROM s.k_lga
       WHERE s.k_state = ${sqlText(bucket.state)} AND s.start_year BETWEEN ${bucket.years[0]} AND ${bucket.years[1]}
       ORDER BY s.start_date, id
     ) TO ${sqlText(join(options.outDir, path))}
     (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${Math.ceil(bucket.rows / rowGroups)})`,
  );
  const [stats] = await rows<{ row_groups: bigint; min_start: string; max_start: string }>(
    connection,
    `SELECT (SELECT count(DISTINCT row_group_id) FROM parquet_metadata(${sqlText(join(options.outDir, path))})) AS row_groups,
            min(event_start_date) AS min_start, max(event_start_date) AS max_start
     FROM read_parquet(${sqlText(join(options.outDir, path))})`,
  );
  return {
    path,
    state: bucket.state,
    years: bucket.years,
    rows: bucket.rows,
    bytes: (await stat(join(options.outDir, path))).size,
    rowGroups: Number(stats!.row_groups),
    minStartDate: stats!.min_start,
    maxStartDate: stats!.max_start,
  };
}

async function assertEmpty(directory: string): Promise<void> {
  const entries = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) throw new Error(`the output folder is not empty: ${directory}`);
}

export async function loadArchiveBulk(options: BulkLoadOptions): Promise<BulkLoadResult> {
  await assertEmpty(options.outDir);
  await mkdir(options.outDir, { recursive: true });
  const instance = await DuckDBInstance.create(':memory:', {
    ...(options.threads ? { threads: String(options.threads) } : {}),
    ...(options.memoryLimit ? { memory_limit: options.memoryLimit } : {}),
    ...(options.tempDirectory ? { temp_directory: options.tempDirectory } : {}),
  });
  const connection = await instance.connect();
  try {
    for (const macro of MAPPING_MACROS) await connection.run(macro);
    const source = sourceSql(options.input);
    const holdings = await holdingsOf(connection, source.sql);
    // Insertion order is kept, so a staged row's rowid is its ordinal among the records read.
    await connection.run(
      `CREATE TEMP TABLE staged AS SELECT *, ${problemSql(holdings)} AS problem FROM ${source.sql}`,
    );
    const rejected = source.csv
      ? await rows<RejectedLine>(
          connection,
          `SELECT line, min(error_type) AS error_type, min(error_message) AS error_message, min(csv_line) AS csv_line
           FROM archive_rejects GROUP BY line ORDER BY line`,
        )
      : [];
    const bad = await rows<{
      ordinal: bigint;
      problem: { problem: string; field: string | null; value: string | null };
    }>(connection, `SELECT rowid AS ordinal, problem FROM staged WHERE problem IS NOT NULL ORDER BY rowid`);
    const lines = lineNumbers(
      bad.map((row) => Number(row.ordinal)),
      rejected.map((row) => Number(row.line)),
    );
    const problems: RowProblem[] = [
      ...rejected.map(rejectProblem),
      ...bad.map(({ problem }, index): RowProblem => ({
        line: lines[index]!,
        problem: problem.problem as RowProblem['problem'],
        ...(problem.field !== null ? { field: problem.field } : {}),
        ...(problem.value !== null ? { value: problem.value } : {}),
      })),
    ].sort((a, b) => a.line - b.line);

    await connection.run(
      `CREATE TEMP VIEW good AS SELECT *, ${goodRowKeys(holdings)} FROM staged WHERE problem IS NULL`,
    );
    await stageApproximateLocations(connection, options.locator);
    const yearCounts = await rows<{ state: StateCode; year: number; rows: bigint }>(
      connection,
      `SELECT k_state AS state, start_year AS year, count(*) AS rows FROM good GROUP BY ALL ORDER BY ALL`,
    );
    const buckets = planBuckets(
      yearCounts.map((count) => ({ ...count, rows: Number(count.rows) })),
      options.maxRowsPerFile ?? 1_000_000,
    );
    const files: ArchivePartFile[] = [];
    for (const bucket of buckets) files.push(await writeBucket(connection, holdings, options, bucket));
    const [total] = await rows<{ n: bigint }>(connection, 'SELECT count(*) AS n FROM staged');
    return {
      files,
      rowsRead: Number(total!.n) + rejected.length,
      records: files.reduce((sum, file) => sum + file.rows, 0),
      problems: addProblems(emptyProblemSummary(), problems),
    };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** Columns the partitioning and the location join use: start date and year, the location keys. */
function goodRowKeys(holdings: Holdings): string {
  const expressions = (name: InterchangeColumnName): ColumnExpressions =>
    columnExpressions(
      INTERCHANGE_COLUMNS.find((column) => column.name === name)!,
      holdings[name] ?? 'absent',
    );
  const start = expressions('event_start_date').typed;
  return [
    `${start} AS start_date`,
    `CAST(year(${start}) AS INTEGER) AS start_year`,
    `${expressions('state').text} AS k_state`,
    `${expressions('postcode').text} AS k_postcode`,
    `${expressions('lga').text} AS k_lga`,
    `${expressions('latitude').text} IS NOT NULL AS k_has_point`,
  ].join(', ');
}
