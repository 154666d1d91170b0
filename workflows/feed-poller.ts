import {
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  log,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { IngestActivities, WarehouseActivities } from '../activities/index.js';
import { deriveFeedStatus, type FeedHealth, type PollOutcome, type StateCode } from '../model/index.js';

export interface FeedPollerInput {
  feedKey: string;
  state: StateCode;
  agency: string;
  pollIntervalSeconds: number;
  ingestTaskQueue: string;
  warehouseTaskQueue: string;
  /** Attempts per fetch within one poll; the next poll is the real retry. */
  fetchMaximumAttempts?: number;
  /** Polls per run before continuing as new (default 200), keeping history short. */
  iterationsPerRun?: number;
  /** State carried across continue-as-new. */
  carried?: PollerCarry;
}

export interface PollerCarry {
  health: FeedHealth;
  /** The mass drop the guard held back on the last consecutive polls (ADR 4). */
  guardedDrop?: string | undefined;
  etag?: string | undefined;
  lastModified?: string | undefined;
}

export const healthQuery = defineQuery<FeedHealth>('health');
export const pollNowSignal = defineSignal('pollNow');

const DEFAULT_ITERATIONS_PER_RUN = 200;
/** Consecutive guarded polls after which the same drop is believed and retracted. */
const GUARD_TRIPS_BEFORE_BELIEVED = 2;

function initialHealth(input: FeedPollerInput): FeedHealth {
  return {
    feedKey: input.feedKey,
    state: input.state,
    agency: input.agency,
    status: 'unknown',
    incidentCount: 0,
    polls: 0,
    errorCount: 0,
    consecutiveFailures: 0,
    guardTrips: 0,
    unmappedValues: 0,
    droppedRecords: 0,
  };
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { message?: string } }).cause;
  return cause?.message ?? (error as Error).message ?? String(error);
}

/**
 * One long-running poller per feed: fetch → parse → commit → sleep, answering `health` and woken
 * early by `pollNow`. A failed or suspicious poll never retracts: it only degrades the feed.
 */
export async function feedPoller(input: FeedPollerInput): Promise<void> {
  const ingest = proxyActivities<IngestActivities>({
    taskQueue: input.ingestTaskQueue,
    startToCloseTimeout: '2 minutes',
    retry: {
      initialInterval: '2 seconds',
      backoffCoefficient: 2,
      maximumInterval: '30 seconds',
      maximumAttempts: input.fetchMaximumAttempts ?? 3,
    },
  });
  const warehouse = proxyActivities<WarehouseActivities>({
    taskQueue: input.warehouseTaskQueue,
    startToCloseTimeout: '5 minutes',
    retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', maximumAttempts: 10 },
  });

  let health = input.carried?.health ?? initialHealth(input);
  let etag = input.carried?.etag;
  let lastModified = input.carried?.lastModified;
  let guardedDrop = input.carried?.guardedDrop;
  let pollRequested = false;
  setHandler(healthQuery, () => health);
  setHandler(pollNowSignal, () => {
    pollRequested = true;
  });

  const record = (outcome: PollOutcome, changes: Partial<FeedHealth>) => {
    const next = {
      ...health,
      ...changes,
      polls: health.polls + 1,
      lastOutcome: outcome,
      lastPolled: new Date().toISOString(),
    };
    health = { ...next, status: deriveFeedStatus(next) };
  };

  async function pollOnce(): Promise<void> {
    try {
      const fetched = await ingest.fetchFeed({ feedKey: input.feedKey, etag, lastModified });
      if (fetched.kind === 'not-modified') {
        guardedDrop = undefined;
        record('not-modified', {
          guardTrips: 0,
          consecutiveFailures: 0,
          lastSuccess: new Date().toISOString(),
          lastError: undefined,
        });
        return;
      }
      const parsed = await ingest.parseFeed({
        feedKey: input.feedKey,
        raw: fetched.raw,
        fetchedAt: fetched.fetchedAt,
      });
      const committed = await warehouse.commitFeed({
        feedKey: input.feedKey,
        // The poller's chain of runs and its poll count name the poll across retries and continue-as-new.
        pollId: `${input.feedKey}:${workflowInfo().firstExecutionRunId}:${health.polls + 1}:${fetched.raw.sha256}`,
        stagedPath: parsed.stagedPath,
        rawSha256: fetched.raw.sha256,
        polledAt: fetched.fetchedAt,
        // Only the same drop, held back on the previous consecutive polls, is believed.
        believeDrop: health.guardTrips >= GUARD_TRIPS_BEFORE_BELIEVED ? (guardedDrop ?? null) : null,
      });
      // A guarded body must be fetched and judged again next time, so its validators are not kept.
      etag = committed.guard ? undefined : fetched.etag;
      lastModified = committed.guard ? undefined : fetched.lastModified;
      const common = {
        consecutiveFailures: 0,
        incidentCount: committed.active,
        unmappedValues: parsed.unmapped,
        droppedRecords: parsed.dropped,
      };
      if (committed.guard) {
        log.warn('retraction guard held back a poll', { feedKey: input.feedKey, guard: committed.guard });
        const same = committed.dropFingerprint !== null && committed.dropFingerprint === guardedDrop;
        guardedDrop = committed.dropFingerprint ?? undefined;
        record('guarded', {
          ...common,
          guardTrips: same ? health.guardTrips + 1 : 1,
          lastError: committed.guard,
        });
      } else {
        guardedDrop = undefined;
        record('committed', {
          ...common,
          guardTrips: 0,
          lastSuccess: new Date().toISOString(),
          lastError: undefined,
        });
      }
    } catch (error) {
      // A failed poll breaks a run of identical drops: the next drop starts counting again.
      guardedDrop = undefined;
      log.warn('poll failed', { feedKey: input.feedKey, error: describe(error) });
      record('failed', {
        guardTrips: 0,
        consecutiveFailures: health.consecutiveFailures + 1,
        errorCount: health.errorCount + 1,
        lastError: describe(error),
      });
    }
  }

  const iterations = input.iterationsPerRun ?? DEFAULT_ITERATIONS_PER_RUN;
  for (let i = 0; i < iterations && !workflowInfo().continueAsNewSuggested; i++) {
    pollRequested = false;
    await pollOnce();
    await condition(() => pollRequested, `${input.pollIntervalSeconds} seconds`);
  }
  await continueAsNew<typeof feedPoller>({ ...input, carried: { health, etag, lastModified, guardedDrop } });
}
