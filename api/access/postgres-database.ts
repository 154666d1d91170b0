import pg from 'pg';
import { isAccessStoreOutage } from './guarded-store.js';
import { migrate } from './postgres-migrations.js';

export interface KeyStoreDatabaseOptions {
  maxConnections?: number;
  /** Every connection attempt and statement is abandoned after this long (the driver's own limits). */
  timeoutMs?: number;
  /** A server that does not answer yet is no error: the process starts, and migrates once it answers. */
  startAway?: boolean;
}

/**
 * The key store's PostgreSQL database (DATABASE_URL): keys, quota counters and webhook subscriptions,
 * one schema migrated when it is first used (postgres-migrations.ts). Each store that lives in it opens
 * its own pool through this, with the same time limits.
 */
export class KeyStoreDatabase {
  private migrated: Promise<void> | undefined;

  private constructor(private readonly pool: pg.Pool) {}

  static async open(url: string, options: KeyStoreDatabaseOptions = {}): Promise<KeyStoreDatabase> {
    const timeoutMs = options.timeoutMs ?? 10_000;
    // Time limits of the driver's own, so a server that stops answering frees its connections too.
    const pool = new pg.Pool({
      connectionString: url,
      max: options.maxConnections ?? 4,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      keepAlive: true,
    });
    // An idle connection the server dropped is replaced on the next query; this only keeps it quiet.
    pool.on('error', () => undefined);
    const database = new KeyStoreDatabase(pool);
    try {
      await database.ready();
    } catch (error) {
      if (options.startAway && isAccessStoreOutage(error)) return database;
      await pool.end();
      throw error;
    }
    return database;
  }

  /** Migrates once (again after a failure): a database opened while its server was away migrates on first use. */
  private ready(): Promise<void> {
    const migrated = (this.migrated ??= migrate(this.pool).then(
      () => undefined,
      (error: unknown) => {
        this.migrated = undefined;
        throw error;
      },
    ));
    return migrated;
  }

  async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    await this.ready();
    return this.pool.query<R>(text, values);
  }

  /** Runs `work` in one transaction on one connection: committed if it returns, rolled back if it throws. */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    await this.ready();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
