import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Entitlement, Tier } from '../../config/index.js';
import type { KeyInfo, KeyStore, QuotaCounter, QuotaResult, StoredKey } from './types.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id            TEXT PRIMARY KEY,
  secret_sha256 BLOB NOT NULL,
  tier          TEXT NOT NULL,
  label         TEXT NOT NULL DEFAULT '',
  entitlements  TEXT NOT NULL DEFAULT '[]',
  origins       TEXT NOT NULL DEFAULT '[]',
  created_at    TEXT NOT NULL,
  revoked_at    TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS quota_usage (
  key_id TEXT NOT NULL,
  period TEXT NOT NULL,
  used   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, period)
) STRICT, WITHOUT ROWID;
`;

interface KeyRow {
  id: string;
  secret_sha256: Buffer;
  tier: string;
  label: string;
  entitlements: string;
  origins: string;
  created_at: string;
  revoked_at: string | null;
}

/**
 * Keys and quota counters in one SQLite file (data/api/access.sqlite). WAL lets the key CLI create and
 * revoke keys while API processes read and count; busy_timeout makes a writer wait for another rather
 * than fail. better-sqlite3 is synchronous, so every call is one statement or transaction, finished
 * before the next request is looked at; SQLite's locking keeps it exact across processes too.
 */
export class SqliteAccessStore implements KeyStore, QuotaCounter {
  private readonly db: Database.Database;
  private readonly statements: ReturnType<typeof prepare>;

  private constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(SCHEMA);
    this.statements = prepare(this.db);
  }

  static open(file: string): SqliteAccessStore {
    return new SqliteAccessStore(file);
  }

  create(key: StoredKey): Promise<void> {
    this.statements.insertKey.run({
      id: key.id,
      secret_sha256: key.secretSha256,
      tier: key.tier,
      label: key.label,
      entitlements: JSON.stringify(key.entitlements),
      origins: JSON.stringify(key.origins),
      created_at: key.createdAt,
      revoked_at: key.revokedAt,
    });
    return Promise.resolve();
  }

  findById(id: string): Promise<StoredKey | undefined> {
    const row = this.statements.keyById.get(id);
    return Promise.resolve(row && fromRow(row));
  }

  list(): Promise<KeyInfo[]> {
    return Promise.resolve(
      this.statements.allKeys.all().map((row) => {
        const { secretSha256: _hash, ...info } = fromRow(row);
        return info;
      }),
    );
  }

  revoke(id: string, at: Date): Promise<boolean> {
    return Promise.resolve(this.statements.revoke.run(at.toISOString(), id).changes > 0);
  }

  /** Check and increment in one transaction: the UPDATE only succeeds while `used < limit`. */
  private readonly consumeOnce = (keyId: string, period: string, limit: number): QuotaResult => {
    return this.db
      .transaction((): QuotaResult => {
        this.statements.openPeriod.run(keyId, period);
        const row = this.statements.increment.get(keyId, period, limit);
        if (row) return { allowed: true, used: row.used };
        return { allowed: false, used: this.statements.used.get(keyId, period)?.used ?? 0 };
      })
      .immediate();
  };

  consume(keyId: string, period: string, limit: number): Promise<QuotaResult> {
    return Promise.resolve(this.consumeOnce(keyId, period, limit));
  }

  peek(keyId: string, period: string): Promise<number> {
    return Promise.resolve(this.statements.used.get(keyId, period)?.used ?? 0);
  }

  close(): void {
    this.db.close();
  }
}

function prepare(db: Database.Database) {
  return {
    insertKey: db.prepare(
      `INSERT INTO api_keys (id, secret_sha256, tier, label, entitlements, origins, created_at, revoked_at)
       VALUES (@id, @secret_sha256, @tier, @label, @entitlements, @origins, @created_at, @revoked_at)`,
    ),
    keyById: db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE id = ?'),
    allKeys: db.prepare<[], KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id'),
    revoke: db.prepare<[string, string]>(
      'UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?',
    ),
    openPeriod: db.prepare<[string, string]>(
      'INSERT INTO quota_usage (key_id, period, used) VALUES (?, ?, 0) ON CONFLICT DO NOTHING',
    ),
    increment: db.prepare<[string, string, number], { used: number }>(
      'UPDATE quota_usage SET used = used + 1 WHERE key_id = ? AND period = ? AND used < ? RETURNING used',
    ),
    used: db.prepare<[string, string], { used: number }>(
      'SELECT used FROM quota_usage WHERE key_id = ? AND period = ?',
    ),
  };
}

function fromRow(row: KeyRow): StoredKey {
  return {
    id: row.id,
    secretSha256: row.secret_sha256,
    tier: row.tier as Tier,
    label: row.label,
    entitlements: JSON.parse(row.entitlements) as Entitlement[],
    origins: JSON.parse(row.origins) as string[],
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}
