import type Database from 'better-sqlite3';
import type { Entitlement } from '../../config/index.js';
import { keyFromRow, type KeyRowCommon } from './key-row.js';
import type {
  AccessStore,
  KeyChanges,
  KeyInfo,
  QuotaGrant,
  QuotaResult,
  StoredKey,
  WindowLease,
} from './types.js';
import { openSqliteFile } from '../../subscriptions/sqlite-file.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id            TEXT PRIMARY KEY,
  secret_sha256 BLOB NOT NULL,
  tier          TEXT NOT NULL,
  label         TEXT NOT NULL DEFAULT '',
  entitlements  TEXT NOT NULL DEFAULT '[]',
  origins       TEXT NOT NULL DEFAULT '[]',
  monthly_quota INTEGER,
  per_client    INTEGER NOT NULL DEFAULT 0,
  created_at    TEXT NOT NULL,
  revoked_at    TEXT
) STRICT;
CREATE TABLE IF NOT EXISTS quota_usage (
  key_id TEXT NOT NULL,
  period TEXT NOT NULL,
  used   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, period)
) STRICT, WITHOUT ROWID;
-- Every change to a key, in order, written by the triggers whoever changes it (the CLI, an API
-- process): API processes keep their copy of the keys by reading what came after the last they saw.
-- Short windows (api/access/short-windows.ts): one counter per subject and window, until it ends.
CREATE TABLE IF NOT EXISTS rate_windows (
  subject TEXT NOT NULL,
  window  TEXT NOT NULL,
  ends_at INTEGER NOT NULL,
  used    INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (subject, window)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rate_windows_ends_at ON rate_windows (ends_at);
CREATE TABLE IF NOT EXISTS key_changes (
  seq    INTEGER PRIMARY KEY AUTOINCREMENT,
  key_id TEXT NOT NULL
) STRICT;
CREATE TRIGGER IF NOT EXISTS key_created AFTER INSERT ON api_keys
  BEGIN INSERT INTO key_changes (key_id) VALUES (NEW.id); END;
CREATE TRIGGER IF NOT EXISTS key_changed AFTER UPDATE ON api_keys
  BEGIN INSERT INTO key_changes (key_id) VALUES (NEW.id); END;
CREATE TRIGGER IF NOT EXISTS key_deleted AFTER DELETE ON api_keys
  BEGIN INSERT INTO key_changes (key_id) VALUES (OLD.id); END;
`;

interface KeyRow extends KeyRowCommon {
  entitlements: string;
  origins: string;
  monthly_quota: number | null;
  per_client: number;
}

/**
 * Keys and quota counters in one SQLite file (data/api/access.sqlite). WAL lets the key CLI create and
 * revoke keys while API processes read and count; busy_timeout makes a writer wait for another rather
 * than fail. better-sqlite3 is synchronous, so every call is one statement or transaction, finished
 * before the next request is looked at; SQLite's locking keeps it exact across processes too. API
 * processes read it through an in-memory copy of the keys and leases of quota (memory-access.ts).
 */
export class SqliteAccessStore implements AccessStore {
  private readonly db: Database.Database;
  private readonly statements: ReturnType<typeof prepare>;

  private constructor(file: string) {
    this.db = openSqliteFile(file, SCHEMA);
    this.addKeyLimits();
    this.statements = prepare(this.db);
  }

  /** Files made before keys had limits of their own get the columns (once, whoever opens first). */
  private addKeyLimits(): void {
    this.db
      .transaction(() => {
        const columns = this.db.prepare<[], { name: string }>('PRAGMA table_info(api_keys)').all();
        if (columns.some((column) => column.name === 'monthly_quota')) return;
        this.db.exec(`ALTER TABLE api_keys ADD COLUMN monthly_quota INTEGER;
          ALTER TABLE api_keys ADD COLUMN per_client INTEGER NOT NULL DEFAULT 0;`);
      })
      .immediate();
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
      monthly_quota: key.monthlyQuota,
      per_client: key.perClient ? 1 : 0,
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

  keyChanges(cursor: number): Promise<KeyChanges> {
    return Promise.resolve(this.readChanges(cursor));
  }

  /** One read transaction: the cursor and the keys are of the same moment. */
  private readonly readChanges = (cursor: number): KeyChanges =>
    this.db.transaction((): KeyChanges => {
      const last = this.statements.lastChange.get()?.seq ?? 0;
      if (cursor === 0) return { cursor: last, keys: this.statements.allKeys.all().map(fromRow), gone: [] };
      const keys: StoredKey[] = [];
      const gone: string[] = [];
      for (const { key_id: id } of this.statements.changedSince.all(cursor, last)) {
        const row = this.statements.keyById.get(id);
        if (row) keys.push(fromRow(row));
        else gone.push(id);
      }
      return { cursor: last, keys, gone };
    })();

  /** Check and count in one immediate transaction: never past the limit, whoever else counts. */
  private readonly leaseOnce = (keyId: string, period: string, want: number, limit: number): QuotaGrant =>
    this.db
      .transaction((): QuotaGrant => {
        this.statements.openPeriod.run(keyId, period);
        const used = this.statements.used.get(keyId, period)?.used ?? 0;
        const granted = Math.max(0, Math.min(want, limit - used));
        if (granted > 0) this.statements.add.run(granted, keyId, period);
        return { granted, used: used + granted };
      })
      .immediate();

  lease(keyId: string, period: string, want: number, limit: number): Promise<QuotaGrant> {
    return Promise.resolve(this.leaseOnce(keyId, period, want, limit));
  }

  release(keyId: string, period: string, count: number): Promise<void> {
    this.statements.giveBack.run(count, keyId, period);
    return Promise.resolve();
  }

  /** One request counted in the store itself (no lease): the key CLI's tests and a closed API. */
  consume(keyId: string, period: string, limit: number): Promise<QuotaResult> {
    const { granted, used } = this.leaseOnce(keyId, period, 1, limit);
    return Promise.resolve({ allowed: granted === 1, used });
  }

  /** As a lease: check and count in one immediate transaction. */
  private readonly leaseWindowOnce = ({ subject, window, endsAt, want, limit }: WindowLease): QuotaGrant =>
    this.db
      .transaction((): QuotaGrant => {
        this.statements.openWindow.run(subject, window, endsAt);
        const used = this.statements.windowUsed.get(subject, window)?.used ?? 0;
        const granted = Math.max(0, Math.min(want, limit - used));
        if (granted > 0) this.statements.addToWindow.run(granted, subject, window);
        return { granted, used: used + granted };
      })
      .immediate();

  leaseWindow(request: WindowLease): Promise<QuotaGrant> {
    return Promise.resolve(this.leaseWindowOnce(request));
  }

  forgetWindows(before: number): Promise<void> {
    this.statements.forgetWindows.run(before);
    return Promise.resolve();
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
      `INSERT INTO api_keys (id, secret_sha256, tier, label, entitlements, origins, monthly_quota, per_client,
         created_at, revoked_at)
       VALUES (@id, @secret_sha256, @tier, @label, @entitlements, @origins, @monthly_quota, @per_client,
         @created_at, @revoked_at)`,
    ),
    keyById: db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE id = ?'),
    allKeys: db.prepare<[], KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id'),
    revoke: db.prepare<[string, string]>(
      'UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?',
    ),
    openPeriod: db.prepare<[string, string]>(
      'INSERT INTO quota_usage (key_id, period, used) VALUES (?, ?, 0) ON CONFLICT DO NOTHING',
    ),
    add: db.prepare<[number, string, string]>(
      'UPDATE quota_usage SET used = used + ? WHERE key_id = ? AND period = ?',
    ),
    giveBack: db.prepare<[number, string, string]>(
      'UPDATE quota_usage SET used = max(0, used - ?) WHERE key_id = ? AND period = ?',
    ),
    openWindow: db.prepare<[string, string, number]>(
      'INSERT INTO rate_windows (subject, window, ends_at, used) VALUES (?, ?, ?, 0) ON CONFLICT DO NOTHING',
    ),
    windowUsed: db.prepare<[string, string], { used: number }>(
      'SELECT used FROM rate_windows WHERE subject = ? AND window = ?',
    ),
    addToWindow: db.prepare<[number, string, string]>(
      'UPDATE rate_windows SET used = used + ? WHERE subject = ? AND window = ?',
    ),
    forgetWindows: db.prepare<[number]>('DELETE FROM rate_windows WHERE ends_at < ?'),
    lastChange: db.prepare<[], { seq: number }>('SELECT max(seq) AS seq FROM key_changes'),
    changedSince: db.prepare<[number, number], { key_id: string }>(
      'SELECT DISTINCT key_id FROM key_changes WHERE seq > ? AND seq <= ?',
    ),
    used: db.prepare<[string, string], { used: number }>(
      'SELECT used FROM quota_usage WHERE key_id = ? AND period = ?',
    ),
  };
}

function fromRow(row: KeyRow): StoredKey {
  return keyFromRow(row, {
    entitlements: JSON.parse(row.entitlements) as Entitlement[],
    origins: JSON.parse(row.origins) as string[],
    monthlyQuota: row.monthly_quota,
    perClient: row.per_client === 1,
  });
}
