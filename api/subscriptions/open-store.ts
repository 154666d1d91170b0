import { sqliteKeyStoreFiles, type Settings } from '../../config/index.js';
import { lazySubscriptionStore } from '../../subscriptions/lazy-store.js';
import type { SubscriptionStore } from '../../subscriptions/types.js';
import { PostgresSubscriptionStore } from './postgres-store.js';

export type SubscriptionStoreSettings = Pick<Settings, 'DATA_DIR' | 'DATABASE_URL'> &
  Partial<Pick<Settings, 'ACCESS_STORE_TIMEOUT_MS' | 'ACCESS_DB_FILE'>>;

/**
 * The one place that chooses where webhook subscriptions live: beside the keys. With DATABASE_URL, in
 * that PostgreSQL database, shared by every API replica and ingest worker on any host; else in
 * subscriptions.sqlite beside the SQLite key store (one host), opened on first use. A PostgreSQL server away at start
 * is no error: the store answers once it is back.
 */
export async function openSubscriptionStore(settings: SubscriptionStoreSettings): Promise<SubscriptionStore> {
  if (settings.DATABASE_URL)
    return PostgresSubscriptionStore.open(settings.DATABASE_URL, {
      timeoutMs: settings.ACCESS_STORE_TIMEOUT_MS,
      startAway: true,
    });
  return lazySubscriptionStore(sqliteKeyStoreFiles(settings).subscriptions);
}
