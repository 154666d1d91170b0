/**
 * The monthly quota period (a calendar month in UTC, `YYYY-MM`) and the headers that describe it:
 * the spec's RateLimit-Limit / -Remaining / -Reset, and the httpapi working group draft's
 * RateLimit-Policy and RateLimit fields (draft-ietf-httpapi-ratelimit-headers-10/11).
 */
export const POLICY_NAME = 'monthly';

interface Month {
  period: string;
  start: number;
  end: number;
}

/** The month of the last request: every request of a month asks, so it is worked out once. */
let lastMonth: Month = { period: '', start: 0, end: 0 };

function monthOf(now: Date): Month {
  const at = now.getTime();
  if (at >= lastMonth.start && at < lastMonth.end) return lastMonth;
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  lastMonth = {
    period: now.toISOString().slice(0, 7),
    start: Date.UTC(year, month, 1),
    end: Date.UTC(year, month + 1, 1),
  };
  return lastMonth;
}

export function quotaPeriod(now: Date): string {
  return monthOf(now).period;
}

function monthBounds(now: Date): { start: number; end: number } {
  return monthOf(now);
}

/** Whole seconds until the next month starts (at least 1, so a client never retries at once). */
export function secondsUntilReset(now: Date): number {
  return Math.max(1, Math.ceil((monthBounds(now).end - now.getTime()) / 1000));
}

export function rateLimitHeaders(limit: number, used: number, now: Date): Record<string, string> {
  const remaining = Math.max(0, limit - used);
  const reset = secondsUntilReset(now);
  const { start, end } = monthBounds(now);
  const window = Math.round((end - start) / 1000);
  return {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(remaining),
    'RateLimit-Reset': String(reset),
    'RateLimit-Policy': `"${POLICY_NAME}";q=${limit};w=${window}`,
    RateLimit: `"${POLICY_NAME}";r=${remaining};t=${reset}`,
  };
}

export const RATE_LIMIT_HEADER_NAMES = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
] as const;
