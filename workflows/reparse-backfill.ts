import * as wf from '@temporalio/workflow';
import type { BackfillActivities, ReparseSliceResult } from '../activities/index.js';
import { NO_REPARSE_COUNTS, type ReparseCounts, type ReparseProgress } from '../model/index.js';
import { reparseSlice } from './activity-policies.js';

export interface ReparseBackfillInput {
  feedKey: string;
  /** `YYYY-MM-DD`, both inclusive (UTC days). */
  from: string;
  to: string;
  warehouseTaskQueue: string;
  /** How long one slice works before reporting progress (default 5 s). */
  sliceMs?: number;
  /** How soon a lost worker is noticed (default 30 s). */
  heartbeatTimeoutSeconds?: number;
}

export const reparseProgressQuery = wf.defineQuery<ReparseProgress>('progress');

/**
 * Re-parses a feed's kept bodies over a window of days with today's parsers and rewrites the
 * versions those polls opened (docs/adr/0017-reparse-backfills.md). Slices heartbeat after each group
 * of polls, so a lost worker's successor carries on after the last group applied.
 */
export async function reparseBackfill(input: ReparseBackfillInput): Promise<ReparseCounts> {
  const activities = wf.proxyActivities<BackfillActivities>({
    taskQueue: input.warehouseTaskQueue,
    ...reparseSlice(`${input.heartbeatTimeoutSeconds ?? 30} seconds`),
  });
  const progress: ReparseProgress = {
    backfillId: wf.workflowInfo().workflowId,
    feedKey: input.feedKey,
    from: input.from,
    to: input.to,
    phase: 'planning',
    startedAt: new Date().toISOString(),
    totalPolls: 0,
    reachesLatest: false,
    counts: NO_REPARSE_COUNTS,
  };
  wf.setHandler(reparseProgressQuery, () => progress);
  wf.setCurrentDetails(`Re-parse of **${input.feedKey}** from ${input.from} to ${input.to}`);
  try {
    const plan = await activities.planReparse(input);
    progress.totalPolls = plan.polls;
    progress.reachesLatest = plan.reachesLatest;
    progress.phase = 'reparsing';
    let after: string | null = null;
    for (;;) {
      const slice: ReparseSliceResult = await activities.reparseSlice({
        ...input,
        after,
        counts: progress.counts,
        sliceMs: input.sliceMs ?? 5_000,
      });
      after = slice.after;
      progress.counts = slice.counts;
      if (slice.done) break;
    }
    progress.phase = 'done';
    wf.setCurrentDetails(
      `Re-parsed ${progress.counts.polls} bodies of **${input.feedKey}**: ${progress.counts.changed} versions changed, ${progress.counts.unchanged} unchanged`,
    );
    return progress.counts;
  } catch (error) {
    progress.phase = wf.isCancellation(error) ? 'cancelled' : 'failed';
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    progress.error = cause instanceof Error ? cause.message : String(cause);
    throw error;
  }
}
