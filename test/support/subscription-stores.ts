import { openSubscriptionStore } from '../../api/subscriptions/open-store.js';
import type { SubscriptionStore } from '../../subscriptions/types.js';
import { STORE_KINDS, testAccessStores, type StoreKind } from './access-stores.js';

export { STORE_KINDS };

/** One empty subscription store (a SQLite file, or a PostgreSQL database), opened as processes open it. */
export interface SubscriptionStoreUnderTest {
  open(): Promise<SubscriptionStore>;
}

/** Subscription stores beside the test key stores (access-stores.ts): the same folders and databases. */
export function testSubscriptionStores(): { fresh(kind: StoreKind): Promise<SubscriptionStoreUnderTest> } {
  const stores = testAccessStores();
  return {
    async fresh(kind) {
      const { dir, env } = await stores.fresh(kind);
      return { open: () => openSubscriptionStore({ DATA_DIR: dir, DATABASE_URL: env.DATABASE_URL }) };
    },
  };
}
