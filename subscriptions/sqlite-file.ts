import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Opens one of the service's SQLite stores (subscriptions here, API keys in api/access), making its
 * folder private to the service and its tables if missing. WAL lets several processes read while one
 * writes; busy_timeout makes a writer wait for another rather than fail. `:memory:` is a store of its own.
 */
export function openSqliteFile(file: string, schema: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  db.exec(schema);
  return db;
}
