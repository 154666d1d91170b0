/**
 * The monthly quota period (a calendar month in UTC, `YYYY-MM`) and the headers that describe it:
 * the spec's RateLimit-Limit / -Remaining / -Reset, and the httpapi working group draft's
 * RateLimit-Policy and RateLimit fields (draft-ietf-httpapi-ratelimit-headers-10/11).
 */
import type { WindowCount } from './short-windows.js';

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

/** The month's policy item of RateLimit-Policy. */
function monthlyPolicy(limit: number, now: Date): string {
  const { start, end } = monthBounds(now);
  return `"${POLICY_NAME}";q=${limit};w=${Math.round((end - start) / 1000)}`;
}

/** Each short window's items of RateLimit-Policy and RateLimit, in the order given. */
function windowItems(windows: readonly WindowCount[]): { policies: string[]; states: string[] } {
  return {
    policies: windows.map((w) => `"${w.name}";q=${w.limit};w=${w.seconds}`),
    states: windows.map((w) => `"${w.name}";r=${Math.max(0, w.limit - w.used)};t=${w.reset}`),
  };
}

/**
 * The headers of a counted answer: RateLimit-Limit/-Remaining/-Reset describe the monthly quota;
 * RateLimit-Policy and RateLimit list the month and each short window, by name.
 */
export function rateLimitHeaders(
  limit: number,
  used: number,
  now: Date,
  windows: readonly WindowCount[] = [],
): Record<string, string> {
  const remaining = Math.max(0, limit - used);
  const reset = secondsUntilReset(now);
  const { policies, states } = windowItems(windows);
  return {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(remaining),
    'RateLimit-Reset': String(reset),
    'RateLimit-Policy': [monthlyPolicy(limit, now), ...policies].join(', '),
    RateLimit: [`"${POLICY_NAME}";r=${remaining};t=${reset}`, ...states].join(', '),
  };
}

/**
 * The headers of a request a short window refused: RateLimit-Limit/-Remaining/-Reset and Retry-After
 * describe the window that refused (the limit the client ran into); RateLimit-Policy lists every
 * policy, RateLimit the short windows' states (the month's count was not reached).
 */
export function windowRefusalHeaders(
  refusedBy: WindowCount,
  windows: readonly WindowCount[],
  monthlyLimit: number,
  now: Date,
): Record<string, string> {
  const { policies, states } = windowItems(windows);
  return {
    'RateLimit-Limit': String(refusedBy.limit),
    'RateLimit-Remaining': '0',
    'RateLimit-Reset': String(refusedBy.reset),
    'RateLimit-Policy': [monthlyPolicy(monthlyLimit, now), ...policies].join(', '),
    RateLimit: states.join(', '),
    'Retry-After': String(refusedBy.reset),
  };
}

export const RATE_LIMIT_HEADER_NAMES = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
] as const;
