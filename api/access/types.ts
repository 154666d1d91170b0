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
  createdAt: string;
  revokedAt: string | null;
}

/** A key as listed by the admin CLI: everything but the hash. */
export type KeyInfo = Omit<StoredKey, 'secretSha256'>;

/**
 * Where keys live. The embedded implementation is SQLite (one file, shared by the API and the CLI);
 * a shared store for several API replicas (PostgreSQL, Redis) implements the same calls.
 */
export interface KeyStore {
  create(key: StoredKey): Promise<void>;
  findById(id: string): Promise<StoredKey | undefined>;
  list(): Promise<KeyInfo[]>;
  /** Marks the key revoked from `at`; false when no such key exists. A revoked key stays revoked. */
  revoke(id: string, at: Date): Promise<boolean>;
}

export interface QuotaResult {
  allowed: boolean;
  /** Requests counted in the period, this one included when allowed. */
  used: number;
}

/** Monthly request counters per key. `consume` must be atomic: check and increment in one step. */
export interface QuotaCounter {
  consume(keyId: string, period: string, limit: number): Promise<QuotaResult>;
  peek(keyId: string, period: string): Promise<number>;
}
