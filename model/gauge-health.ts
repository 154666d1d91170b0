import type { FeedErrorKind, PollOutcome } from './feed-health.js';
import type { FeedStatus } from './enums.js';
import type { GaugeSourceName } from './gauge.js';

/**
 * A gauge source's health as its poller workflow records it and answers the `health` query. Status
 * follows the feed rules (model/feed-health.ts: unknown, healthy, degraded, down after 3 failures).
 */
export interface GaugeSourceHealth {
  source: GaugeSourceName;
  status: FeedStatus;
  lastPolled?: string;
  lastSuccess?: string;
  lastOutcome?: Extract<PollOutcome, 'committed' | 'failed'>;
  lastError?: string;
  lastErrorKind?: FeedErrorKind;
  nextPollAt?: string;
  pollIntervalSeconds?: number;
  /** Active gauges the last good poll listed. */
  gaugeCount: number;
  /** Readings the last good poll brought that the warehouse did not hold yet. */
  newReadings: number;
  /** Stations or series the last good poll could not read (a per-site error inside a good answer). */
  skippedSeries: number;
  polls: number;
  errorCount: number;
  consecutiveFailures: number;
}

/** A gauge source's health before its poller's first poll. */
export function initialGaugeHealth(source: GaugeSourceName): GaugeSourceHealth {
  return {
    source,
    status: 'unknown',
    gaugeCount: 0,
    newReadings: 0,
    skippedSeries: 0,
    polls: 0,
    errorCount: 0,
    consecutiveFailures: 0,
  };
}

/** Temporal workflow id of a gauge source's poller. */
export function gaugePollerWorkflowId(source: GaugeSourceName): string {
  return `gauges:${source}`;
}

/** What a gauge poller carries across continue-as-new and keeps in its memo (CARRIED_MEMO_KEY). */
export interface GaugePollerCarry {
  health: GaugeSourceHealth;
  /** End of the window of the last committed poll (epoch ms). */
  committedUntilMs?: number | undefined;
  /** AQUARIUS changes token, advanced only once a poll is committed. */
  token: string | null;
}
