import { KeyCache } from './key-cache.js';
import { QuotaLeases, type QuotaLeaseOptions } from './quota-leases.js';
import type { KeyStore, QuotaStore } from './types.js';

/** What an API process checks requests with: keys and quota in memory, over the shared store. */
export interface MemoryAccess {
  keys: KeyCache;
  quota: QuotaLeases;
  /** Stops refreshing keys and gives back the unused leases (a graceful stop). */
  close(): Promise<void>;
}

export interface MemoryAccessOptions {
  keyRefreshMs?: number;
  quota?: QuotaLeaseOptions;
  onError?: (error: unknown) => void;
}

export async function startMemoryAccess(
  store: KeyStore & QuotaStore,
  options: MemoryAccessOptions = {},
): Promise<MemoryAccess> {
  const onError = options.onError ?? (() => undefined);
  const keys = new KeyCache(store, {
    onError,
    ...(options.keyRefreshMs !== undefined ? { refreshMs: options.keyRefreshMs } : {}),
  });
  await keys.start();
  const quota = new QuotaLeases(store, { onError, ...options.quota });
  return {
    keys,
    quota,
    close: async () => {
      keys.stop();
      await quota.close();
    },
  };
}
