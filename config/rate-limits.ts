import type { Tier } from './tiers.js';

/**
 * Short-window limits per key (per client address for keys shared by many clients): requests per
 * clock second and per clock minute (UTC), beside the monthly quota. The second allows a burst well
 * above the minute's average; the minute holds the sustained rate. Shared by every API replica on
 * one access store (api/access/short-windows.ts, ADR 31).
 */
export interface ShortWindowLimits {
  perSecond: number;
  perMinute: number;
}

export const TIER_RATE_LIMITS: Readonly<Record<Tier, ShortWindowLimits>> = {
  free: { perSecond: 5, perMinute: 60 },
  starter: { perSecond: 10, perMinute: 300 },
  developer: { perSecond: 25, perMinute: 1_000 },
  business: { perSecond: 100, perMinute: 3_000 },
  pro: { perSecond: 250, perMinute: 10_000 },
  enterprise: { perSecond: 1_000, perMinute: 30_000 },
};

/** The windows, by the names the RateLimit-Policy and RateLimit headers give them. */
export const SHORT_WINDOWS = [
  { name: 'minute', seconds: 60, limitOf: (limits: ShortWindowLimits) => limits.perMinute },
  { name: 'second', seconds: 1, limitOf: (limits: ShortWindowLimits) => limits.perSecond },
] as const;
export type ShortWindowName = (typeof SHORT_WINDOWS)[number]['name'];
