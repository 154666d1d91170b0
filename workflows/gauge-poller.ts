import * as wf from '@temporalio/workflow';
import type { GaugeIngestActivities, GaugeWarehouseActivities } from '../activities/gauges/index.js';
import {
  CARRIED_MEMO_KEY,
  afterPoll,
  initialGaugeHealth,
  nextPollStartMs,
  type GaugePollerCarry,
  type GaugeSourceHealth,
  type GaugeSourceName,
} from '../model/index.js';
import { gaugePoll, WAREHOUSE_COMMIT } from './activity-policies.js';
import type { FetchingWorkflowInput } from './fetching-input.js';
import { describeFailure } from './poll-failure.js';
import { PollRequests } from './poll-requests.js';
import { STEADY_POLLING_PATCH } from './patches.js';

export interface GaugePollerInput extends FetchingWorkflowInput {
  source: GaugeSourceName;
  pollIntervalSeconds: number;
  /** History the first poll asks for. */
  initialWindowHours: number;
  /** Each poll asks again for this much before the end of the last committed one (late readings). */
  overlapHours: number;
  /** After an outage, no more than this much is asked for in one poll. */
  maxWindowHours: number;
  fetchTimeoutMs?: number;
  /** Polls per run before continuing as new (default 200). */
  iterationsPerRun?: number;
  carried?: GaugePollerCarry;
}

export const gaugeHealthQuery = wf.defineQuery<GaugeSourceHealth>('health');
/** Poll now rather than at the next slot. The same name as the feed pollers' (`pollNow`), so tools and recorded histories send and replay it alike. */
export const gaugePollNowSignal = wf.defineSignal('pollNow');

const HOUR_MS = 3_600_000;

/** The poller's activities, each with its own policy. */
interface GaugeActivities {
  ingest: wf.ActivityInterfaceFor<GaugeIngestActivities>;
  warehouse: wf.ActivityInterfaceFor<GaugeWarehouseActivities>;
}

type RoundTimer = ReturnType<PollRequests['startRoundTimer']>;

/**
 * One long-running poller per gauge source: poll (every call of the source, bodies kept by hash) →
 * commit and publish → sleep, answering `health` and woken early by `pollNow`. A failed poll commits
 * nothing and only degrades the source: the next good poll asks again from the end of the last
 * committed window, so no reading is lost.
 */
export async function gaugePoller(input: GaugePollerInput): Promise<void> {
  const activities = gaugeActivities(input);
  // The health, the end of the last committed window and the changes token: what a run carries on.
  const state: GaugePollerCarry = {
    health: input.carried?.health ?? initialGaugeHealth(input.source),
    committedUntilMs: input.carried?.committedUntilMs,
    token: input.carried?.token ?? null,
  };
  const requests = new PollRequests();
  wf.setHandler(gaugeHealthQuery, () => state.health);
  wf.setHandler(gaugePollNowSignal, () => requests.request());
  // Runs started before the patch keep their commands (ADR 20).
  const steady = wf.patched(STEADY_POLLING_PATCH);

  const iterations = input.iterationsPerRun ?? 200;
  for (let i = 0; i < iterations; i++) {
    const startedAt = Date.now();
    // A run's first poll starts with the run: it answers a pollNow sent with the start.
    if (steady && i === 0) requests.answered();
    const nextPoll = steady ? requests.startRoundTimer(input.pollIntervalSeconds * 1000) : undefined;
    await pollOnce(input, activities, state);
    const nextPollMs = nextPollStartMs(startedAt, input.pollIntervalSeconds, Date.now());
    showNextPoll(input, state, nextPollMs);
    await waitForNextPoll(state, requests, nextPoll, nextPollMs);
  }
  await wf.continueAsNew<typeof gaugePoller>({ ...input, carried: carriedState(state) });
}

function gaugeActivities(input: GaugePollerInput): GaugeActivities {
  const ingest = wf.proxyActivities<GaugeIngestActivities>({
    taskQueue: input.ingestTaskQueue,
    ...gaugePoll(input.fetchMaximumAttempts ?? 3),
  });
  const warehouse = wf.proxyActivities<GaugeWarehouseActivities>({
    taskQueue: input.warehouseTaskQueue,
    ...WAREHOUSE_COMMIT,
  });
  return { ingest, warehouse };
}

function carriedState(state: GaugePollerCarry): GaugePollerCarry {
  const { health, committedUntilMs, token } = state;
  return { health, committedUntilMs, token };
}

/**
 * Where a poll's window starts: the initial window on the first poll, else a little before the end
 * of the last committed one (late readings), but never further back than the longest window.
 */
function windowStartMs(input: GaugePollerInput, committedUntilMs: number | undefined, nowMs: number): number {
  return Math.max(
    committedUntilMs === undefined
      ? nowMs - input.initialWindowHours * HOUR_MS
      : committedUntilMs - input.overlapHours * HOUR_MS,
    nowMs - input.maxWindowHours * HOUR_MS,
  );
}

/** One poll: fetch the window and commit it; a failure commits nothing and lands in the health. */
async function pollOnce(
  input: GaugePollerInput,
  activities: GaugeActivities,
  state: GaugePollerCarry,
): Promise<void> {
  const fromMs = windowStartMs(input, state.committedUntilMs, Date.now());
  try {
    const polled = await activities.ingest.pollGaugeSource({
      source: input.source,
      fromMs,
      token: state.token,
    });
    const committed = await activities.warehouse.commitGaugePoll({
      // The poller's chain of runs and its poll count name the poll across retries and continue-as-new.
      pollId: `${input.source}:${wf.workflowInfo().firstExecutionRunId}:${state.health.polls + 1}`,
      stagedPath: polled.stagedPath,
    });
    state.committedUntilMs = Date.parse(polled.polledAt);
    state.token = polled.nextToken ?? state.token;
    recordOutcome(state, 'committed', {
      consecutiveFailures: 0,
      lastSuccess: new Date().toISOString(),
      lastError: undefined,
      gaugeCount: committed.gauges,
      newReadings: committed.fresh,
      skippedSeries: polled.skipped,
    });
  } catch (error) {
    recordFailedPoll(input, state, error);
  }
}

function recordFailedPoll(input: GaugePollerInput, state: GaugePollerCarry, error: unknown): void {
  const { kind, message } = describeFailure(error);
  wf.log.warn(
    `gauges ${input.source}: poll failed (${kind}): ${message}; next poll in ${input.pollIntervalSeconds} s`,
    { source: input.source, errorKind: kind, error: message },
  );
  recordOutcome(state, 'failed', {
    consecutiveFailures: state.health.consecutiveFailures + 1,
    errorCount: state.health.errorCount + 1,
    lastError: message,
    lastErrorKind: kind,
  });
}

function recordOutcome(
  state: GaugePollerCarry,
  outcome: 'committed' | 'failed',
  changes: Partial<GaugeSourceHealth>,
): void {
  state.health = afterPoll(state.health, outcome, changes, new Date().toISOString());
}

/**
 * Steady runs publish the carry in the memo and wait on the timer started with the poll; runs
 * started before STEADY_POLLING_PATCH wait as they always did.
 */
async function waitForNextPoll(
  state: GaugePollerCarry,
  requests: PollRequests,
  nextPoll: RoundTimer | undefined,
  nextPollMs: number,
): Promise<void> {
  if (nextPoll) {
    // Health and window for readers that run no workflow code, and for a restart to carry on from.
    wf.upsertMemo({ [CARRIED_MEMO_KEY]: carriedState(state) });
    await nextPoll.wait();
  } else {
    await requests.legacyWait(nextPollMs - Date.now());
  }
}

/** After a poll: the health says when the next one is due, and so does the Web UI's line. */
function showNextPoll(input: GaugePollerInput, state: GaugePollerCarry, nextPollMs: number): void {
  const health = {
    ...state.health,
    pollIntervalSeconds: input.pollIntervalSeconds,
    nextPollAt: new Date(nextPollMs).toISOString(),
  };
  state.health = health;
  wf.setCurrentDetails(
    `${health.status}: ${health.gaugeCount} gauges, ${health.newReadings} new readings; last poll ${health.lastPolled ?? 'never'}, next ${health.nextPollAt}` +
      (health.lastError ? `; last error (${health.lastErrorKind ?? 'internal'}): ${health.lastError}` : ''),
  );
}
