import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_DATA_DIR, DEMO_DATA_DIR, sqliteKeyStoreFiles } from '../../config/index.js';
import { secretMatches } from './key-format.js';

/** Where else a presented key is valid: that data folder, and this service's own. */
export type OtherFolderKeys = (id: string, secret: string) => { folder: string; own: string } | undefined;

/**
 * The key files of this checkout's other data folders (`npm start`'s and the demo's), for the one
 * question a 401 asks of them: does a live key with this id and this secret belong to one of them? A
 * key made for `npm start` and sent to the demo (or the other way round) is then told where it
 * belongs instead of "unknown". Only a caller holding the whole key learns anything: the secret must
 * match. Each file is opened read-only for the question and closed again, so a folder whose service
 * is stopped or running is left as it is; none is asked when the service keeps keys in PostgreSQL or
 * names its own key file.
 */
export function otherFolderKeys(
  settings: { DATA_DIR: string; ACCESS_DB_FILE?: string | undefined; DATABASE_URL?: string | undefined },
  candidates: readonly string[] = [DEFAULT_DATA_DIR, DEMO_DATA_DIR],
): OtherFolderKeys | undefined {
  if (settings.DATABASE_URL || settings.ACCESS_DB_FILE) return undefined;
  const own = resolve(settings.DATA_DIR);
  const folders = candidates
    .filter((folder) => resolve(folder) !== own)
    .map((folder) => ({ folder, file: sqliteKeyStoreFiles({ DATA_DIR: folder }).access }));
  if (folders.length === 0) return undefined;
  return (id, secret) => {
    const holder = folders.find(({ file }) => holdsLiveKey(file, id, secret));
    return holder && { folder: holder.folder, own: settings.DATA_DIR };
  };
}

function holdsLiveKey(file: string, id: string, secret: string): boolean {
  if (!existsSync(file)) return false;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 500 });
    const row = db
      .prepare<[string], { secret_sha256: Buffer; revoked_at: string | null }>(
        'SELECT secret_sha256, revoked_at FROM api_keys WHERE id = ?',
      )
      .get(id);
    return row !== undefined && row.revoked_at === null && secretMatches(secret, row.secret_sha256);
  } catch {
    // A folder whose file cannot be read now (busy, another layout) says nothing about the key.
    return false;
  } finally {
    db?.close();
  }
}
