import { KeyCache } from './key-cache.js';
import type { Settings, ShortWindowLimits, Tier } from '../../config/index.js';
import type { Reachability } from '../../telemetry/reachability.js';
import { GuardedAccessStore } from './guarded-store.js';
import { QuotaLeases, type QuotaLeaseOptions } from './quota-leases.js';
import { ShortWindows } from './short-windows.js';
import type { KeyStore, QuotaStore, WindowStore } from './types.js';

/** What an API process checks requests with: keys and quota in memory, over the shared store. */
export interface MemoryAccess {
  keys: KeyCache;
  quota: QuotaLeases;
  /** Per-second and per-minute limits, leased from the store's windows. */
  windows: ShortWindows;
  /** Whether the store answers, as this process sees it (with `outage` only). */
  reachability: Reachability | undefined;
  /** Stops refreshing keys and gives back the unused leases (a graceful stop). */
  close(): Promise<void>;
}

/** How an API process rides out a key store that does not answer (ADR 33). */
export interface AccessOutageOptions {
  /** A store call with no answer in this long is abandoned. */
  timeoutMs: number;
  /** Requests of a key past its leases let through per process while the store is away. */
  graceRequestsPerKey: number;
  /** For how long after the store stopped answering. */
  graceSeconds: number;
  /** One line when the store goes, one when it is back. */
  log: (line: string, level: 'warn' | 'info') => void;
}

/** The outage settings as configured (config/env.ts). */
export function accessOutageOptions(
  settings: Pick<
    Settings,
    'ACCESS_STORE_TIMEOUT_MS' | 'ACCESS_STORE_GRACE_REQUESTS' | 'ACCESS_STORE_GRACE_SECONDS'
  >,
  log: AccessOutageOptions['log'],
): AccessOutageOptions {
  return {
    timeoutMs: settings.ACCESS_STORE_TIMEOUT_MS,
    graceRequestsPerKey: settings.ACCESS_STORE_GRACE_REQUESTS,
    graceSeconds: settings.ACCESS_STORE_GRACE_SECONDS,
    log,
  };
}

export interface MemoryAccessOptions {
  keyRefreshMs?: number;
  quota?: QuotaLeaseOptions;
  /** Per-second and per-minute limits per plan; config/rate-limits.ts when absent. */
  rateLimits?: Readonly<Record<Tier, ShortWindowLimits>> | undefined;
  /** Told of failures that are bugs (a store that is merely away is said once, by `outage.log`). */
  onError?: (error: unknown) => void;
  /** Time limits and a bounded grace while the store is away; calls go to the store as they are without. */
  outage?: AccessOutageOptions;
}

/** A key store away for less than this is not said in the log; what it let through is counted all the same. */
const STORE_BLIP_MS = 5_000;

function downLine(reason: string, outage: AccessOutageOptions): string {
  return `the key store does not answer (${reason}): keys and leases are served from memory, and each key may make ${outage.graceRequestsPerKey} more requests here for ${outage.graceSeconds} s before they are answered 503`;
}

function backLine(awayMs: number, counted: { requests: number; keys: number; pastQuota: number }): string {
  const past = counted.pastQuota > 0 ? `, ${counted.pastQuota} of them past a quota` : '';
  if (counted.requests === 0) return `the key store answers again after ${Math.round(awayMs / 1000)} s`;
  return `the key store answers again after ${Math.round(awayMs / 1000)} s: ${counted.requests} requests of ${counted.keys} key${counted.keys === 1 ? '' : 's'} were let through unconfirmed meanwhile and are now counted${past}`;
}

export async function startMemoryAccess(
  raw: KeyStore & QuotaStore & WindowStore,
  options: MemoryAccessOptions = {},
): Promise<MemoryAccess> {
  const onError = options.onError ?? (() => undefined);
  const outage = options.outage;
  // The grace below is counted by the quota leases, made after the store they count against.
  const late: { quota?: QuotaLeases } = {};
  const guarded =
    outage &&
    new GuardedAccessStore(raw, {
      timeoutMs: outage.timeoutMs,
      // A store restarted in a few seconds is said nowhere; what it let through is counted all the same.
      reportAfterMs: STORE_BLIP_MS,
      metricsName: 'key_store',
      onDown: (reason) => outage.log(downLine(reason, outage), 'warn'),
      onBack: (awayMs) =>
        void quota?.reconcile().then((counted) => outage.log(backLine(awayMs, counted), 'info'), onError),
    });
  const store = guarded ?? raw;
  const keys = new KeyCache(store, {
    onError,
    ...(options.keyRefreshMs !== undefined ? { refreshMs: options.keyRefreshMs } : {}),
  });
  await keys.start();
  const quota = new QuotaLeases(store, {
    onError,
    ...(guarded && outage
      ? {
          grace: {
            requestsPerKey: outage.graceRequestsPerKey,
            forMs: outage.graceSeconds * 1000,
            awayForMs: () => guarded.reachability.awayForMs,
          },
        }
      : {}),
    ...options.quota,
  });
  const windows = new ShortWindows(store, {
    onError,
    ...(options.rateLimits ? { limits: options.rateLimits } : {}),
  });
  late.quota = quota;
  return {
    keys,
    quota,
    windows,
    reachability: guarded?.reachability,
    close: async () => {
      keys.stop();
      await quota.close();
    },
  };
}
