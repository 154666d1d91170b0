import Database from 'better-sqlite3';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { countsOf, keyStoreFiles } from '../activities/key-store-backup.js';
import { describeLakeLocation, keyBackupLocationOf, type Settings } from '../config/index.js';
import {
  backupFileKey,
  listBackups,
  readBackupRecord,
  type KeyStoreBackupRecord,
} from '../lake/backups/key-store-backups.js';
import { fileSha256 } from '../lake/storage/file-sha256.js';
import type { LakeStorage } from '../lake/storage/lake-storage.js';
import { openLakeStorage } from '../lake/storage/open-storage.js';
import { runningServiceOver } from './service-file.js';

/** A restore that would lose something, or has nothing to restore from: said, and nothing changed. */
export class KeyRestoreRefused extends Error {
  override readonly name = 'KeyRestoreRefused';
}

export interface KeyRestoreOptions {
  /** A backup's name (`npm run restore -- --keys --list`); the newest finished one when absent. */
  from?: string | undefined;
  /** Store files that hold keys or subscriptions are set aside (never deleted) rather than refused. */
  replace?: boolean | undefined;
}

/**
 * Puts the SQLite key store of these settings back from one of its backups (KEY_BACKUP_URL): each file
 * downloaded, checked against the backup's checksum and SQLite's integrity check, then moved into
 * place, a store file found there first set aside. With the service stopped: a store replaced under a
 * running process would be damaged.
 */
export async function restoreKeyStore(
  settings: Settings,
  options: KeyRestoreOptions,
  log: (line: string) => void,
): Promise<KeyStoreBackupRecord> {
  await refuseWhileUnsafe(settings);
  const location = keyBackupLocationOf(settings);
  const storage = openLakeStorage(location);
  try {
    const name = options.from ?? (await newestBackup(storage, describeLakeLocation(location)));
    const record = await readBackupRecord(storage, name).catch((error: unknown) => {
      throw new KeyRestoreRefused(`no finished backup named ${name} in ${describeLakeLocation(location)}`, {
        cause: error,
      });
    });
    const targets = keyStoreFiles(settings);
    if (!options.replace) for (const file of record.files) refuseToOverwrite(targets[file.name]);
    for (const file of record.files) {
      await putBack(storage, backupFileKey(name, file.name), file, targets[file.name], name);
    }
    const { keys, revokedKeys, subscriptions } = record.counts;
    const ago = Math.round((Date.now() - Date.parse(record.takenAt)) / 60_000);
    log(
      `restored ${keys} keys (${revokedKeys} revoked) and ${subscriptions} webhook subscriptions from backup ${name} (taken ${record.takenAt}, ${ago} min ago) in ${describeLakeLocation(location)}; quota counts are as they were then`,
    );
    return record;
  } finally {
    storage.close();
  }
}

/** The finished backups, oldest first, each with what it holds (for `--list`). */
export async function listKeyStoreBackups(settings: Settings): Promise<KeyStoreBackupRecord[]> {
  const storage = openLakeStorage(keyBackupLocationOf(settings));
  try {
    const { finished } = await listBackups(storage);
    return await Promise.all(finished.map((name) => readBackupRecord(storage, name)));
  } finally {
    storage.close();
  }
}

async function refuseWhileUnsafe(settings: Settings): Promise<void> {
  if (settings.DATABASE_URL)
    throw new KeyRestoreRefused(
      'the key store is PostgreSQL (DATABASE_URL): restore it with pg_restore (docs/deploy.md, "Lost the key store")',
    );
  const running = await runningServiceOver(settings.DATA_DIR);
  if (running)
    throw new KeyRestoreRefused(
      `the service runs over ${settings.DATA_DIR} (pid ${running.pid}): stop it first, since a store file replaced under a running process is damaged`,
    );
}

async function newestBackup(storage: LakeStorage, where: string): Promise<string> {
  const { finished } = await listBackups(storage);
  const newest = finished[finished.length - 1];
  if (newest === undefined) throw new KeyRestoreRefused(`no finished key store backup in ${where}`);
  return newest;
}

/** A store file that holds keys or subscriptions is never replaced without --replace. */
function refuseToOverwrite(target: string): void {
  if (!existsSync(target)) return;
  const db = new Database(target, { readonly: true, fileMustExist: true });
  let counts: ReturnType<typeof countsOf>;
  try {
    counts = countsOf(db);
  } finally {
    db.close();
  }
  const held = (counts.keys ?? 0) + (counts.subscriptions ?? 0);
  const what = counts.keys !== undefined ? `${counts.keys} keys` : `${held} webhook subscriptions`;
  if (held > 0)
    throw new KeyRestoreRefused(
      `${target} holds ${what}: not replaced (add --replace to set it aside and restore)`,
    );
}

/** Downloads one file beside its target, checks it, sets the old file (and its WAL) aside, moves it in. */
async function putBack(
  storage: LakeStorage,
  key: string,
  file: KeyStoreBackupRecord['files'][number],
  target: string,
  name: string,
): Promise<void> {
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  const incoming = `${target}.restoring`;
  const found = await storage.stream(key);
  if (!found) throw new KeyRestoreRefused(`backup ${name} has no ${file.name} (${key})`);
  await pipeline(found.body, createWriteStream(incoming, { mode: 0o600 }));
  const [bytes, sha256] = [(await stat(incoming)).size, await fileSha256(incoming)];
  if (bytes !== file.bytes || sha256 !== file.sha256) {
    await rm(incoming, { force: true });
    throw new KeyRestoreRefused(
      `${key} is not the file backup ${name} recorded (${bytes} bytes, sha256 ${sha256})`,
    );
  }
  const check = new Database(incoming, { readonly: true });
  const integrity: unknown = check.pragma('integrity_check', { simple: true });
  check.close();
  // The copy is in WAL mode: reading it left an empty log and index beside it, which go with it.
  await Promise.all(['-wal', '-shm'].map((suffix) => rm(incoming + suffix, { force: true })));
  if (integrity !== 'ok') throw new KeyRestoreRefused(`${key} is damaged: ${String(integrity)}`);
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(target + suffix))
      await rename(target + suffix, `${target}.before-restore-${name}${suffix}`);
  }
  await rename(incoming, target);
}
