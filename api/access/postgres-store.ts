import type pg from 'pg';
import type { Entitlement } from '../../config/index.js';
import { keyFromRow, type KeyRowCommon } from './key-row.js';
import { KeyStoreDatabase, type KeyStoreDatabaseOptions } from './postgres-database.js';
import type {
  AccessStore,
  KeyChanges,
  KeyInfo,
  QuotaGrant,
  QuotaResult,
  StoredKey,
  WindowLease,
} from './types.js';

interface KeyRow extends KeyRowCommon {
  entitlements: Entitlement[];
  origins: string[];
  monthly_quota: string | null;
  per_client: boolean;
}

/**
 * One statement, one row lock: opens the period's counter or adds to it, never past the limit (and
 * never back below what is counted, should the limit have been lowered), and says what it took.
 */
const LEASE = `
INSERT INTO quota_usage AS q (key_id, period, used, granted)
VALUES ($1, $2, GREATEST(0, LEAST($3::bigint, $4::bigint)), GREATEST(0, LEAST($3::bigint, $4::bigint)))
ON CONFLICT (key_id, period) DO UPDATE
  SET used    = GREATEST(q.used, LEAST(q.used + $3::bigint, $4::bigint)),
      granted = GREATEST(q.used, LEAST(q.used + $3::bigint, $4::bigint)) - q.used
RETURNING used, granted`;

/** The same statement for a short window's counter. */
const LEASE_WINDOW = `
INSERT INTO rate_windows AS w (subject, window_id, ends_at, used, granted)
VALUES ($1, $2, $3, GREATEST(0, LEAST($4::integer, $5::integer)), GREATEST(0, LEAST($4::integer, $5::integer)))
ON CONFLICT (subject, window_id) DO UPDATE
  SET used    = GREATEST(w.used, LEAST(w.used + $4::integer, $5::integer)),
      granted = GREATEST(w.used, LEAST(w.used + $4::integer, $5::integer)) - w.used
RETURNING used, granted`;

/** The cursor and what changed after `$1`, read in one statement (one snapshot). */
const CHANGES = `
WITH last AS (SELECT coalesce(max(seq), 0) AS seq FROM key_changes),
     changed AS (
       SELECT DISTINCT c.key_id FROM key_changes c, last WHERE c.seq > $1 AND c.seq <= last.seq
     )
SELECT last.seq AS cursor, changed.key_id AS changed_id, k.*
FROM last
LEFT JOIN changed ON true
LEFT JOIN api_keys k ON k.id = changed.key_id`;

const ALL_KEYS = `
WITH last AS (SELECT coalesce(max(seq), 0) AS seq FROM key_changes)
SELECT last.seq AS cursor, k.id AS changed_id, k.*
FROM last LEFT JOIN api_keys k ON true
ORDER BY k.created_at, k.id`;

/**
 * Keys and quota counters in PostgreSQL (DATABASE_URL), for API replicas on several hosts: the same
 * calls as the SQLite store, each one statement, so every replica and the key CLI share one count.
 * The schema is migrated when the store is opened (api/access/postgres-migrations.ts).
 */
export class PostgresAccessStore implements AccessStore {
  private constructor(private readonly database: KeyStoreDatabase) {}

  private query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
    return this.database.query<R>(text, values);
  }

  static async open(url: string, options: KeyStoreDatabaseOptions = {}): Promise<PostgresAccessStore> {
    return new PostgresAccessStore(await KeyStoreDatabase.open(url, options));
  }

  async create(key: StoredKey): Promise<void> {
    await this.query(
      `INSERT INTO api_keys (id, secret_sha256, tier, label, entitlements, origins, monthly_quota, per_client,
         created_at, revoked_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        key.id,
        key.secretSha256,
        key.tier,
        key.label,
        JSON.stringify(key.entitlements),
        JSON.stringify(key.origins),
        key.monthlyQuota,
        key.perClient,
        key.createdAt,
        key.revokedAt,
      ],
    );
  }

  async findById(id: string): Promise<StoredKey | undefined> {
    const { rows } = await this.query<KeyRow>('SELECT * FROM api_keys WHERE id = $1', [id]);
    return rows[0] && fromRow(rows[0]);
  }

  async list(): Promise<KeyInfo[]> {
    const { rows } = await this.query<KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id');
    return rows.map((row) => {
      const { secretSha256: _hash, ...info } = fromRow(row);
      return info;
    });
  }

  async revoke(id: string, at: Date): Promise<boolean> {
    const { rowCount } = await this.query(
      'UPDATE api_keys SET revoked_at = coalesce(revoked_at, $1) WHERE id = $2',
      [at.toISOString(), id],
    );
    return (rowCount ?? 0) > 0;
  }

  async keyChanges(cursor: number): Promise<KeyChanges> {
    type Row = Partial<KeyRow> & { cursor: string; changed_id: string | null };
    const { rows } =
      cursor === 0 ? await this.query<Row>(ALL_KEYS) : await this.query<Row>(CHANGES, [cursor]);
    const keys: StoredKey[] = [];
    const gone: string[] = [];
    for (const row of rows) {
      if (row.changed_id === null) continue;
      if (row.id === null || row.id === undefined) gone.push(row.changed_id);
      else keys.push(fromRow(row as KeyRow));
    }
    return { cursor: Number(rows[0]?.cursor ?? cursor), keys, gone };
  }

  async lease(keyId: string, period: string, want: number, limit: number): Promise<QuotaGrant> {
    const { rows } = await this.query<{ used: string; granted: string }>(LEASE, [keyId, period, want, limit]);
    const row = rows[0]!;
    return { granted: Number(row.granted), used: Number(row.used) };
  }

  async release(keyId: string, period: string, count: number): Promise<void> {
    await this.query(
      'UPDATE quota_usage SET used = GREATEST(0, used - $1) WHERE key_id = $2 AND period = $3',
      [count, keyId, period],
    );
  }

  /** One request counted in the store itself (no lease): the key CLI's tests and a closed API. */
  async consume(keyId: string, period: string, limit: number): Promise<QuotaResult> {
    const { granted, used } = await this.lease(keyId, period, 1, limit);
    return { allowed: granted === 1, used };
  }

  async leaseWindow({ subject, window, endsAt, want, limit }: WindowLease): Promise<QuotaGrant> {
    const { rows } = await this.query<{ used: number; granted: number }>(LEASE_WINDOW, [
      subject,
      window,
      endsAt,
      want,
      limit,
    ]);
    const row = rows[0]!;
    return { granted: row.granted, used: row.used };
  }

  async forgetWindows(before: number): Promise<void> {
    await this.query('DELETE FROM rate_windows WHERE ends_at < $1', [before]);
  }

  async peek(keyId: string, period: string): Promise<number> {
    const { rows } = await this.query<{ used: string }>(
      'SELECT used FROM quota_usage WHERE key_id = $1 AND period = $2',
      [keyId, period],
    );
    return Number(rows[0]?.used ?? 0);
  }

  async close(): Promise<void> {
    await this.database.close();
  }
}

function fromRow(row: KeyRow): StoredKey {
  return keyFromRow(row, {
    entitlements: row.entitlements,
    origins: row.origins,
    monthlyQuota: row.monthly_quota === null ? null : Number(row.monthly_quota),
    perClient: row.per_client,
  });
}
