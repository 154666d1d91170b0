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

export interface FeedHealth {
  feedKey: string;
  state: StateCode;
  agency: string;
  status: FeedStatus;
  lastPolled?: string;
  lastSuccess?: string;
  lastOutcome?: PollOutcome;
  lastError?: string;
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
