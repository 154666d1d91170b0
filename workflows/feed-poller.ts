import * as wf from '@temporalio/workflow';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type {
  CommitFeedResult,
  FetchFeedResult,
  IngestActivities,
  ParseFeedResult,
  WarehouseActivities,
} from '../activities/index.js';
import {
  CARRIED_MEMO_KEY,
  afterPoll,
  initialFeedHealth,
  FEED_STATUS_SEARCH_ATTRIBUTE,
  lastPollError,
  nextPollStartMs,
  type FeedHealth,
  type PollOutcome,
  type PollerCarry,
  type StateCode,
  type TroubledPolls,
} from '../model/index.js';
import { feedFetch, feedParse, WAREHOUSE_COMMIT } from './activity-policies.js';
import type { FetchingWorkflowInput } from './fetching-input.js';
import { describeFailure } from './poll-failure.js';
import { PollRequests } from './poll-requests.js';
import { troubledPollsText } from './troubled-polls.js';
import { STEADY_POLLING_PATCH } from './patches.js';

export interface FeedPollerInput extends FetchingWorkflowInput {
  feedKey: string;
  state: StateCode;
  agency: string;
  pollIntervalSeconds: number;
  /** The fetch's own time-out (FETCH_TIMEOUT_MS): a lost fetch is retried soon after it (default 20 s). */
  fetchTimeoutMs?: number;
  /** Polls per run before continuing as new (default 200), keeping history short. */
  iterationsPerRun?: number;
  /** State carried across continue-as-new. */
  carried?: PollerCarry;
}

export const healthQuery = wf.defineQuery<FeedHealth>('health');
export const pollNowSignal = wf.defineSignal('pollNow');
/**
 * Polls now without the validators of the last body: sent by a writer restored from the lake, which
 * may lack commits its predecessor made but never published, so that every feed's current body is
 * committed again whether or not the upstream says it changed.
 */
export const refetchSignal = wf.defineSignal('refetch');
/** Set on start only when the cluster knows the attribute (runtime/pollers.ts); upserted on every change. */
export const feedStatusSearchAttribute = defineSearchAttributeKey(
  FEED_STATUS_SEARCH_ATTRIBUTE,
  SearchAttributeType.KEYWORD,
);

const DEFAULT_ITERATIONS_PER_RUN = 200;
/** Consecutive guarded polls after which the same drop is believed and retracted. */
const GUARD_TRIPS_BEFORE_BELIEVED = 2;

/** The poller's activities, each with its own policy. */
interface FeedActivities {
  ingest: wf.ActivityInterfaceFor<IngestActivities>;
  parse: wf.ActivityInterfaceFor<Pick<IngestActivities, 'parseFeed'>>;
  warehouse: wf.ActivityInterfaceFor<WarehouseActivities>;
}

/** What a run of the poller knows and changes from poll to poll (and carries across continue-as-new). */
interface FeedPollerState {
  health: FeedHealth;
  etag: string | undefined;
  lastModified: string | undefined;
  guardedDrop: string | undefined;
  /**
   * Polls since the last good one, for the line that says the feed recovered (a log line: no command);
   * carried across continue-as-new, as the health is.
   */
  troubled: TroubledPolls;
  /** When the current poll started: the next one is due an interval after it. */
  pollStartedAt: number;
}

/** What every step of a poll reads and never changes. */
interface FeedPollContext {
  input: FeedPollerInput;
  activities: FeedActivities;
  /** Whether the cluster knows the status search attribute (set on start only then). */
  showsStatus: boolean;
}

type RoundTimer = ReturnType<PollRequests['startRoundTimer']>;
type FetchedBody = Extract<FetchFeedResult, { kind: 'fetched' }>;

/** What a parsed and committed poll says of the feed, guarded or not. */
interface PollCounts {
  consecutiveFailures: number;
  incidentCount: number;
  unmappedValues: number;
  droppedRecords: number;
}

/**
 * One long-running poller per feed: fetch → parse → commit → sleep, answering `health` and woken
 * early by `pollNow`. A failed or suspicious poll never retracts: it only degrades the feed.
 */
export async function feedPoller(input: FeedPollerInput): Promise<void> {
  const ctx: FeedPollContext = {
    input,
    activities: feedActivities(input),
    showsStatus: wf.workflowInfo().typedSearchAttributes.get(feedStatusSearchAttribute) !== undefined,
  };
  const state = startingState(input);
  const requests = new PollRequests();
  setFeedHandlers(state, requests);
  // Runs started before the patch keep their commands: no memo, and no timer when a poll is overdue.
  const steady = wf.patched(STEADY_POLLING_PATCH);

  const iterations = input.iterationsPerRun ?? DEFAULT_ITERATIONS_PER_RUN;
  for (let i = 0; i < iterations; i++) {
    state.pollStartedAt = Date.now();
    // A run's first poll starts with the run: it answers a pollNow sent with the start.
    if (steady && i === 0) requests.answered();
    const nextPoll = steady ? requests.startRoundTimer(input.pollIntervalSeconds * 1000) : undefined;
    await pollOnce(ctx, state);
    showNextPoll(input, state);
    await waitForNextPoll(input, state, requests, nextPoll);
  }
  await wf.continueAsNew<typeof feedPoller>({ ...input, carried: carriedState(state) });
}

function feedActivities(input: FeedPollerInput): FeedActivities {
  const attempts = input.fetchMaximumAttempts ?? 3;
  const ingest = wf.proxyActivities<IngestActivities>({
    taskQueue: input.ingestTaskQueue,
    ...feedFetch(input.fetchTimeoutMs ?? 20_000, attempts),
  });
  const parse = wf.proxyActivities<Pick<IngestActivities, 'parseFeed'>>({
    taskQueue: input.ingestTaskQueue,
    ...feedParse(attempts),
  });
  const warehouse = wf.proxyActivities<WarehouseActivities>({
    taskQueue: input.warehouseTaskQueue,
    ...WAREHOUSE_COMMIT,
  });
  return { ingest, parse, warehouse };
}

/** The state a run starts from: what the previous run carried, else a new feed's. */
function startingState(input: FeedPollerInput): FeedPollerState {
  const health = input.carried?.health ?? initialFeedHealth(input);
  return {
    health,
    etag: input.carried?.etag,
    lastModified: input.carried?.lastModified,
    guardedDrop: input.carried?.guardedDrop,
    troubled: startingTroubledPolls(input, health),
    pollStartedAt: Date.now(),
  };
}

/** The troubled polls carried on, else read back from the health as far as it says (older carries). */
function startingTroubledPolls(input: FeedPollerInput, health: FeedHealth): TroubledPolls {
  return input.carried?.troubled
    ? { ...input.carried.troubled }
    : {
        failed: health.lastOutcome === 'failed' ? health.consecutiveFailures : 0,
        guarded: health.lastOutcome === 'guarded' ? health.guardTrips : 0,
      };
}

function setFeedHandlers(state: FeedPollerState, requests: PollRequests): void {
  wf.setHandler(healthQuery, () => state.health);
  wf.setHandler(pollNowSignal, () => requests.request());
  wf.setHandler(refetchSignal, () => {
    state.etag = undefined;
    state.lastModified = undefined;
    requests.request();
  });
}

function carriedState(state: FeedPollerState): PollerCarry {
  const { health, etag, lastModified, guardedDrop, troubled } = state;
  return { health, etag, lastModified, guardedDrop, troubled: { ...troubled } };
}

function nextPollMs(input: FeedPollerInput, state: FeedPollerState): number {
  return nextPollStartMs(state.pollStartedAt, input.pollIntervalSeconds, Date.now());
}

function nextPollAt(input: FeedPollerInput, state: FeedPollerState): string {
  return new Date(nextPollMs(input, state)).toISOString();
}

/** After a poll: the health says when the next one is due, and so does the Web UI's line. */
function showNextPoll(input: FeedPollerInput, state: FeedPollerState): void {
  state.health = {
    ...state.health,
    pollIntervalSeconds: input.pollIntervalSeconds,
    nextPollAt: nextPollAt(input, state),
  };
  wf.setCurrentDetails(currentDetails(state.health));
}

/**
 * Steady runs publish the health in the memo and wait on the timer started with the poll; runs
 * started before STEADY_POLLING_PATCH wait as they always did.
 */
async function waitForNextPoll(
  input: FeedPollerInput,
  state: FeedPollerState,
  requests: PollRequests,
  nextPoll: RoundTimer | undefined,
): Promise<void> {
  if (nextPoll) {
    // Health for readers that run no workflow code (the API lists it; a restart carries it on).
    wf.upsertMemo({ [CARRIED_MEMO_KEY]: carriedState(state) });
    await nextPoll.wait();
  } else {
    await requests.legacyWait(nextPollMs(input, state) - Date.now());
  }
}

/** One poll: fetch, then (unless unchanged) parse and commit; whatever happens lands in the health. */
async function pollOnce(ctx: FeedPollContext, state: FeedPollerState): Promise<void> {
  const { feedKey } = ctx.input;
  try {
    const fetched = await ctx.activities.ingest.fetchFeed({
      feedKey,
      etag: state.etag,
      lastModified: state.lastModified,
    });
    if (fetched.kind === 'not-modified') {
      recordUnchangedPoll(ctx, state);
      return;
    }
    const parsed = await ctx.activities.parse.parseFeed({
      feedKey,
      raw: fetched.raw,
      fetchedAt: fetched.fetchedAt,
    });
    const committed = await commitPoll(ctx, state, fetched, parsed);
    keepValidators(state, fetched, committed);
    const common: PollCounts = {
      consecutiveFailures: 0,
      incidentCount: committed.active,
      unmappedValues: parsed.unmapped,
      droppedRecords: parsed.dropped,
    };
    if (committed.guard) {
      recordGuardedPoll(ctx, state, committed, committed.guard, common);
    } else {
      recordCommittedPoll(ctx, state, common);
    }
  } catch (error) {
    recordFailedPoll(ctx, state, error);
  }
}

function commitPoll(
  ctx: FeedPollContext,
  state: FeedPollerState,
  fetched: FetchedBody,
  parsed: ParseFeedResult,
): Promise<CommitFeedResult> {
  const { feedKey } = ctx.input;
  const { health, guardedDrop } = state;
  return ctx.activities.warehouse.commitFeed({
    feedKey,
    // The poller's chain of runs and its poll count name the poll across retries and continue-as-new.
    pollId: `${feedKey}:${wf.workflowInfo().firstExecutionRunId}:${health.polls + 1}:${fetched.raw.sha256}`,
    stagedPath: parsed.stagedPath,
    rawSha256: fetched.raw.sha256,
    polledAt: fetched.fetchedAt,
    // Only the same drop, held back on the previous consecutive polls, is believed.
    believeDrop: health.guardTrips >= GUARD_TRIPS_BEFORE_BELIEVED ? (guardedDrop ?? null) : null,
  });
}

/** A guarded body must be fetched and judged again next time, so its validators are not kept. */
function keepValidators(state: FeedPollerState, fetched: FetchedBody, committed: CommitFeedResult): void {
  state.etag = committed.guard ? undefined : fetched.etag;
  state.lastModified = committed.guard ? undefined : fetched.lastModified;
}

/** Polling works again: any drop held back is forgotten, and the recovery is logged. */
function markRecovered(ctx: FeedPollContext, state: FeedPollerState): void {
  state.guardedDrop = undefined;
  logRecovery(ctx.input.feedKey, state.troubled);
}

function recordUnchangedPoll(ctx: FeedPollContext, state: FeedPollerState): void {
  markRecovered(ctx, state);
  recordOutcome(ctx, state, 'not-modified', {
    guardTrips: 0,
    consecutiveFailures: 0,
    lastSuccess: new Date().toISOString(),
    lastError: undefined,
  });
}

function recordCommittedPoll(ctx: FeedPollContext, state: FeedPollerState, common: PollCounts): void {
  markRecovered(ctx, state);
  recordOutcome(ctx, state, 'committed', {
    ...common,
    guardTrips: 0,
    lastSuccess: new Date().toISOString(),
    lastError: undefined,
  });
}

/** The retraction guard held the poll back: count the trip, and remember the drop to believe it if it repeats. */
function recordGuardedPoll(
  ctx: FeedPollContext,
  state: FeedPollerState,
  committed: CommitFeedResult,
  guard: string,
  common: PollCounts,
): void {
  const { feedKey, pollIntervalSeconds } = ctx.input;
  const same = committed.dropFingerprint !== null && committed.dropFingerprint === state.guardedDrop;
  state.guardedDrop = committed.dropFingerprint ?? undefined;
  state.troubled.guarded++;
  // The guard doing its job (ADR 4): one info line per held-back poll, not a warning.
  wf.log.info(
    `${feedKey}: retraction guard held back a poll (${guard}): none of its ${committed.received} incidents committed, ${state.troubled.guarded} polls held back in a row; next poll in ${pollIntervalSeconds} s`,
    {
      feedKey,
      guard,
      received: committed.received,
      heldBackInARow: state.troubled.guarded,
      nextPollAt: nextPollAt(ctx.input, state),
    },
  );
  recordOutcome(ctx, state, 'guarded', {
    ...common,
    guardTrips: same ? state.health.guardTrips + 1 : 1,
    lastError: guard,
  });
}

function recordFailedPoll(ctx: FeedPollContext, state: FeedPollerState, error: unknown): void {
  const { feedKey, pollIntervalSeconds } = ctx.input;
  // A failed poll breaks a run of identical drops: the next drop starts counting again.
  state.guardedDrop = undefined;
  const { kind, message } = describeFailure(error);
  state.troubled.failed++;
  // The one line an expected upstream failure writes per poll (the activities' own logs are debug).
  wf.log.warn(`${feedKey}: poll failed (${kind}): ${message}; next poll in ${pollIntervalSeconds} s`, {
    feedKey,
    errorKind: kind,
    error: message,
    nextPollAt: nextPollAt(ctx.input, state),
  });
  recordOutcome(ctx, state, 'failed', {
    guardTrips: 0,
    consecutiveFailures: state.health.consecutiveFailures + 1,
    errorCount: state.health.errorCount + 1,
    lastError: message,
    lastErrorKind: kind,
  });
}

/** Folds a poll's outcome into the health; a changed status is upserted for the cluster's visibility. */
function recordOutcome(
  ctx: FeedPollContext,
  state: FeedPollerState,
  outcome: PollOutcome,
  changes: Partial<FeedHealth>,
): void {
  const previous = state.health.status;
  state.health = afterPoll(state.health, outcome, changes, new Date().toISOString());
  if (ctx.showsStatus && state.health.status !== previous) {
    wf.upsertSearchAttributes([{ key: feedStatusSearchAttribute, value: state.health.status }]);
  }
}

/** The line that says the feed recovered, after any troubled polls; the count starts again. */
function logRecovery(feedKey: string, troubled: TroubledPolls): void {
  const since = troubledPollsText(troubled);
  if (since) {
    wf.log.info(`${feedKey}: polling works again after ${since}`, {
      feedKey,
      failedPolls: troubled.failed,
      heldBackPolls: troubled.guarded,
    });
  }
  troubled.failed = 0;
  troubled.guarded = 0;
}

/** The poller's line in the Web UI's "current details": status, count, last and next poll, last error. */
function currentDetails(health: FeedHealth): string {
  const failure = lastPollError(health);
  const error = failure ? `; last error (${failure.kind}): ${failure.message}` : '';
  return (
    `${health.status}: ${health.incidentCount} incidents; last poll ${health.lastPolled ?? 'never'}, ` +
    `next ${health.nextPollAt ?? 'soon'}; ${health.consecutiveFailures} failures in a row${error}`
  );
}
