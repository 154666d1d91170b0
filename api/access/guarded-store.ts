import { Reachability, Unreachable, type ReachabilityOptions } from '../../telemetry/reachability.js';
import type {
  KeyChanges,
  KeyStore,
  QuotaStore,
  WindowStore,
  KeyInfo,
  QuotaGrant,
  QuotaResult,
  StoredKey,
  WindowLease,
} from './types.js';

/** PostgreSQL's classes of SQLSTATE that mean the server is away or overloaded, not that SQL was wrong. */
const POSTGRES_OUTAGE_CLASSES = new Set([
  '08', // connection exception
  '53', // insufficient resources
  '57', // operator intervention: shutting down, cancelled by a statement time-out
  '58', // system error (I/O)
]);

/** SQLite's result codes that mean the file is busy or unusable just now. */
const SQLITE_OUTAGE = /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|PROTOCOL|READONLY)/;

/**
 * Whether a key store failure means the store is away (a connection refused or dropped, a time-out,
 * a server shutting down, a file locked): those are served from memory within a bound. A statement the
 * store refused (a constraint, a syntax error) is an answer, and a bug's error stays a bug.
 */
export function isAccessStoreOutage(error: unknown): boolean {
  if (error instanceof Unreachable) return true;
  if (error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError)
    return false;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_')) return SQLITE_OUTAGE.test(code);
    if (/^[0-9A-Z]{5}$/.test(code)) return POSTGRES_OUTAGE_CLASSES.has(code.slice(0, 2));
  }
  // The driver's own words for a connection it lost or could not make.
  return true;
}

export type AccessStoreReachabilityOptions = Omit<ReachabilityOptions, 'isOutage'>;

/** How an API process names the key store in its lines and problems. */
export const ACCESS_STORE_PIECE = 'the key store';

/**
 * The access store as an API process uses it: every call has a time limit, and while the store is
 * away calls fail at once with `Unreachable` (one probe a second goes through), so a request never
 * waits on a store that does not answer. Creating, listing and revoking keys (the key CLI, the page
 * key) go to the store as they are.
 */
export class GuardedAccessStore implements KeyStore, QuotaStore, WindowStore {
  readonly reachability: Reachability;

  constructor(
    private readonly store: KeyStore & QuotaStore & WindowStore,
    options: AccessStoreReachabilityOptions,
  ) {
    this.reachability = new Reachability(ACCESS_STORE_PIECE, { ...options, isOutage: isAccessStoreOutage });
  }

  private guard<T>(call: () => Promise<T>): Promise<T> {
    return this.reachability.call(call);
  }

  create(key: StoredKey): Promise<void> {
    return this.store.create(key);
  }
  list(): Promise<KeyInfo[]> {
    return this.store.list();
  }
  revoke(id: string, at: Date): Promise<boolean> {
    return this.store.revoke(id, at);
  }
  findById(id: string): Promise<StoredKey | undefined> {
    return this.guard(() => this.store.findById(id));
  }
  keyChanges(cursor: number): Promise<KeyChanges> {
    return this.guard(() => this.store.keyChanges(cursor));
  }
  lease(keyId: string, period: string, want: number, limit: number): Promise<QuotaGrant> {
    return this.guard(() => this.store.lease(keyId, period, want, limit));
  }
  release(keyId: string, period: string, count: number): Promise<void> {
    return this.guard(() => this.store.release(keyId, period, count));
  }
  consume(keyId: string, period: string, limit: number): Promise<QuotaResult> {
    return this.guard(() => this.store.consume(keyId, period, limit));
  }
  peek(keyId: string, period: string): Promise<number> {
    return this.guard(() => this.store.peek(keyId, period));
  }
  leaseWindow(request: WindowLease): Promise<QuotaGrant> {
    return this.guard(() => this.store.leaseWindow(request));
  }
  forgetWindows(before: number): Promise<void> {
    return this.guard(() => this.store.forgetWindows(before));
  }
}
