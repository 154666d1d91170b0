import type { Entitlement, Tier } from '../../config/index.js';

/** What is kept of a key: never the secret, only its SHA-256. */
export interface StoredKey {
  /** The public part of the key, safe to log and to show. */
  id: string;
  secretSha256: Buffer;
  tier: Tier;
  label: string;
  entitlements: Entitlement[];
  /** Browser origins (scheme://host[:port]) the key may be used from; empty means any. */
  origins: string[];
  /** Requests a calendar month for this key alone; null: its plan's. */
  monthlyQuota: number | null;
  /**
   * A key shared by many clients (the service's own page key): its per-second and per-minute limits
   * count per client address, not for the key as a whole. Its monthly quota stays the key's.
   */
  perClient: boolean;
  createdAt: string;
  revokedAt: string | null;
}

/** A key as listed by the admin CLI: everything but the hash. */
export type KeyInfo = Omit<StoredKey, 'secretSha256'>;

/**
 * Where keys live. The embedded implementation is SQLite (one file, shared by the API and the CLI);
 * a shared store for several API replicas (PostgreSQL) implements the same calls.
 */
export interface KeyStore {
  create(key: StoredKey): Promise<void>;
  findById(id: string): Promise<StoredKey | undefined>;
  list(): Promise<KeyInfo[]>;
  /** Marks the key revoked from `at`; false when no such key exists. A revoked key stays revoked. */
  revoke(id: string, at: Date): Promise<boolean>;
  /**
   * Keys created or changed after `cursor` (every key for cursor 0), and the cursor to ask from next:
   * how an API process keeps its copy of the keys current without a look-up per request.
   */
  keyChanges(cursor: number): Promise<KeyChanges>;
}

export interface KeyChanges {
  cursor: number;
  /** Keys created or changed (revoked ones included: a revoked key stays in the store). */
  keys: StoredKey[];
  /** Ids of keys deleted from the store. */
  gone: string[];
}

/** What the access gate looks keys up in: the store itself, or an in-memory copy of it. */
export interface KeyLookup {
  findById(id: string): Promise<StoredKey | undefined>;
}

export interface QuotaResult {
  allowed: boolean;
  /** Requests counted in the period, this one included when allowed. */
  used: number;
}

/** What the access gate counts requests with: `consume` checks and counts one request in one step. */
export interface QuotaMeter {
  consume(keyId: string, period: string, limit: number): Promise<QuotaResult>;
}

export interface QuotaGrant {
  /** Requests taken, 0 when the period's count has reached the limit. */
  granted: number;
  /** The period's count after the grant: the grant is the requests (used - granted, used]. */
  used: number;
}

/**
 * Monthly request counters per key. `lease` is atomic: it takes up to `want` requests, never past
 * `limit`, and counts them at once, so several API processes on one store never exceed a quota
 * together; each counts its lease down in memory and gives back what it did not use.
 */
export interface QuotaStore extends QuotaMeter {
  lease(keyId: string, period: string, want: number, limit: number): Promise<QuotaGrant>;
  /** Gives back `count` requests of a lease that were not used. */
  release(keyId: string, period: string, count: number): Promise<void>;
  peek(keyId: string, period: string): Promise<number>;
}

/** Up to `want` requests of `subject`'s window (e.g. `second:1764236400`) that allows `limit`. */
export interface WindowLease {
  subject: string;
  window: string;
  /** When the window ends, ms since the epoch: its counter may be forgotten after. */
  endsAt: number;
  want: number;
  limit: number;
}

/**
 * Counters of short windows (a second, a minute) per subject (a key, or a key and a client address),
 * leased as the monthly quota is: atomically, never past the limit. A window's counter is kept until
 * `endsAt` (ms since the epoch) has passed and `forgetWindows` is called.
 */
export interface WindowStore {
  leaseWindow(request: WindowLease): Promise<QuotaGrant>;
  /** Drops the counters of windows that ended before `before` (ms since the epoch). */
  forgetWindows(before: number): Promise<void>;
}

/** A store of keys and counters as opened by the service, the key CLI and the tests. */
export interface AccessStore extends KeyStore, QuotaStore, WindowStore {
  close(): void | Promise<void>;
}
