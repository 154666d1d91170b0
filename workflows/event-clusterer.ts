import * as wf from '@temporalio/workflow';
import type { ClusterEventsResult, EventActivities } from '../activities/index.js';
import { CARRIED_MEMO_KEY } from '../model/index.js';
import { EVENT_CLUSTERING } from './activity-policies.js';
import { STEADY_POLLING_PATCH } from './patches.js';
import { PollRequests } from './poll-requests.js';

export interface EventClustererInput {
  warehouseTaskQueue: string;
  /**
   * How long it waits for a publication before clustering anyway (default 5 minutes): on a quiet
   * service, grace periods and retention still run out.
   */
  idleRefresh?: string;
  /** Runs per execution before continuing as new (default 200), keeping history short. */
  runsPerExecution?: number;
  /** State carried across continue-as-new. */
  carried?: EventClustererStatus;
}

/** What the `status` query answers, and what continue-as-new carries. */
export interface EventClustererStatus {
  /** A publication arrived that no run has clustered yet. */
  pending: boolean;
  /** A run is under way (its result not yet counted in `runs`). Not carried: false between runs. */
  running?: boolean;
  /** The newest lake generation a publication signal named. */
  latestGeneration: number;
  runs: number;
  failures: number;
  lastRun?: ClusterEventsResult | undefined;
  lastError?: string | undefined;
}

/** Sent by the warehouse's publisher after each published generation (runtime/event-clusterer.ts). */
export const generationPublishedSignal = wf.defineSignal<[generation: number]>('generationPublished');
export const eventClustererStatusQuery = wf.defineQuery<EventClustererStatus>('status');

const DEFAULT_RUNS_PER_EXECUTION = 200;

/**
 * One long-running workflow per warehouse that keeps clustered events up to date: woken by every
 * published generation, it runs the `clusterEvents` activity, one run at a time. Publications that
 * arrive during a run are coalesced into a single next run. A failed run is logged and retried on the
 * next publication; it never ends the workflow.
 */
export async function eventClusterer(input: EventClustererInput): Promise<void> {
  const { clusterEvents } = wf.proxyActivities<EventActivities>({
    taskQueue: input.warehouseTaskQueue,
    ...EVENT_CLUSTERING,
  });
  // A fresh start clusters at once: it was started by a publication.
  let status: EventClustererStatus = input.carried ?? {
    pending: true,
    latestGeneration: 0,
    runs: 0,
    failures: 0,
  };
  const publications = new PollRequests(status.pending);
  let running = false;
  const current = (): EventClustererStatus => ({ ...status, pending: publications.pending, running });
  wf.setHandler(eventClustererStatusQuery, current);
  wf.setHandler(generationPublishedSignal, (generation) => {
    publications.request();
    status = { ...status, latestGeneration: Math.max(status.latestGeneration, generation) };
  });
  // Runs started before the patch keep their commands (ADR 20).
  const steady = wf.patched(STEADY_POLLING_PATCH);
  const idle = input.idleRefresh ?? '5 minutes';

  const runs = input.runsPerExecution ?? DEFAULT_RUNS_PER_EXECUTION;
  let nextRun = steady ? publications.startRoundTimer(idle) : undefined;
  for (let i = 0; i < runs; i++) {
    if (nextRun) {
      await nextRun.wait();
      nextRun = publications.startRoundTimer(idle);
    } else {
      await wf.condition(() => publications.pending, idle);
      publications.answered();
    }
    running = true;
    try {
      const lastRun = await clusterEvents();
      status = { ...status, runs: status.runs + 1, lastRun, lastError: undefined };
    } catch (error) {
      if (wf.isCancellation(error)) throw error;
      const message =
        error instanceof wf.ActivityFailure ? (error.cause?.message ?? error.message) : String(error);
      wf.log.warn(`clustering events failed: ${message}; next run on the next publication`);
      status = { ...status, runs: status.runs + 1, failures: status.failures + 1, lastError: message };
    } finally {
      running = false;
    }
    wf.setCurrentDetails(currentDetails(status));
    // What a restart carries on from (runtime/workflow-doctor.ts), readable without running this code.
    if (steady) wf.upsertMemo({ [CARRIED_MEMO_KEY]: current() });
  }
  await wf.continueAsNew<typeof eventClusterer>({ ...input, carried: current() });
}

/** The Web UI's "current details": events now, the last run, and any failure. */
function currentDetails(status: EventClustererStatus): string {
  const run = status.lastRun;
  const events = run
    ? `${run.active} active events, ${run.inactive} ended (retained); ${run.incidents} live incidents; ` +
      `last run ${run.clusteredAt}, ${run.publishedGeneration === null ? 'no change' : `published generation ${run.publishedGeneration}`}`
    : 'no run yet';
  const error = status.lastError ? `; last error: ${status.lastError}` : '';
  return `${events}; latest publication: generation ${status.latestGeneration}; ${status.runs} runs${error}`;
}
