import type pg from 'pg';
import {
  deliveryOf,
  subscriptionOf,
  subscriptionValues,
  SUBSCRIPTION_COLUMNS,
  type DeliveryRow,
  type SubscriptionRow,
} from '../../subscriptions/rows.js';
import type {
  AttemptRecord,
  DeliveryRecord,
  Subscription,
  SubscriptionHealth,
  SubscriptionStore,
} from '../../subscriptions/types.js';
import { KeyStoreDatabase, type KeyStoreDatabaseOptions } from '../access/postgres-database.js';
import { ACCESS_STORE_PIECE, isAccessStoreOutage } from '../access/guarded-store.js';
import { reasonOf, Unreachable } from '../../telemetry/reachability.js';
import { StatusCountCache } from '../../subscriptions/status-counts.js';

type PostgresSubscriptionRow = SubscriptionRow<unknown>;

/** How long a client waits before asking again while the database does not answer. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A database that does not answer (refused, dropped, timed out) is an outage, answered 503 with
 * Retry-After (api/problem.ts) and retried by the dispatcher and the delivery activities; an error of
 * the statement itself stays what it is.
 */
async function awayAsUnreachable<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!isAccessStoreOutage(error) || error instanceof Unreachable) throw error;
    throw new Unreachable(ACCESS_STORE_PIECE, reasonOf(error), RETRY_AFTER_SECONDS, { cause: error });
  }
}

/** jsonb comes back parsed. */
const asParsed = (json: unknown): unknown => json;

const BUMP = "UPDATE subscription_meta SET value = (value::bigint + 1)::text WHERE name = 'revision'";

/**
 * Subscriptions and their delivery log in the key store's PostgreSQL database (DATABASE_URL), so that
 * every API replica and every ingest worker's delivery activities, on any host, share them: the same
 * calls as the SQLite store (subscriptions/sqlite-store.ts), each one statement or one transaction.
 */
export class PostgresSubscriptionStore implements SubscriptionStore {
  private readonly statusCounts = new StatusCountCache();

  private constructor(private readonly database: KeyStoreDatabase) {}

  static async open(url: string, options: KeyStoreDatabaseOptions = {}): Promise<PostgresSubscriptionStore> {
    return new PostgresSubscriptionStore(await KeyStoreDatabase.open(url, options));
  }

  private query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
    return awayAsUnreachable(this.database.query<R>(text, values));
  }

  async create(subscription: Subscription): Promise<void> {
    await awayAsUnreachable(
      this.database.transaction(async (client) => {
        await client.query(
          `INSERT INTO subscriptions (${SUBSCRIPTION_COLUMNS})
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11)`,
          subscriptionValues(subscription),
        );
        await client.query(BUMP);
      }),
    );
  }

  async get(id: string): Promise<Subscription | undefined> {
    const { rows } = await this.query<PostgresSubscriptionRow>('SELECT * FROM subscriptions WHERE id = $1', [
      id,
    ]);
    return rows[0] && subscriptionOf(rows[0], asParsed);
  }

  async listFor(keyId: string): Promise<Subscription[]> {
    const { rows } = await this.query<PostgresSubscriptionRow>(
      'SELECT * FROM subscriptions WHERE key_id = $1 ORDER BY created_at DESC, id',
      [keyId],
    );
    return rows.map((row) => subscriptionOf(row, asParsed));
  }

  async countFor(keyId: string): Promise<number> {
    const { rows } = await this.query<{ n: string }>(
      'SELECT count(*) AS n FROM subscriptions WHERE key_id = $1',
      [keyId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async active(): Promise<Subscription[]> {
    const { rows } = await this.query<PostgresSubscriptionRow>(
      "SELECT * FROM subscriptions WHERE status = 'active'",
    );
    return rows.map((row) => subscriptionOf(row, asParsed));
  }

  async delete(id: string, keyId: string): Promise<boolean> {
    return awayAsUnreachable(
      this.database.transaction(async (client) => {
        const { rowCount } = await client.query('DELETE FROM subscriptions WHERE id = $1 AND key_id = $2', [
          id,
          keyId,
        ]);
        if (!rowCount) return false;
        await client.query('DELETE FROM subscription_deliveries WHERE subscription_id = $1', [id]);
        await client.query(BUMP);
        return true;
      }),
    );
  }

  async disable(id: string, reason: string, at: string): Promise<void> {
    await awayAsUnreachable(
      this.database.transaction(async (client) => {
        await client.query(
          "UPDATE subscriptions SET status = 'disabled', disabled_reason = $1, disabled_at = $2 WHERE id = $3 AND status = 'active'",
          [reason, at, id],
        );
        await client.query(
          "UPDATE subscription_deliveries SET status = 'failed' WHERE subscription_id = $1 AND status = 'pending'",
          [id],
        );
        await client.query(BUMP);
      }),
    );
  }

  async health(): Promise<SubscriptionHealth> {
    const byStatus = await this.statusCounts.read(await this.revision(), async () => {
      const { rows } = await this.query<{ status: string; n: string }>(
        'SELECT status, count(*) AS n FROM subscriptions GROUP BY status',
      );
      return new Map(rows.map((row) => [row.status, Number(row.n)]));
    });
    const { rows } = await this.query<{ n: string; oldest: string | null }>(
      "SELECT count(*) AS n, min(queued_at) AS oldest FROM subscription_deliveries WHERE status = 'pending'",
    );
    return {
      active: byStatus.get('active') ?? 0,
      disabled: byStatus.get('disabled') ?? 0,
      pending: Number(rows[0]?.n ?? 0),
      oldestPendingAt: rows[0]?.oldest ?? null,
    };
  }

  async revision(): Promise<number> {
    const { rows } = await this.query<{ value: string }>(
      "SELECT value FROM subscription_meta WHERE name = 'revision'",
    );
    return Number(rows[0]?.value ?? 0);
  }

  async queued(id: string, delivery: { changeId: string; type: string; subject: string }, at: string) {
    await this.query(
      `INSERT INTO subscription_deliveries (subscription_id, change_id, type, subject, status, queued_at)
       VALUES ($1, $2, $3, $4, 'pending', $5) ON CONFLICT DO NOTHING`,
      [id, delivery.changeId, delivery.type, delivery.subject, at],
    );
  }

  async attempted(id: string, changeId: string, attempt: AttemptRecord): Promise<void> {
    await this.query(
      `UPDATE subscription_deliveries SET attempts = attempts + 1, last_attempt_at = $1, last_status = $2,
         last_error = $3,
         status = CASE WHEN $4 THEN 'delivered' ELSE status END,
         delivered_at = CASE WHEN $4 THEN $1 ELSE delivered_at END
       WHERE subscription_id = $5 AND change_id = $6`,
      [attempt.at, attempt.status, attempt.error, attempt.delivered, id, changeId],
    );
  }

  async deliveries(id: string, limit: number): Promise<DeliveryRecord[]> {
    const { rows } = await this.query<DeliveryRow>(
      `SELECT * FROM subscription_deliveries WHERE subscription_id = $1
       ORDER BY queued_at DESC, change_id DESC LIMIT $2`,
      [id, limit],
    );
    return rows.map(deliveryOf);
  }

  async dispatchedUpTo(): Promise<string | undefined> {
    const { rows } = await this.query<{ value: string }>(
      "SELECT value FROM subscription_meta WHERE name = 'dispatched'",
    );
    return rows[0]?.value;
  }

  async setDispatchedUpTo(changeId: string): Promise<void> {
    await this.query(
      `INSERT INTO subscription_meta VALUES ('dispatched', $1)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`,
      [changeId],
    );
  }

  async close(): Promise<void> {
    await this.database.close();
  }
}
