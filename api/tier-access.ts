import { TIER_LOOKBACK_MS, TIER_LOOKBACK_TEXT, type Tier } from '../config/index.js';
import { ProblemError } from './problem.js';

/**
 * The lookback rule for history and archive reads: the free tier has none; other tiers may read back
 * as far as their lookback from now. The 403 says what the tier allows; undefined when the tier may.
 */
export function lookbackRefusal(
  tier: Tier,
  earliest: Date,
  now: Date,
  what: string,
): ProblemError | undefined {
  const lookback = TIER_LOOKBACK_MS[tier];
  if (lookback === null) {
    return new ProblemError(
      403,
      'tier-required',
      'Paid plan required',
      `${what} needs a paid plan; the ${tier} plan has no archive access.`,
      { tier, allowed: TIER_LOOKBACK_TEXT[tier] },
    );
  }
  if (now.getTime() - earliest.getTime() > lookback) {
    return new ProblemError(
      403,
      'beyond-lookback',
      'Beyond the plan lookback',
      `${what} reaches back to ${earliest.toISOString()}; the ${tier} plan allows ${TIER_LOOKBACK_TEXT[tier]}.`,
      { tier, allowed: TIER_LOOKBACK_TEXT[tier] },
    );
  }
  return undefined;
}

/** The lookback rule as a guard: throws its 403 problem. */
export function assertLookback(tier: Tier, earliest: Date, now: Date, what: string): void {
  const refusal = lookbackRefusal(tier, earliest, now, what);
  if (refusal) throw refusal;
}

/** The earliest instant a tier may read, or null for none at all. */
export function earliestAllowed(tier: Tier, now: Date): Date | null {
  const lookback = TIER_LOOKBACK_MS[tier];
  if (lookback === null) return null;
  return Number.isFinite(lookback) ? new Date(now.getTime() - lookback) : new Date(0);
}
