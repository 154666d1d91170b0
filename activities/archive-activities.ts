import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { dataLayout } from '../config/index.js';
import { ARCHIVE_FILE_COLUMNS } from '../lake/archive-columns.js';
import type { LakeFile } from '../lake/manifest.js';
import { fileRelation } from '../lake/read.js';
import {
  addBatchCounts,
  addProblems,
  emptyProblemSummary,
  NO_COUNTS,
  PROBLEMS_SHOWN,
  type ApproximateLocator,
  type ArchiveLoadCounts,
  type ArchiveLoadMode,
  type ArchiveLoadResult,
  type ArchiveSourceRemoval,
  type ProblemSummary,
} from '../model/index.js';
import {
  ArchiveHeaderError,
  readArchiveCsv,
  readCsvHeader,
  AIDR_REQUIRED_HEADER,
  INTERCHANGE_REQUIRED_HEADER,
  type ByteSource,
} from '../sources/archive/index.js';
import {
  archiveLoadTag,
  filesOfLoad,
  loadArchiveBulk,
  MissingColumnsError,
  moveBulkFilesToLake,
  publishArchiveLoad,
  publishWithoutArchiveSource,
  stageBatch,
  stagedBatches,
  stagedRowsFile,
  writeArchiveLakeFiles,
} from '../warehouse/archive/index.js';
import { sqlString } from '../warehouse/sql.js';
import { currentManifest } from '../warehouse/publication.js';
import type { Warehouse } from '../warehouse/warehouse.js';
import type {
  ArchiveLoadRequest,
  ArchiveSliceHeartbeat,
  PrepareArchiveLoadResult,
  ReadArchiveSliceInput,
  ReadArchiveSliceResult,
} from './archive-contracts.js';
import { currentActivity, heartbeating } from './heartbeat.js';

export interface ArchiveDeps {
  dataDir: string;
  lakeDir: string;
  warehouse: Warehouse;
  /** The postcode/LGA lookup, built on first use (geography files are large). */
  locator: () => Promise<ApproximateLocator>;
}

/** Failure types a retry cannot fix: the load fails at once and says why. */
export const ARCHIVE_LOAD_FAILURES = {
  missingFile: 'ArchiveFileMissing',
  badHeader: 'ArchiveHeaderInvalid',
  badRequest: 'ArchiveLoadInvalid',
} as const;

const safeName = (loadId: string): string => loadId.replace(/[^\w.-]/g, '_');
const isParquet = (file: string): boolean => file.toLowerCase().endsWith('.parquet');

/** Stops before anything is published when the load was cancelled (a cancelled load leaves the lake alone). */
function throwIfCancelled(): void {
  const signal = currentActivity()?.cancellationSignal;
  if (signal?.aborted) throw new CancelledFailure('the archive load was cancelled');
}

async function withDuckDb<T>(tempDirectory: string, work: (connection: DuckDBConnection) => Promise<T>) {
  await mkdir(tempDirectory, { recursive: true });
  const instance = await DuckDBInstance.create(':memory:', { threads: '2', temp_directory: tempDirectory });
  const connection = await instance.connect();
  try {
    return await work(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** The report a load writes: its result with every problem kept (up to 10,000). */
interface ArchiveLoadReport extends ArchiveLoadResult {
  allProblems: ProblemSummary;
}

/** What the archive activities share: their deps and the load's paths under the data folder. */
interface ArchiveContext extends ArchiveDeps {
  stagedDir: (loadId: string) => string;
  reportPath: (loadId: string) => string;
}

function archiveContext(deps: ArchiveDeps): ArchiveContext {
  const layout = dataLayout(deps.dataDir);
  return {
    ...deps,
    stagedDir: (loadId) => join(layout.stagedDir, 'archive', safeName(loadId)),
    reportPath: (loadId) => layout.archiveReportRef(safeName(loadId)),
  };
}

const open =
  (file: string): ByteSource =>
  (start) =>
    createReadStream(file, { start, highWaterMark: 256 * 1024 });

async function readReport(
  { dataDir, reportPath }: ArchiveContext,
  loadId: string,
): Promise<ArchiveLoadResult | undefined> {
  try {
    const { allProblems: _all, ...result } = JSON.parse(
      await readFile(join(dataDir, reportPath(loadId)), 'utf8'),
    ) as ArchiveLoadReport;
    return result;
  } catch {
    return undefined;
  }
}

/** A load published already (the activity is retried after its publish): its report, unchanged. */
async function publishedResult(
  archive: ArchiveContext,
  loadId: string,
): Promise<ArchiveLoadResult | undefined> {
  const { warehouse, lakeDir } = archive;
  const manifest = await warehouse.exclusive(() => currentManifest(warehouse.db, lakeDir));
  if (filesOfLoad(manifest, archiveLoadTag(loadId)).length === 0) return undefined;
  return readReport(archive, loadId);
}

/** A load's outcome as counted while reading it, and how its lake files are written. */
interface LoadToFinish {
  request: ArchiveLoadRequest;
  mode: ArchiveLoadMode;
  counts: ArchiveLoadCounts;
  problems: ProblemSummary;
  write: (connection: DuckDBConnection, tag: string) => Promise<LakeFile[]>;
}

/** Writes the load's lake files and publishes them in place of the source's, unless cancelled. */
async function writeAndPublish(
  { lakeDir, warehouse, stagedDir }: ArchiveContext,
  { request, problems, write }: LoadToFinish,
) {
  const tag = archiveLoadTag(request.loadId);
  return withDuckDb(join(stagedDir(request.loadId), 'spill'), async (c) => {
    const written = await write(c, tag);
    if (written.length === 0) {
      // Publishing nothing would empty the source: a file with no good row is a mistake, not a load.
      throw ApplicationFailure.nonRetryable(
        `no row of ${request.file} could be loaded (${problems.rejectedRows} set aside, first at line ${problems.problems[0]?.line ?? '?'}); the earlier files of "${request.source}" stay`,
        ARCHIVE_LOAD_FAILURES.badRequest,
      );
    }
    throwIfCancelled();
    return {
      files: written,
      published: await publishArchiveLoad(warehouse, {
        connection: c,
        lakeDir,
        source: request.source,
        tag,
        files: written,
        replaces: request.replaces ?? [],
        now: new Date(),
      }),
    };
  });
}

/** Publishes the load, then writes its report and clears what it staged. */
async function finish(archive: ArchiveContext, load: LoadToFinish): Promise<ArchiveLoadResult> {
  const { request, mode, counts, problems } = load;
  const { files, published } = await writeAndPublish(archive, load);
  const { manifest, replacedRows, takenOver, replacedSources } = published;
  const result: ArchiveLoadResult = {
    loadId: request.loadId,
    source: request.source,
    mode,
    counts: { ...counts, records: files.reduce((sum, file) => sum + file.rows, 0) },
    files: files.length,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    generation: manifest.generation,
    replacedRows,
    takenOver,
    replacedSources,
    problems: problems.problems.slice(0, PROBLEMS_SHOWN),
    problemsTruncated: problems.problems.length > PROBLEMS_SHOWN || problems.truncated,
    reportPath: archive.reportPath(request.loadId),
  };
  const report: ArchiveLoadReport = { ...result, allProblems: problems };
  const reportFile = join(archive.dataDir, result.reportPath);
  await mkdir(dirname(reportFile), { recursive: true });
  await writeFile(reportFile, JSON.stringify(report, null, 1));
  await rm(archive.stagedDir(request.loadId), { recursive: true, force: true });
  return result;
}

/** Fails the load at once when a CSV file lacks a column its format requires. */
async function checkCsvHeader(request: ArchiveLoadRequest): Promise<void> {
  const header = await readCsvHeader(open(request.file)).catch((error: unknown) => {
    throw ApplicationFailure.nonRetryable(String(error), ARCHIVE_LOAD_FAILURES.badHeader);
  });
  const required = request.format === 'aidr' ? AIDR_REQUIRED_HEADER : INTERCHANGE_REQUIRED_HEADER;
  const missing = required.filter((name) => !header.includes(name));
  if (missing.length > 0) {
    throw ApplicationFailure.nonRetryable(
      new ArchiveHeaderError(request.format, missing).message,
      ARCHIVE_LOAD_FAILURES.badHeader,
    );
  }
}

/** Checks the input (exists, has the format's columns) and picks the mode. */
function prepareArchiveLoad({ stagedDir }: ArchiveContext) {
  return async (
    request: ArchiveLoadRequest & { mode?: ArchiveLoadMode | undefined },
  ): Promise<PrepareArchiveLoadResult> => {
    const info = await stat(request.file).catch(() => undefined);
    if (!info?.isFile()) {
      throw ApplicationFailure.nonRetryable(
        `no archive file at ${request.file} (the path must be readable by the warehouse worker)`,
        ARCHIVE_LOAD_FAILURES.missingFile,
      );
    }
    const parquet = isParquet(request.file);
    if (parquet && (request.format !== 'interchange' || request.mode === 'streaming')) {
      throw ApplicationFailure.nonRetryable(
        'a Parquet archive file is loaded in bulk, in the interchange format only',
        ARCHIVE_LOAD_FAILURES.badRequest,
      );
    }
    if (!parquet) await checkCsvHeader(request);
    const mode = request.format === 'aidr' ? 'streaming' : (request.mode ?? 'bulk');
    // A fresh start of a streaming load: nothing staged by an earlier run of the same id is kept.
    if (mode === 'streaming') await rm(stagedDir(request.loadId), { recursive: true, force: true });
    return { mode, totalBytes: info.size };
  };
}

/**
 * Reads batches from a checkpoint, staging each, for about `sliceMs`. Each batch is heartbeated
 * with its checkpoint: a retry after a lost worker carries on after the last one heartbeated.
 */
function readArchiveSlice({ stagedDir, locator }: ArchiveContext) {
  return async (input: ReadArchiveSliceInput): Promise<ReadArchiveSliceResult> => {
    const context = currentActivity();
    const resumed = context?.info.heartbeatDetails as ArchiveSliceHeartbeat | undefined;
    let checkpoint = resumed?.checkpoint ?? input.from ?? { line: 0, byte: 0 };
    let counts = resumed?.counts ?? input.counts;
    const problems: ReadArchiveSliceResult['problems'] = [];
    const started = Date.now();
    const dir = stagedDir(input.loadId);
    const batches = readArchiveCsv(open(input.file), {
      format: input.format,
      batchSize: input.batchSize,
      ...(checkpoint.byte > 0 ? { from: checkpoint } : {}),
      context: { locator: await locator(), loadedAt: input.loadedAt },
    });
    let done = true;
    for await (const batch of batches) {
      throwIfCancelled();
      await stageBatch(dir, {
        start: checkpoint.byte,
        checkpoint: batch.checkpoint,
        rowsRead: batch.rowsRead,
        records: batch.records.length,
        problems: batch.problems,
        rows: batch.records,
      });
      checkpoint = batch.checkpoint;
      counts = addBatchCounts(counts, {
        rowsRead: batch.rowsRead,
        records: batch.records.length,
        problems: batch.problems,
        bytesRead: checkpoint.byte,
      });
      problems.push(...batch.problems.slice(0, Math.max(0, PROBLEMS_SHOWN - problems.length)));
      context?.heartbeat({ checkpoint, counts } satisfies ArchiveSliceHeartbeat);
      if (Date.now() - started >= input.sliceMs) {
        done = false;
        break;
      }
    }
    return { checkpoint, counts, problems, done, resumedFrom: resumed?.checkpoint ?? null };
  };
}

/** The SQL relation of a streaming load's staged rows (an empty archive relation when none has a record). */
function stagedRowsRelation(
  lakeDir: string,
  dir: string,
  batches: Awaited<ReturnType<typeof stagedBatches>>,
) {
  const rowFiles = batches
    .filter((batch) => batch.records > 0)
    .map((batch) => sqlString(stagedRowsFile(dir, batch.start)));
  const columns = ARCHIVE_FILE_COLUMNS.map((column) => `${column.name}: '${column.sql}'`).join(', ');
  return rowFiles.length === 0
    ? fileRelation(lakeDir, 'archive', [])
    : `read_json([${rowFiles.join(', ')}], format = 'newline_delimited', columns = {${columns}})`;
}

/** Writes a streaming load's staged batches to the lake and publishes them in place of the source's. */
function finishArchiveLoad(archive: ArchiveContext) {
  const { lakeDir, stagedDir } = archive;
  return (request: ArchiveLoadRequest): Promise<ArchiveLoadResult> =>
    heartbeating(async () => {
      const published = await publishedResult(archive, request.loadId);
      if (published) return published;
      const batches = await stagedBatches(stagedDir(request.loadId));
      let counts = NO_COUNTS;
      const problems = emptyProblemSummary();
      for (const batch of batches) {
        counts = addBatchCounts(counts, { ...batch, bytesRead: batch.checkpoint.byte });
        addProblems(problems, batch.problems);
      }
      const relation = stagedRowsRelation(lakeDir, stagedDir(request.loadId), batches);
      return finish(archive, {
        request,
        mode: 'streaming',
        counts,
        problems,
        write: (connection, tag) =>
          writeArchiveLakeFiles(connection, { relation, lakeDir, source: request.source, tag }),
      });
    });
}

/** Publishes the lake without a source's archive files (`npm run archive -- remove`). */
function removeArchiveSource({ warehouse, lakeDir }: ArchiveContext) {
  return (input: { source: string }): Promise<ArchiveSourceRemoval> =>
    publishWithoutArchiveSource(warehouse, { lakeDir, source: input.source, now: new Date() });
}

/** Loads an interchange file in one DuckDB pass and publishes it in place of the source's files. */
function bulkLoadArchive(archive: ArchiveContext) {
  const { lakeDir, stagedDir, locator } = archive;
  return (request: ArchiveLoadRequest): Promise<ArchiveLoadResult> =>
    heartbeating(async () => {
      const published = await publishedResult(archive, request.loadId);
      if (published) return published;
      const outDir = join(stagedDir(request.loadId), 'bulk');
      await rm(stagedDir(request.loadId), { recursive: true, force: true });
      const bulk = await loadArchiveBulk({
        input: request.file,
        outDir,
        locator: await locator(),
        loadedAt: request.loadedAt,
        threads: 2,
        tempDirectory: join(stagedDir(request.loadId), 'spill'),
      }).catch((error: unknown) => {
        if (error instanceof MissingColumnsError) {
          throw ApplicationFailure.nonRetryable(error.message, ARCHIVE_LOAD_FAILURES.badHeader);
        }
        throw error;
      });
      const counts: ArchiveLoadCounts = {
        ...NO_COUNTS,
        rowsRead: bulk.rowsRead,
        records: bulk.records,
        rejectedRows: bulk.problems.rejectedRows,
        warnings: bulk.problems.warnings,
        byProblem: bulk.problems.byProblem,
        bytesRead: (await stat(request.file)).size,
      };
      return finish(archive, {
        request,
        mode: 'bulk',
        counts,
        problems: bulk.problems,
        write: (connection, tag) =>
          moveBulkFilesToLake(connection, {
            outDir,
            files: bulk.files,
            lakeDir,
            source: request.source,
            tag,
          }),
      });
    });
}

/** Activities of archive loads, on the warehouse task queue (the process that publishes the lake). */
export function createArchiveActivities(deps: ArchiveDeps) {
  const archive = archiveContext(deps);
  return {
    prepareArchiveLoad: prepareArchiveLoad(archive),
    readArchiveSlice: readArchiveSlice(archive),
    finishArchiveLoad: finishArchiveLoad(archive),
    removeArchiveSource: removeArchiveSource(archive),
    bulkLoadArchive: bulkLoadArchive(archive),
  };
}

export type ArchiveActivities = ReturnType<typeof createArchiveActivities>;
