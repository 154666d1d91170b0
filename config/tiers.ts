/** Plans, and how far back each may read history, archive snapshots and gauge readings. */
export const TIERS = ['free', 'starter', 'developer', 'business', 'pro', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

/** null: no archive access at all; Infinity: unlimited. */
export const TIER_LOOKBACK_MS: Readonly<Record<Tier, number | null>> = {
  free: null,
  starter: 1 * YEAR_MS,
  developer: 5 * YEAR_MS,
  business: 5 * YEAR_MS,
  pro: Infinity,
  enterprise: Infinity,
};

export const TIER_LOOKBACK_TEXT: Readonly<Record<Tier, string>> = {
  free: 'no archive access',
  starter: '1 year',
  developer: '5 years',
  business: '5 years',
  pro: 'unlimited',
  enterprise: 'unlimited',
};

/**
 * Requests per calendar month (UTC) per key. Every authenticated request to a keyed endpoint counts,
 * 304s included; requests refused with 429 do not.
 */
export const TIER_MONTHLY_QUOTA: Readonly<Record<Tier, number>> = {
  free: 10_000,
  starter: 100_000,
  developer: 500_000,
  business: 2_000_000,
  pro: 10_000_000,
  enterprise: 50_000_000,
};

/** What a key may carry beyond its plan. */
export const ENTITLEMENTS = ['declarations'] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

/** The plans on which an entitlement takes effect (declarations are negotiated with enterprise accounts). */
export const ENTITLEMENT_TIERS: Readonly<Record<Entitlement, readonly Tier[]>> = {
  declarations: ['enterprise'],
};

/** Snapshot instants before this come from the historical archive, not from version rows. */
export const ARCHIVE_BOUNDARY = '2026-04-08T00:00:00Z';
