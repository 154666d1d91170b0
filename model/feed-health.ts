import type { FeedReportStatus, FeedStatus, StateCode } from './enums.js';

/**
 * A feed's health as its poller workflow records it and answers the `health` query.
 * Thresholds (docs/adr/0005-feed-health.md):
 * - unknown: no poll has finished yet;
 * - healthy: the last poll succeeded (new data committed, or 304 Not Modified);
 * - degraded: the last poll failed, or the retraction guard held it back, fewer than DOWN_AFTER times in a row;
 * - down: DOWN_AFTER or more failed polls in a row.
 */
export const DOWN_AFTER_CONSECUTIVE_FAILURES = 3;

export type PollOutcome = 'committed' | 'not-modified' | 'guarded' | 'failed';

/**
 * What made the last poll fail, for people and dashboards: the upstream's fault (dns … too-large),
 * the retraction guard's judgement, an activity no worker finished in time, or a bug (internal).
 */
export const FEED_ERROR_KINDS = [
  'dns',
  'refused',
  'timeout',
  'tls',
  'network',
  'http-status',
  'bad-body',
  'too-large',
  'retraction-guard',
  // A well-formed answer in which the service reports an error of its own (often with HTTP 200).
  'upstream-error',
  'worker-timeout',
  'internal',
  // The poller itself is stuck: its workflow task keeps failing (a fault of the service).
  'workflow-task',
  // No poller runs for the feed (stopped, or not started again yet).
  'not-running',
] as const;
export type FeedErrorKind = (typeof FEED_ERROR_KINDS)[number];

export function isFeedErrorKind(value: unknown): value is FeedErrorKind {
  return FEED_ERROR_KINDS.includes(value as FeedErrorKind);
}

/** The Temporal search attribute (Keyword) each poller keeps set to its feed's status. */
export const FEED_STATUS_SEARCH_ATTRIBUTE = 'FeedStatus';

export interface FeedHealth {
  feedKey: string;
  state: StateCode;
  agency: string;
  status: FeedStatus;
  lastPolled?: string;
  lastSuccess?: string;
  lastOutcome?: PollOutcome;
  lastError?: string;
  /** Kind of the last failed poll's error; a guarded poll's error is always `retraction-guard`. */
  lastErrorKind?: FeedErrorKind;
  /** When the poller will next poll unless woken earlier by `pollNow`. */
  nextPollAt?: string;
  /** The poller's cadence, so readers can tell a late poll from a missing one. */
  pollIntervalSeconds?: number;
  /** Active point incidents after the last good poll. */
  incidentCount: number;
  /** Polls finished since the poller started (carried across continue-as-new). */
  polls: number;
  /** Failed polls since the poller started (carried across continue-as-new). */
  errorCount: number;
  consecutiveFailures: number;
  /** Consecutive polls the mass-retraction guard held back. */
  guardTrips: number;
  /** Upstream values that fell back to other/Unknown in the last parsed body. */
  unmappedValues: number;
  /** Records the last parsed body carried that the parser left out on purpose (e.g. republished). */
  droppedRecords: number;
}

export function deriveFeedStatus(
  health: Pick<FeedHealth, 'lastOutcome' | 'consecutiveFailures'>,
): FeedStatus {
  return statusAfter(health, DOWN_AFTER_CONSECUTIVE_FAILURES);
}

/** What every poller's health counts, feeds' and gauge sources' alike. */
interface PollCounts {
  status: FeedStatus;
  polls: number;
  lastOutcome?: PollOutcome;
  lastPolled?: string;
  lastErrorKind?: FeedErrorKind;
  consecutiveFailures: number;
}

/**
 * The health after one more poll at `polledAt`: counted, its outcome and `changes` applied (the last
 * error kind cleared unless given), and the status derived again.
 */
export function afterPoll<H extends PollCounts>(
  health: H,
  outcome: NonNullable<H['lastOutcome']>,
  changes: Partial<H>,
  polledAt: string,
): H {
  const next: H = {
    ...health,
    lastErrorKind: undefined,
    ...changes,
    polls: health.polls + 1,
    lastOutcome: outcome,
    lastPolled: polledAt,
  };
  return { ...next, status: deriveFeedStatus(next) };
}

/** The thresholds above, for anything polled or refreshed: down after `downAfter` failures in a row. */
export function statusAfter(
  health: { lastOutcome?: string | undefined; consecutiveFailures: number },
  downAfter: number,
): FeedStatus {
  if (health.lastOutcome === undefined) return 'unknown';
  if (health.consecutiveFailures >= downAfter) return 'down';
  if (health.lastOutcome === 'failed' || health.lastOutcome === 'guarded') return 'degraded';
  return 'healthy';
}

/** The error of the last poll, when it did not succeed. */
export function lastPollError(
  health: Pick<FeedHealth, 'lastOutcome' | 'lastError' | 'lastErrorKind'>,
): { kind: FeedErrorKind; message: string } | undefined {
  if (health.lastError === undefined) return undefined;
  const kind = health.lastOutcome === 'guarded' ? 'retraction-guard' : (health.lastErrorKind ?? 'internal');
  return { kind, message: health.lastError };
}

/**
 * A feed whose last poll is older than this is stale, whatever its stored status (the interface's
 * two hours); a poller that has missed its next poll by more than its grace is stale sooner.
 */
export const STALE_AFTER_MS = 2 * 60 * 60 * 1000;
/**
 * How late a poll may finish past its planned start (a fetch's retries, a lost activity noticed by its
 * heartbeat, the commit) before the poller counts as stale: one interval, and at least a minute.
 */
export function pollOverdueGraceMs(pollIntervalSeconds: number | undefined): number {
  return pollIntervalSeconds === undefined ? 2 * 60_000 : Math.max(pollIntervalSeconds * 1000, 60_000);
}

/** What a reader saw of a poller's run, apart from the health the run recorded. */
export interface RunObservation {
  /** The poller's latest run is open. */
  running: boolean;
  /** Its workflow task keeps failing: why. */
  taskFailure?: string | undefined;
}

type RecordedHealth = Pick<
  FeedHealth,
  'status' | 'lastPolled' | 'nextPollAt' | 'lastError' | 'lastErrorKind' | 'lastOutcome'
>;

/**
 * The health a reader reports: the poller's record, overruled when the run cannot be doing its work
 * (its workflow task fails, or it does not run: `down`, with why as the last error) and, from the
 * record's times, `stale` when polls stopped arriving. `base` stands in for a run that recorded nothing.
 */
export function observedHealth<H extends RecordedHealth>(
  recorded: H | undefined,
  run: RunObservation | undefined,
  base: H,
): H | undefined {
  if (run?.taskFailure !== undefined) {
    return {
      ...(recorded ?? base),
      status: 'down',
      lastOutcome: 'failed',
      lastError: `the poller is stuck: its workflow task fails (${run.taskFailure})`,
      lastErrorKind: 'workflow-task',
    };
  }
  if (run && !run.running && recorded) {
    return {
      ...recorded,
      status: 'down',
      lastOutcome: 'failed',
      lastError: 'no poller is running',
      lastErrorKind: 'not-running',
    };
  }
  return recorded;
}

/** Reported status: stale when the last poll is older than the interval allows, else as recorded. */
export function reportStatus(
  health: Pick<FeedHealth, 'status' | 'lastPolled' | 'nextPollAt' | 'pollIntervalSeconds'> | undefined,
  now: Date,
): FeedReportStatus {
  if (!health?.lastPolled) return health?.status ?? 'unknown';
  if (health.status === 'down') return 'down';
  const polledAgo = now.getTime() - Date.parse(health.lastPolled);
  const overdue =
    health.nextPollAt !== undefined &&
    now.getTime() - Date.parse(health.nextPollAt) > pollOverdueGraceMs(health.pollIntervalSeconds);
  return polledAgo > STALE_AFTER_MS || overdue ? 'stale' : health.status;
}

/** A feed's health before its poller's first poll. */
export function initialFeedHealth(feed: Pick<FeedHealth, 'feedKey' | 'state' | 'agency'>): FeedHealth {
  return {
    feedKey: feed.feedKey,
    state: feed.state,
    agency: feed.agency,
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

/** What a feed poller carries across continue-as-new and keeps in its memo (CARRIED_MEMO_KEY). */
/** Polls since the last good one, for the line that says the feed recovered. */
export interface TroubledPolls {
  failed: number;
  guarded: number;
}

export interface PollerCarry {
  health: FeedHealth;
  /** Absent in carries made before it was kept (then read back from the health, as far as it says). */
  troubled?: TroubledPolls | undefined;
  /** The mass drop the guard held back on the last consecutive polls (ADR 4). */
  guardedDrop?: string | undefined;
  etag?: string | undefined;
  lastModified?: string | undefined;
}
