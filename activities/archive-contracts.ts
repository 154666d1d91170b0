import type { ArchiveLoadCounts, ArchiveLoadFormat, ArchiveLoadMode, RowProblem } from '../model/index.js';

/**
 * Inputs, results and progress of archive loads (workflows/archive-load.ts). Small and JSON-safe: they
 * travel through workflow history. Rows never do: they are staged in files under DATA_DIR.
 */

export interface ArchiveLoadRequest {
  /** The workflow id; names the staged files, the report and the load's lake files. */
  loadId: string;
  /** Absolute path of the input, readable by the warehouse worker. */
  file: string;
  format: ArchiveLoadFormat;
  source: string;
  /** Every record's `fetched_at`: the workflow's start, the same on every retry. */
  loadedAt: string;
  /** Other sources the load's publish removes whole (ArchiveLoadInput.replaces). */
  replaces?: string[];
}

/** After a batch: the last file line read and the byte where the next record starts. */
export interface ArchiveCheckpoint {
  line: number;
  byte: number;
}

export interface PrepareArchiveLoadResult {
  mode: ArchiveLoadMode;
  totalBytes: number;
}

export interface ReadArchiveSliceInput extends ArchiveLoadRequest {
  /** Where the previous slice stopped; null for the first. */
  from: ArchiveCheckpoint | null;
  /** Counts of the slices before this one: a slice returns the running totals. */
  counts: ArchiveLoadCounts;
  /** Rows per staged batch: the same for every slice of a load (staged files are named by it). */
  batchSize: number;
  /** A slice stops after the batch that takes it past this long, so progress reaches the workflow. */
  sliceMs: number;
}

export interface ReadArchiveSliceResult {
  checkpoint: ArchiveCheckpoint;
  counts: ArchiveLoadCounts;
  /** The first few problems this slice met, for progress. */
  problems: RowProblem[];
  done: boolean;
  /** Set when this attempt carried on from a heartbeated checkpoint of an attempt whose worker was lost. */
  resumedFrom: ArchiveCheckpoint | null;
}

/** What an activity heartbeats while it reads: a retry after a lost worker carries on from here. */
export interface ArchiveSliceHeartbeat {
  checkpoint: ArchiveCheckpoint;
  counts: ArchiveLoadCounts;
}
