import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import {
  addProblems,
  approximateLocation,
  emptyProblemSummary,
  INTERCHANGE_COLUMNS,
  type ApproximateLocator,
  type ProblemSummary,
  type RowProblem,
  type StateCode,
} from '../../model/index.js';
import { planBuckets, type YearBucket } from './buckets.js';
import {
  daysTableSql,
  GOOD_ROWS_SQL,
  keyColumnsSql,
  MAPPING_MACROS,
  problemSql,
  recordSelectSql,
  sqlText,
  type ColumnHolding,
  type Holdings,
} from './interchange-sql.js';
import { lineNumbers, rejectProblem, type RejectedLine } from './reject-lines.js';
import { namesIn } from '../folder-names.js';
import { copyLakeRows } from '../lake-copy.js';
import { LAKE_TABLES } from '../../lake/tables.js';

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
  /** Told how long each step took (the benchmark prints the breakdown). */
  onStep?: (step: BulkLoadStep, seconds: number) => void;
}

export type BulkLoadStep = 'read and check' | 'problems' | 'locate' | 'local days' | 'sort and write';

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
    `SELECT DISTINCT k_state AS state, k_postcode AS postcode, k_lga AS lga FROM staged
     WHERE problem IS NULL AND NOT k_has_point AND (k_postcode IS NOT NULL OR k_lga IS NOT NULL)`,
  );
  const appender = await connection.createAppender('approx');
  for (const key of keys) {
    const found = approximateLocation(locator, key.state, key.postcode, key.lga);
    if (!found) continue;
    // Absent keys are '' so that the join is a plain equality (a hash join).
    appender.appendVarchar(key.state);
    appender.appendVarchar(key.postcode ?? '');
    appender.appendVarchar(key.lga ?? '');
    appender.appendDouble(found.latitude);
    appender.appendDouble(found.longitude);
    appender.appendVarchar(found.lga);
    appender.appendVarchar(found.precision);
    appender.endRow();
  }
  appender.closeSync();
}

const bucketFileName = (bucket: YearBucket): string => `part-${bucket.years[0]}-${bucket.years[1]}`;

/**
 * One file per bucket, each its own sort: a bucket's rows are read from the staged rows by state and
 * start year, so no sorted copy of the whole archive is ever held.
 */
async function writeFiles(
  connection: DuckDBConnection,
  outDir: string,
  select: string,
  buckets: readonly YearBucket[],
): Promise<ArchivePartFile[]> {
  const files: ArchivePartFile[] = [];
  for (const bucket of buckets) {
    const directory = `state=${bucket.state}`;
    const path = `${directory}/${bucketFileName(bucket)}.parquet`;
    const target = join(outDir, path);
    await mkdir(join(outDir, directory), { recursive: true });
    const rowGroups = Math.max(1, Math.round(bucket.rows / TARGET_ROW_GROUP));
    await copyLakeRows(
      connection,
      LAKE_TABLES.archive,
      `SELECT ${select} FROM (${GOOD_ROWS_SQL}
         AND s.k_state = ${sqlText(bucket.state)} AND s.start_year BETWEEN ${bucket.years[0]} AND ${bucket.years[1]}) s
       ORDER BY s.start_date, s.k_ordinal`,
      target,
      Math.ceil(bucket.rows / rowGroups),
    );
    const [stats] = await rows<{ rows: bigint; row_groups: bigint; min_start: string; max_start: string }>(
      connection,
      `SELECT sum(row_group_num_rows) AS rows, count(*) AS row_groups,
              min(stats_min_value) AS min_start, max(stats_max_value) AS max_start
       FROM parquet_metadata(${sqlText(target)}) WHERE path_in_schema = 'event_start_date'`,
    );
    files.push({
      path,
      state: bucket.state,
      years: bucket.years,
      rows: Number(stats!.rows),
      bytes: (await stat(target)).size,
      rowGroups: Number(stats!.row_groups),
      minStartDate: stats!.min_start,
      maxStartDate: stats!.max_start,
    });
  }
  return files;
}

async function assertEmpty(directory: string): Promise<void> {
  const entries = await namesIn(directory);
  if (entries.length > 0) throw new Error(`the output folder is not empty: ${directory}`);
}

/** An in-memory DuckDB with the load's settings (threads, memory, spill folder) where given. */
function openLoadInstance(options: BulkLoadOptions): Promise<DuckDBInstance> {
  return DuckDBInstance.create(':memory:', {
    ...(options.threads ? { threads: String(options.threads) } : {}),
    ...(options.memoryLimit ? { memory_limit: options.memoryLimit } : {}),
    ...(options.tempDirectory ? { temp_directory: options.tempDirectory } : {}),
  });
}

/** Tells `onStep` the seconds since the previous step ended (or since the timer was made). */
function stepTimer(onStep: BulkLoadOptions['onStep']): (step: BulkLoadStep) => void {
  let stepStarted = performance.now();
  return (step) => {
    const now = performance.now();
    onStep?.(step, (now - stepStarted) / 1000);
    stepStarted = now;
  };
}

/** Reads the input whole into `staged`, each row with its problem (or null) and its key columns. */
async function stageInput(
  connection: DuckDBConnection,
  input: string,
): Promise<{ csv: boolean; holdings: Holdings }> {
  for (const macro of MAPPING_MACROS) await connection.run(macro);
  const source = sourceSql(input);
  const holdings = await holdingsOf(connection, source.sql);
  // Insertion order is kept, so a staged row's rowid is its ordinal among the records read.
  await connection.run(
    `CREATE TEMP TABLE staged AS
       SELECT *, ${problemSql(holdings)} AS problem, ${keyColumnsSql(holdings)} FROM ${source.sql}`,
  );
  return { csv: source.csv, holdings };
}

/**
 * The problems of the load by input line: lines the CSV reader rejected, and staged rows that break
 * an interchange rule; with how many records were read.
 */
async function collectProblems(
  connection: DuckDBConnection,
  csv: boolean,
): Promise<{ problems: RowProblem[]; rowsRead: number }> {
  const rejected = csv
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
  const [total] = await rows<{ n: bigint }>(connection, 'SELECT count(*) AS n FROM staged');
  return { problems, rowsRead: Number(total!.n) + rejected.length };
}

/** The files to write: each state's start years grouped into spans of at most `maxRowsPerFile`. */
async function planArchiveBuckets(
  connection: DuckDBConnection,
  maxRowsPerFile: number,
): Promise<YearBucket[]> {
  const yearCounts = await rows<{ state: StateCode; year: number; rows: bigint }>(
    connection,
    `SELECT k_state AS state, start_year AS year, count(*) AS rows FROM staged WHERE problem IS NULL
       GROUP BY ALL ORDER BY ALL`,
  );
  return planBuckets(
    yearCounts.map((count) => ({ ...count, rows: Number(count.rows) })),
    maxRowsPerFile,
  );
}

export async function loadArchiveBulk(options: BulkLoadOptions): Promise<BulkLoadResult> {
  await assertEmpty(options.outDir);
  await mkdir(options.outDir, { recursive: true });
  const instance = await openLoadInstance(options);
  const connection = await instance.connect();
  const stepDone = stepTimer(options.onStep);
  try {
    const { csv, holdings } = await stageInput(connection, options.input);
    stepDone('read and check');
    const { problems, rowsRead } = await collectProblems(connection, csv);
    stepDone('problems');

    await stageApproximateLocations(connection, options.locator);
    stepDone('locate');
    for (const statement of daysTableSql()) await connection.run(statement);
    stepDone('local days');

    const buckets = await planArchiveBuckets(connection, options.maxRowsPerFile ?? 1_000_000);
    const select = recordSelectSql(holdings, options.loadedAt);
    const files = await writeFiles(connection, options.outDir, select, buckets);
    stepDone('sort and write');
    return {
      files,
      rowsRead,
      records: files.reduce((sum, file) => sum + file.rows, 0),
      problems: addProblems(emptyProblemSummary(), problems),
    };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
