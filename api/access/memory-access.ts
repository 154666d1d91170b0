import { KeyCache } from './key-cache.js';
import type { ShortWindowLimits, Tier } from '../../config/index.js';
import { QuotaLeases, type QuotaLeaseOptions } from './quota-leases.js';
import { ShortWindows } from './short-windows.js';
import type { KeyStore, QuotaStore, WindowStore } from './types.js';

/** What an API process checks requests with: keys and quota in memory, over the shared store. */
export interface MemoryAccess {
  keys: KeyCache;
  quota: QuotaLeases;
  /** Per-second and per-minute limits, leased from the store's windows. */
  windows: ShortWindows;
  /** Stops refreshing keys and gives back the unused leases (a graceful stop). */
  close(): Promise<void>;
}

export interface MemoryAccessOptions {
  keyRefreshMs?: number;
  quota?: QuotaLeaseOptions;
  /** Per-second and per-minute limits per plan; config/rate-limits.ts when absent. */
  rateLimits?: Readonly<Record<Tier, ShortWindowLimits>> | undefined;
  onError?: (error: unknown) => void;
}

export async function startMemoryAccess(
  store: KeyStore & QuotaStore & WindowStore,
  options: MemoryAccessOptions = {},
): Promise<MemoryAccess> {
  const onError = options.onError ?? (() => undefined);
  const keys = new KeyCache(store, {
    onError,
    ...(options.keyRefreshMs !== undefined ? { refreshMs: options.keyRefreshMs } : {}),
  });
  await keys.start();
  const quota = new QuotaLeases(store, { onError, ...options.quota });
  const windows = new ShortWindows(store, {
    onError,
    ...(options.rateLimits ? { limits: options.rateLimits } : {}),
  });
  return {
    keys,
    quota,
    windows,
    close: async () => {
      keys.stop();
      await quota.close();
    },
  };
}
