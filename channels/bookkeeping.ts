import type { SubscriptionStore } from '../subscriptions/types.js';

/** What every channel's delivery workflow records besides its attempts. */
export function createSubscriptionBookkeeping(store: SubscriptionStore, now: () => Date = () => new Date()) {
  return {
    /** After the last retry failed: the subscription stops, saying why. */
    async disableSubscription(subscriptionId: string, reason: string): Promise<void> {
      await store.disable(subscriptionId, reason, now().toISOString());
    },
  };
}

export type SubscriptionBookkeeping = ReturnType<typeof createSubscriptionBookkeeping>;
