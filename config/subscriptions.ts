import type { Tier } from './tiers.js';

/** Subscriptions one key may hold, per plan, whatever their channel (webhook or e-mail). */
export const MAX_SUBSCRIPTIONS: Readonly<Record<Tier, number>> = {
  free: 5,
  starter: 20,
  developer: 50,
  business: 100,
  pro: 500,
  enterprise: 5_000,
};
