import type { DeclarationSourceId } from './declaration.js';
import { statusAfter, type FeedErrorKind } from './feed-health.js';
import type { FeedStatus } from './enums.js';

/**
 * The health of the declaration refresher (workflows/declaration-refresher.ts), per source, as its
 * `health` query answers it and GET /v1/declarations/sources shows it. A failed or held-back refresh
 * publishes nothing: the last good records stay in the lake and keep being served.
 */
export type DeclarationRefreshOutcome = 'published' | 'unchanged' | 'guarded' | 'failed';

export interface DeclarationSourceHealth {
  source: DeclarationSourceId;
  /** As for a feed (docs/adr/0005-feed-health.md): unknown, healthy, degraded, or down after 3 failures in a row. */
  status: FeedStatus;
  lastAttempt?: string;
  lastSuccess?: string;
  lastOutcome?: DeclarationRefreshOutcome;
  lastError?: string;
  lastErrorKind?: FeedErrorKind;
  consecutiveFailures: number;
  errorCount: number;
  /** Records of the dataset being served for this source (the last good refresh). */
  records: number;
  /** Rows of the last good documents the parser could not use. */
  rejected: number;
  /** sha256 over the last good documents' bodies. */
  contentSha256?: string;
}

export interface DeclarationRefreshHealth {
  /** The worst of the sources' statuses. */
  status: FeedStatus;
  refreshes: number;
  lastRefresh?: string;
  sources: DeclarationSourceHealth[];
  /** Set by readers when the refresher cannot run: its workflow task keeps failing (why). */
  stuck?: string;
}

const STATUS_ORDER: readonly FeedStatus[] = ['healthy', 'unknown', 'degraded', 'down'];

/** Consecutive failed refreshes of a source after which it is down (as for feeds). */
export const DECLARATION_SOURCE_DOWN_AFTER = 3;

export function deriveSourceStatus(
  health: Pick<DeclarationSourceHealth, 'lastOutcome' | 'consecutiveFailures'>,
): FeedStatus {
  return statusAfter(health, DECLARATION_SOURCE_DOWN_AFTER);
}

/** The worst status of several (down > degraded > unknown > healthy); unknown for none. */
export function worstStatus(statuses: readonly FeedStatus[]): FeedStatus {
  if (statuses.length === 0) return 'unknown';
  return statuses.reduce((worst, status) =>
    STATUS_ORDER.indexOf(status) > STATUS_ORDER.indexOf(worst) ? status : worst,
  );
}
