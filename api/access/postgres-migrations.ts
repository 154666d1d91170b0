import type { Pool } from 'pg';

/**
 * The PostgreSQL key store's schema (keys, quota counters, webhook subscriptions), as numbered steps
 * applied in order and recorded in `schema_migrations`. A step is never edited once released: a
 * change is a new step.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'keys, quota counters and the key change log',
    sql: `
CREATE TABLE api_keys (
  id            text PRIMARY KEY,
  secret_sha256 bytea NOT NULL,
  tier          text NOT NULL,
  label         text NOT NULL DEFAULT '',
  entitlements  jsonb NOT NULL DEFAULT '[]',
  origins       jsonb NOT NULL DEFAULT '[]',
  created_at    text NOT NULL,
  revoked_at    text
);
-- granted: what the last lease statement took, so that one statement can both count and say so.
CREATE TABLE quota_usage (
  key_id  text NOT NULL,
  period  text NOT NULL,
  used    bigint NOT NULL DEFAULT 0,
  granted bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, period)
);
-- Every change to a key, in commit order: API processes read what came after the last they saw.
CREATE TABLE key_changes (
  seq    bigserial PRIMARY KEY,
  key_id text NOT NULL
);
-- The lock makes writers of key changes take their numbers one after another, each after the last
-- committed, so a reader that has seen number n never later finds a smaller one appear.
CREATE FUNCTION record_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE key_changes IN EXCLUSIVE MODE;
  INSERT INTO key_changes (key_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;
CREATE TRIGGER key_changed AFTER INSERT OR UPDATE OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION record_key_change();
`,
  },
  {
    version: 2,
    name: 'short-window counters',
    sql: `
CREATE TABLE rate_windows (
  subject   text NOT NULL,
  window_id text NOT NULL,
  ends_at   bigint NOT NULL,
  used      integer NOT NULL DEFAULT 0,
  granted   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (subject, window_id)
);
CREATE INDEX rate_windows_ends_at ON rate_windows (ends_at);
`,
  },
  {
    version: 3,
    name: 'a monthly quota of its own and per-client limits per key',
    sql: `
ALTER TABLE api_keys ADD COLUMN monthly_quota bigint;
ALTER TABLE api_keys ADD COLUMN per_client boolean NOT NULL DEFAULT false;
`,
  },
  {
    version: 4,
    name: 'webhook subscriptions and their delivery log (api/subscriptions/postgres-store.ts)',
    sql: `
CREATE TABLE subscriptions (
  id              text PRIMARY KEY,
  key_id          text NOT NULL,
  url             text NOT NULL,
  types           jsonb NOT NULL,
  area            jsonb NOT NULL,
  resolved        jsonb NOT NULL,
  secret          text NOT NULL,
  status          text NOT NULL,
  disabled_reason text,
  disabled_at     text,
  created_at      text NOT NULL
);
CREATE INDEX subscriptions_key ON subscriptions (key_id);
CREATE INDEX subscriptions_status ON subscriptions (status);
CREATE TABLE subscription_deliveries (
  subscription_id text NOT NULL,
  change_id       text NOT NULL,
  type            text NOT NULL,
  subject         text NOT NULL,
  status          text NOT NULL,
  attempts        integer NOT NULL DEFAULT 0,
  queued_at       text NOT NULL,
  last_attempt_at text,
  last_status     integer,
  last_error      text,
  delivered_at    text,
  PRIMARY KEY (subscription_id, change_id)
);
CREATE INDEX subscription_deliveries_queued ON subscription_deliveries (subscription_id, queued_at);
CREATE INDEX subscription_deliveries_pending ON subscription_deliveries (queued_at) WHERE status = 'pending';
-- revision: grows with every subscription made, deleted or disabled; dispatched: the last change handed on.
CREATE TABLE subscription_meta (name text PRIMARY KEY, value text NOT NULL);
INSERT INTO subscription_meta VALUES ('revision', '0');
`,
  },
];

/** Any fixed number: the advisory lock every process takes to migrate, one at a time. */
const MIGRATION_LOCK = 0x65696473;

/**
 * Applies the steps this database has not had, each in its own transaction, under an advisory lock:
 * processes starting together wait for one another and the later ones find nothing left to do.
 * Returns the versions it applied.
 */
export async function migrate(pool: Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version    integer PRIMARY KEY,
         name       text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${migration.version} (${migration.name}) failed`, { cause: error });
      }
      applied.push(migration.version);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return applied;
}
