import * as wf from '@temporalio/workflow';
import type {
  ArchiveActivities,
  ArchiveCheckpoint,
  ArchiveLoadRequest,
  ReadArchiveSliceResult,
} from '../activities/index.js';
import {
  NO_COUNTS,
  PROBLEMS_SHOWN,
  type ArchiveLoadFormat,
  type ArchiveLoadMode,
  type ArchiveLoadProgress,
  type ArchiveLoadResult,
} from '../model/index.js';
import { ARCHIVE_STEP, archiveReading, archiveWriting } from './activity-policies.js';

export interface ArchiveLoadInput {
  /** Absolute path, readable by the warehouse worker. */
  file: string;
  format: ArchiveLoadFormat;
  /** The source's name: its lake folder; a later load of the same source replaces this one. */
  source: string;
  /**
   * Other sources the load replaces whole, in the same lake generation (the demo switching between its
   * generated and its real archive). Activity input only: no command depends on it.
   */
  replaces?: string[];
  /** `bulk` (default for interchange files) or `streaming` (always for AIDR files). */
  mode?: ArchiveLoadMode;
  warehouseTaskQueue: string;
  /** Rows per staged batch of a streaming load (default 20,000). */
  batchSize?: number;
  /** How long one streaming slice reads before reporting progress (default 5 s). */
  sliceMs?: number;
  /** How soon a lost worker is noticed (default 30 s). */
  heartbeatTimeoutSeconds?: number;
}

export const archiveProgressQuery = wf.defineQuery<ArchiveLoadProgress>('progress');

/** The load's activities: quick steps, and the long reads and writes that heartbeat. */
interface ArchiveLoadActivities {
  quick: wf.ActivityInterfaceFor<ArchiveActivities>;
  reading: wf.ActivityInterfaceFor<ArchiveActivities>;
  writing: wf.ActivityInterfaceFor<ArchiveActivities>;
}

/**
 * One archive load: checks the file, reads it (in bulk, or in checkpointed streaming slices), writes
 * the archive's lake files and publishes them in place of the source's earlier files. `progress`
 * answers rows and bytes done, problems met so far, and the result at the end.
 */
export async function archiveLoad(input: ArchiveLoadInput): Promise<ArchiveLoadResult> {
  const activities = archiveActivities(input);
  const request = loadRequest(input);
  const progress = initialProgress(input, request);
  wf.setHandler(archiveProgressQuery, () => progress);
  wf.setCurrentDetails(`Archive load of ${input.file} (${input.format}) as source **${input.source}**`);

  try {
    const prepared = await activities.quick.prepareArchiveLoad({ ...request, mode: input.mode });
    progress.mode = prepared.mode;
    progress.totalBytes = prepared.totalBytes;
    progress.phase = 'reading';
    const result =
      prepared.mode === 'bulk'
        ? await activities.writing.bulkLoadArchive(request)
        : await streamArchive(input, activities, request, progress);
    progress.counts = result.counts;
    progress.problems = result.problems;
    progress.result = result;
    progress.phase = 'done';
    wf.setCurrentDetails(
      `Loaded ${result.counts.records} records of **${input.source}** in ${result.files} files (generation ${result.generation}); ${result.counts.rejectedRows} rows set aside`,
    );
    return result;
  } catch (error) {
    recordFailure(progress, error);
    throw error;
  }
}

function archiveActivities(input: ArchiveLoadInput): ArchiveLoadActivities {
  const heartbeatTimeout = `${input.heartbeatTimeoutSeconds ?? 30} seconds`;
  const quick = wf.proxyActivities<ArchiveActivities>({
    taskQueue: input.warehouseTaskQueue,
    ...ARCHIVE_STEP,
  });
  const reading = wf.proxyActivities<ArchiveActivities>({
    taskQueue: input.warehouseTaskQueue,
    ...archiveReading(heartbeatTimeout),
  });
  const writing = wf.proxyActivities<ArchiveActivities>({
    taskQueue: input.warehouseTaskQueue,
    ...archiveWriting(heartbeatTimeout),
  });
  return { quick, reading, writing };
}

function loadRequest(input: ArchiveLoadInput): ArchiveLoadRequest {
  return {
    loadId: wf.workflowInfo().workflowId,
    file: input.file,
    format: input.format,
    source: input.source,
    loadedAt: new Date().toISOString(),
    ...(input.replaces?.length ? { replaces: input.replaces } : {}),
  };
}

function initialProgress(input: ArchiveLoadInput, request: ArchiveLoadRequest): ArchiveLoadProgress {
  return {
    loadId: request.loadId,
    file: input.file,
    format: input.format,
    source: input.source,
    mode: null,
    phase: 'preparing',
    startedAt: request.loadedAt,
    totalBytes: 0,
    counts: NO_COUNTS,
    problems: [],
    resumedAt: [],
  };
}

/** A streaming load: reads the file slice by slice from each checkpoint, then writes and publishes it. */
async function streamArchive(
  input: ArchiveLoadInput,
  activities: ArchiveLoadActivities,
  request: ArchiveLoadRequest,
  progress: ArchiveLoadProgress,
): Promise<ArchiveLoadResult> {
  let from: ArchiveCheckpoint | null = null;
  for (;;) {
    const slice: ReadArchiveSliceResult = await activities.reading.readArchiveSlice({
      ...request,
      from,
      counts: progress.counts,
      batchSize: input.batchSize ?? 20_000,
      sliceMs: input.sliceMs ?? 5_000,
    });
    from = slice.checkpoint;
    recordSlice(progress, slice);
    if (slice.done) break;
  }
  progress.phase = 'writing';
  return activities.writing.finishArchiveLoad(request);
}

/** A slice's counts, where it resumed from, and its problems while fewer than PROBLEMS_SHOWN are kept. */
function recordSlice(progress: ArchiveLoadProgress, slice: ReadArchiveSliceResult): void {
  if (slice.resumedFrom) progress.resumedAt.push(slice.resumedFrom);
  progress.counts = slice.counts;
  progress.problems.push(...slice.problems.slice(0, Math.max(0, PROBLEMS_SHOWN - progress.problems.length)));
}

function recordFailure(progress: ArchiveLoadProgress, error: unknown): void {
  progress.phase = wf.isCancellation(error) ? 'cancelled' : 'failed';
  // An activity's failure says what went wrong in its cause.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  progress.error = cause instanceof Error ? cause.message : String(cause);
}
