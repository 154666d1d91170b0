import { sqliteKeyStoreFiles, type Settings } from '../../config/index.js';
import { PostgresAccessStore } from './postgres-store.js';
import { SqliteAccessStore } from './sqlite-store.js';
import type { AccessStore } from './types.js';

export type AccessStoreSettings = Pick<Settings, 'DATA_DIR' | 'ACCESS_DB_FILE' | 'DATABASE_URL'> &
  Partial<Pick<Settings, 'ACCESS_STORE_TIMEOUT_MS'>>;

export interface OpenedAccessStore {
  store: AccessStore;
  /** Where the keys are, for the key CLI's messages: never a password. */
  where: string;
}

/**
 * The one place that chooses the access store: PostgreSQL when DATABASE_URL is set (replicas on
 * several hosts), else the SQLite file (ACCESS_DB_FILE, or DATA_DIR/api/access.sqlite).
 */
export async function openAccessStore(
  settings: AccessStoreSettings,
  /** An API process starts while a PostgreSQL server is away, and migrates once it answers. */
  options: { startAway?: boolean } = {},
): Promise<OpenedAccessStore> {
  if (settings.DATABASE_URL) {
    const url = new URL(settings.DATABASE_URL);
    return {
      store: await PostgresAccessStore.open(settings.DATABASE_URL, {
        timeoutMs: settings.ACCESS_STORE_TIMEOUT_MS,
        startAway: options.startAway ?? false,
      }),
      where: `the PostgreSQL database ${url.pathname.slice(1)} at ${url.host}`,
    };
  }
  const file = sqliteKeyStoreFiles(settings).access;
  return {
    store: SqliteAccessStore.open(file),
    where: settings.ACCESS_DB_FILE ? file : `${settings.DATA_DIR}/`,
  };
}
