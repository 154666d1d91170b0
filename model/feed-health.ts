import type { FeedStatus, StateCode } from './enums.js';

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
  if (health.lastOutcome === undefined) return 'unknown';
  if (health.consecutiveFailures >= DOWN_AFTER_CONSECUTIVE_FAILURES) return 'down';
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
