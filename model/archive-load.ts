import { isRejection, type RowProblem } from './archive.js';

/** Running totals of an archive load, kept as it reads and reported by its progress. */
export interface ArchiveLoadCounts {
  /** CSV records (or Parquet rows) read, readable or not. */
  rowsRead: number;
  /** Archive records made (an AIDR event of three states makes three). */
  records: number;
  rejectedRows: number;
  warnings: number;
  byProblem: Partial<Record<RowProblem['problem'], number>>;
  /** Bytes of the input read so far (streaming). */
  bytesRead: number;
}

export const NO_COUNTS: ArchiveLoadCounts = {
  rowsRead: 0,
  records: 0,
  rejectedRows: 0,
  warnings: 0,
  byProblem: {},
  bytesRead: 0,
};

/** The totals after one more batch (a new object: the totals before stay as they were). */
export function addBatchCounts(
  counts: ArchiveLoadCounts,
  batch: { rowsRead: number; records: number; problems: readonly RowProblem[]; bytesRead: number },
): ArchiveLoadCounts {
  const byProblem = { ...counts.byProblem };
  let rejectedRows = counts.rejectedRows;
  let warnings = counts.warnings;
  for (const problem of batch.problems) {
    if (isRejection(problem)) rejectedRows += 1;
    else warnings += 1;
    byProblem[problem.problem] = (byProblem[problem.problem] ?? 0) + 1;
  }
  return {
    rowsRead: counts.rowsRead + batch.rowsRead,
    records: counts.records + batch.records,
    rejectedRows,
    warnings,
    byProblem,
    bytesRead: batch.bytesRead,
  };
}

export const ARCHIVE_LOAD_FORMATS = ['interchange', 'aidr'] as const;
export type ArchiveLoadFormat = (typeof ARCHIVE_LOAD_FORMATS)[number];

/**
 * `bulk`: DuckDB reads the whole file in one pass (interchange CSV or Parquet); a worker lost mid-way
 * starts it again. `streaming`: batches of rows, each staged and checkpointed, so a lost worker's
 * successor carries on after the last checkpoint (any CSV, and the only way for AIDR files).
 */
export const ARCHIVE_LOAD_MODES = ['bulk', 'streaming'] as const;
export type ArchiveLoadMode = (typeof ARCHIVE_LOAD_MODES)[number];

/** A source name: the lake folder of its files, and what a later load of the same source replaces. */
export const ARCHIVE_SOURCE_PATTERN = /^[a-z][a-z0-9_-]{0,39}$/;

/** The result of a load: also written in full (every problem kept) to `reportPath`. */
/** Rows of one archive source. */
export interface ArchiveSourceRows {
  source: string;
  rows: number;
}

/** What removing a source from the archive did (`npm run archive -- remove`). */
export interface ArchiveSourceRemoval {
  source: string;
  /** Files and rows that left the lake: none when the source held none. */
  files: number;
  rows: number;
  /** The generation without the source; null when nothing was published. */
  generation: number | null;
  /** The archive's sources after the removal, with their rows. */
  remaining: ArchiveSourceRows[];
}

export interface ArchiveLoadResult {
  loadId: string;
  source: string;
  mode: ArchiveLoadMode;
  counts: ArchiveLoadCounts;
  /** Lake files written (state × span of start years). */
  files: number;
  bytes: number;
  /** The lake generation that made the load visible. */
  generation: number;
  /** Rows of earlier loads of the source that the load replaced. */
  replacedRows: number;
  /**
   * Rows other sources held under ids this load brought: now the load's, as an id is kept once and the
   * newest load wins (ADR 22). Absent in results of loads before it.
   */
  takenOver?: ArchiveSourceRows[];
  /** Sources the load replaced whole as it asked (`replaces`), with their rows. */
  replacedSources?: ArchiveSourceRows[];
  /** The first problems with their lines; the report lists up to 10,000. */
  problems: RowProblem[];
  problemsTruncated: boolean;
  /** Relative to DATA_DIR. */
  reportPath: string;
}

export const ARCHIVE_LOAD_PHASES = [
  'preparing',
  'reading',
  'writing',
  'done',
  'failed',
  'cancelled',
] as const;
export type ArchiveLoadPhase = (typeof ARCHIVE_LOAD_PHASES)[number];

/** The `progress` query of an archive load. */
export interface ArchiveLoadProgress {
  loadId: string;
  file: string;
  format: ArchiveLoadFormat;
  source: string;
  mode: ArchiveLoadMode | null;
  phase: ArchiveLoadPhase;
  startedAt: string;
  totalBytes: number;
  counts: ArchiveLoadCounts;
  /** The first problems met, with their lines. */
  problems: RowProblem[];
  /** Checkpoints (file line, byte) a streaming load carried on from after losing its worker. */
  resumedAt: { line: number; byte: number }[];
  result?: ArchiveLoadResult;
  error?: string;
}

/**
 * Whether a load's counts say nothing yet: a bulk load reads the whole file in one pass, so its rows,
 * records and bytes are known when that pass ends (the watchers show it as under way, not as 0).
 */
export function countsAtEnd(progress: Pick<ArchiveLoadProgress, 'mode' | 'phase'>): boolean {
  return progress.mode === 'bulk' && progress.phase === 'reading';
}

/** Problems a progress or a result lists; the report file keeps up to 10,000. */
export const PROBLEMS_SHOWN = 20;
