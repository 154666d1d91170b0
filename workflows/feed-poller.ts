import * as wf from '@temporalio/workflow';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type { IngestActivities, WarehouseActivities } from '../activities/index.js';
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

/**
 * One long-running poller per feed: fetch → parse → commit → sleep, answering `health` and woken
 * early by `pollNow`. A failed or suspicious poll never retracts: it only degrades the feed.
 */
export async function feedPoller(input: FeedPollerInput): Promise<void> {
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
  const showsStatus = wf.workflowInfo().typedSearchAttributes.get(feedStatusSearchAttribute) !== undefined;

  let health = input.carried?.health ?? initialFeedHealth(input);
  let etag = input.carried?.etag;
  let lastModified = input.carried?.lastModified;
  let guardedDrop = input.carried?.guardedDrop;
  const requests = new PollRequests();
  wf.setHandler(healthQuery, () => health);
  wf.setHandler(pollNowSignal, () => requests.request());
  wf.setHandler(refetchSignal, () => {
    etag = undefined;
    lastModified = undefined;
    requests.request();
  });
  // Runs started before the patch keep their commands: no memo, and no timer when a poll is overdue.
  const steady = wf.patched(STEADY_POLLING_PATCH);

  const record = (outcome: PollOutcome, changes: Partial<FeedHealth>) => {
    const previous = health.status;
    health = afterPoll(health, outcome, changes, new Date().toISOString());
    if (showsStatus && health.status !== previous) {
      wf.upsertSearchAttributes([{ key: feedStatusSearchAttribute, value: health.status }]);
    }
  };
  // Polls since the last good one, for the line that says the feed recovered (a log line: no command);
  // carried across continue-as-new, as the health is.
  const troubled: TroubledPolls = input.carried?.troubled
    ? { ...input.carried.troubled }
    : {
        failed: health.lastOutcome === 'failed' ? health.consecutiveFailures : 0,
        guarded: health.lastOutcome === 'guarded' ? health.guardTrips : 0,
      };
  const logRecovery = () => {
    const since = troubledPollsText(troubled);
    if (since) {
      wf.log.info(`${input.feedKey}: polling works again after ${since}`, {
        feedKey: input.feedKey,
        failedPolls: troubled.failed,
        heldBackPolls: troubled.guarded,
      });
    }
    troubled.failed = 0;
    troubled.guarded = 0;
  };
  let pollStartedAt = Date.now();
  const nextPollMs = () => nextPollStartMs(pollStartedAt, input.pollIntervalSeconds, Date.now());
  const nextPollAt = () => new Date(nextPollMs()).toISOString();

  async function pollOnce(): Promise<void> {
    try {
      const fetched = await ingest.fetchFeed({ feedKey: input.feedKey, etag, lastModified });
      if (fetched.kind === 'not-modified') {
        guardedDrop = undefined;
        logRecovery();
        record('not-modified', {
          guardTrips: 0,
          consecutiveFailures: 0,
          lastSuccess: new Date().toISOString(),
          lastError: undefined,
        });
        return;
      }
      const parsed = await parse.parseFeed({
        feedKey: input.feedKey,
        raw: fetched.raw,
        fetchedAt: fetched.fetchedAt,
      });
      const committed = await warehouse.commitFeed({
        feedKey: input.feedKey,
        // The poller's chain of runs and its poll count name the poll across retries and continue-as-new.
        pollId: `${input.feedKey}:${wf.workflowInfo().firstExecutionRunId}:${health.polls + 1}:${fetched.raw.sha256}`,
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
        const same = committed.dropFingerprint !== null && committed.dropFingerprint === guardedDrop;
        guardedDrop = committed.dropFingerprint ?? undefined;
        troubled.guarded++;
        // The guard doing its job (ADR 4): one info line per held-back poll, not a warning.
        wf.log.info(
          `${input.feedKey}: retraction guard held back a poll (${committed.guard}): none of its ${committed.received} incidents committed, ${troubled.guarded} polls held back in a row; next poll in ${input.pollIntervalSeconds} s`,
          {
            feedKey: input.feedKey,
            guard: committed.guard,
            received: committed.received,
            heldBackInARow: troubled.guarded,
            nextPollAt: nextPollAt(),
          },
        );
        record('guarded', {
          ...common,
          guardTrips: same ? health.guardTrips + 1 : 1,
          lastError: committed.guard,
        });
      } else {
        guardedDrop = undefined;
        logRecovery();
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
      const { kind, message } = describeFailure(error);
      troubled.failed++;
      // The one line an expected upstream failure writes per poll (the activities' own logs are debug).
      wf.log.warn(
        `${input.feedKey}: poll failed (${kind}): ${message}; next poll in ${input.pollIntervalSeconds} s`,
        { feedKey: input.feedKey, errorKind: kind, error: message, nextPollAt: nextPollAt() },
      );
      record('failed', {
        guardTrips: 0,
        consecutiveFailures: health.consecutiveFailures + 1,
        errorCount: health.errorCount + 1,
        lastError: message,
        lastErrorKind: kind,
      });
    }
  }

  const carried = (): PollerCarry => ({ health, etag, lastModified, guardedDrop, troubled: { ...troubled } });
  const iterations = input.iterationsPerRun ?? DEFAULT_ITERATIONS_PER_RUN;
  for (let i = 0; i < iterations; i++) {
    pollStartedAt = Date.now();
    // A run's first poll starts with the run: it answers a pollNow sent with the start.
    if (steady && i === 0) requests.answered();
    const nextPoll = steady ? requests.startRoundTimer(input.pollIntervalSeconds * 1000) : undefined;
    await pollOnce();
    health = { ...health, pollIntervalSeconds: input.pollIntervalSeconds, nextPollAt: nextPollAt() };
    wf.setCurrentDetails(currentDetails(health));
    if (nextPoll) {
      // Health for readers that run no workflow code (the API lists it; a restart carries it on).
      wf.upsertMemo({ [CARRIED_MEMO_KEY]: carried() });
      await nextPoll.wait();
    } else {
      await requests.legacyWait(nextPollMs() - Date.now());
    }
  }
  await wf.continueAsNew<typeof feedPoller>({ ...input, carried: carried() });
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
