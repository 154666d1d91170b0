import type Database from 'better-sqlite3';
import type {
  AttemptRecord,
  DeliveryRecord,
  Subscription,
  SubscriptionHealth,
  SubscriptionStore,
} from './types.js';
import {
  deliveryOf,
  subscriptionOf,
  subscriptionValues,
  SUBSCRIPTION_COLUMNS,
  type DeliveryRow,
  type SubscriptionRow,
} from './rows.js';
import { openSqliteFile } from './sqlite-file.js';
import { StatusCountCache } from './status-counts.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS subscriptions (
  id              TEXT PRIMARY KEY,
  key_id          TEXT NOT NULL,
  url             TEXT NOT NULL,
  types           TEXT NOT NULL,
  area            TEXT NOT NULL,
  resolved        TEXT NOT NULL,
  secret          TEXT NOT NULL,
  status          TEXT NOT NULL,
  disabled_reason TEXT,
  disabled_at     TEXT,
  created_at      TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS subscriptions_key ON subscriptions (key_id);
CREATE TABLE IF NOT EXISTS deliveries (
  subscription_id TEXT NOT NULL,
  change_id       TEXT NOT NULL,
  type            TEXT NOT NULL,
  subject         TEXT NOT NULL,
  status          TEXT NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  queued_at       TEXT NOT NULL,
  last_attempt_at TEXT,
  last_status     INTEGER,
  last_error      TEXT,
  delivered_at    TEXT,
  PRIMARY KEY (subscription_id, change_id)
) STRICT;
CREATE INDEX IF NOT EXISTS deliveries_queued ON deliveries (subscription_id, queued_at);
-- Metrics read these at every scrape: counted from indexes, whatever the number of subscriptions.
CREATE INDEX IF NOT EXISTS subscriptions_status ON subscriptions (status);
CREATE INDEX IF NOT EXISTS deliveries_pending ON deliveries (queued_at) WHERE status = 'pending';
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
INSERT OR IGNORE INTO meta VALUES ('revision', '0');
`;

type SqliteSubscriptionRow = SubscriptionRow<string>;

const parseText = (json: string): unknown => JSON.parse(json);

/**
 * Subscriptions and their delivery log in one SQLite file (DATA_DIR/api/subscriptions.sqlite), beside
 * the key store but apart from it. WAL and a busy timeout let API processes and delivery activities
 * write at once; every call is one statement or one transaction.
 */
export class SqliteSubscriptionStore implements SubscriptionStore {
  private readonly db: Database.Database;
  private readonly statusCounts = new StatusCountCache();

  private constructor(file: string) {
    this.db = openSqliteFile(file, SCHEMA);
  }

  static open(file: string): SqliteSubscriptionStore {
    return new SqliteSubscriptionStore(file);
  }

  private bump(): void {
    this.db.prepare("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE name = 'revision'").run();
  }

  create(subscription: Subscription): Promise<void> {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO subscriptions (${SUBSCRIPTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(...subscriptionValues(subscription));
      this.bump();
    })();
    return Promise.resolve();
  }

  get(id: string): Promise<Subscription | undefined> {
    const row = this.db.prepare('SELECT * FROM subscriptions WHERE id = ?').get(id) as
      SqliteSubscriptionRow | undefined;
    return Promise.resolve(row && subscriptionOf(row, parseText));
  }

  listFor(keyId: string): Promise<Subscription[]> {
    const rows = this.db
      .prepare('SELECT * FROM subscriptions WHERE key_id = ? ORDER BY created_at DESC, id')
      .all(keyId) as SqliteSubscriptionRow[];
    return Promise.resolve(rows.map((row) => subscriptionOf(row, parseText)));
  }

  countFor(keyId: string): Promise<number> {
    const row = this.db.prepare('SELECT count(*) AS n FROM subscriptions WHERE key_id = ?').get(keyId) as {
      n: number;
    };
    return Promise.resolve(row.n);
  }

  active(): Promise<Subscription[]> {
    const rows = this.db
      .prepare("SELECT * FROM subscriptions WHERE status = 'active'")
      .all() as SqliteSubscriptionRow[];
    return Promise.resolve(rows.map((row) => subscriptionOf(row, parseText)));
  }

  delete(id: string, keyId: string): Promise<boolean> {
    const deleted = this.db.transaction(() => {
      const { changes } = this.db
        .prepare('DELETE FROM subscriptions WHERE id = ? AND key_id = ?')
        .run(id, keyId);
      if (changes === 0) return false;
      this.db.prepare('DELETE FROM deliveries WHERE subscription_id = ?').run(id);
      this.bump();
      return true;
    })();
    return Promise.resolve(deleted);
  }

  disable(id: string, reason: string, at: string): Promise<void> {
    this.db.transaction(() => {
      this.db
        .prepare(
          "UPDATE subscriptions SET status = 'disabled', disabled_reason = ?, disabled_at = ? WHERE id = ? AND status = 'active'",
        )
        .run(reason, at, id);
      this.db
        .prepare("UPDATE deliveries SET status = 'failed' WHERE subscription_id = ? AND status = 'pending'")
        .run(id);
      this.bump();
    })();
    return Promise.resolve();
  }

  async health(): Promise<SubscriptionHealth> {
    const byStatus = await this.statusCounts.read(await this.revision(), () => {
      const rows = this.db
        .prepare('SELECT status, count(*) AS n FROM subscriptions GROUP BY status')
        .all() as {
        status: string;
        n: number;
      }[];
      return Promise.resolve(new Map(rows.map((row) => [row.status, row.n])));
    });
    const pending = this.db
      .prepare("SELECT count(*) AS n, min(queued_at) AS oldest FROM deliveries WHERE status = 'pending'")
      .get() as { n: number; oldest: string | null };
    return {
      active: byStatus.get('active') ?? 0,
      disabled: byStatus.get('disabled') ?? 0,
      pending: pending.n,
      oldestPendingAt: pending.oldest,
    };
  }

  revision(): Promise<number> {
    const row = this.db.prepare("SELECT value FROM meta WHERE name = 'revision'").get() as { value: string };
    return Promise.resolve(Number(row.value));
  }

  queued(
    id: string,
    delivery: { changeId: string; type: string; subject: string },
    at: string,
  ): Promise<void> {
    this.db
      .prepare(
        `INSERT OR IGNORE INTO deliveries (subscription_id, change_id, type, subject, status, queued_at)
         VALUES (?, ?, ?, ?, 'pending', ?)`,
      )
      .run(id, delivery.changeId, delivery.type, delivery.subject, at);
    return Promise.resolve();
  }

  attempted(id: string, changeId: string, attempt: AttemptRecord): Promise<void> {
    this.db
      .prepare(
        `UPDATE deliveries SET attempts = attempts + 1, last_attempt_at = ?, last_status = ?, last_error = ?,
           status = CASE WHEN ? THEN 'delivered' ELSE status END,
           delivered_at = CASE WHEN ? THEN ? ELSE delivered_at END
         WHERE subscription_id = ? AND change_id = ?`,
      )
      .run(
        attempt.at,
        attempt.status,
        attempt.error,
        attempt.delivered ? 1 : 0,
        attempt.delivered ? 1 : 0,
        attempt.at,
        id,
        changeId,
      );
    return Promise.resolve();
  }

  deliveries(id: string, limit: number): Promise<DeliveryRecord[]> {
    const rows = this.db
      .prepare(
        'SELECT * FROM deliveries WHERE subscription_id = ? ORDER BY queued_at DESC, change_id DESC LIMIT ?',
      )
      .all(id, limit) as DeliveryRow[];
    return Promise.resolve(rows.map(deliveryOf));
  }

  dispatchedUpTo(): Promise<string | undefined> {
    const row = this.db.prepare("SELECT value FROM meta WHERE name = 'dispatched'").get() as
      { value: string } | undefined;
    return Promise.resolve(row?.value);
  }

  setDispatchedUpTo(changeId: string): Promise<void> {
    this.db
      .prepare("INSERT INTO meta VALUES ('dispatched', ?) ON CONFLICT (name) DO UPDATE SET value = ?")
      .run(changeId, changeId);
    return Promise.resolve();
  }

  close(): void {
    this.db.close();
  }
}
