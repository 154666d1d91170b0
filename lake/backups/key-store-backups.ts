import { z } from 'zod';
import type { LakeStorage } from '../storage/lake-storage.js';

/**
 * The SQLite key store's backups as they lie in their home (KEY_BACKUP_URL): one folder per backup,
 * named by when it was taken, holding a copy of each store file and `backup.json`, written last, which
 * says what the copies hold and their checksums. A folder without `backup.json` is a backup that did
 * not finish: never restored from, removed with the old ones.
 */

/** The files a backup copies: the keys and quota counters, and the webhook subscriptions. */
export const KEY_STORE_FILES = ['access.sqlite', 'subscriptions.sqlite'] as const;
export type KeyStoreFileName = (typeof KEY_STORE_FILES)[number];

const RECORD_FILE = 'backup.json';

const BackupRecordSchema = z.object({
  /** The instant the backup was asked for (its folder's name is made from it). */
  takenAt: z.iso.datetime(),
  files: z.array(
    z.object({
      name: z.enum(KEY_STORE_FILES),
      bytes: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
  /** What the copies hold, said again by a restore so an operator can check it. */
  counts: z.object({
    keys: z.number().int().nonnegative(),
    revokedKeys: z.number().int().nonnegative(),
    subscriptions: z.number().int().nonnegative(),
  }),
});
export type KeyStoreBackupRecord = z.infer<typeof BackupRecordSchema>;

/** A backup's folder name: its instant, sortable and safe in any store (no colons). */
export function backupName(takenAt: string): string {
  return takenAt.replace(/:/g, '-');
}

export const backupFileKey = (name: string, file: KeyStoreFileName) => `${name}/${file}`;

/** Marks the backup whole: written only after every file of it is in place. */
export async function recordBackup(storage: LakeStorage, record: KeyStoreBackupRecord): Promise<void> {
  const body = Buffer.from(JSON.stringify(record, null, 2));
  await storage.write(`${backupName(record.takenAt)}/${RECORD_FILE}`, body);
}

/** The finished backups' names, oldest first, and the folders that never finished. */
export async function listBackups(
  storage: LakeStorage,
): Promise<{ finished: string[]; unfinished: string[] }> {
  const folders = new Map<string, boolean>();
  for (const { key } of await storage.list('')) {
    const [folder, file] = key.split('/');
    if (!folder || file === undefined) continue;
    folders.set(folder, (folders.get(folder) ?? false) || file === RECORD_FILE);
  }
  const names = [...folders.keys()].sort();
  return {
    finished: names.filter((name) => folders.get(name)),
    unfinished: names.filter((name) => !folders.get(name)),
  };
}

/** What a finished backup holds, checked against its schema. */
export async function readBackupRecord(storage: LakeStorage, name: string): Promise<KeyStoreBackupRecord> {
  const stored = await storage.read(`${name}/${RECORD_FILE}`);
  if (stored === undefined || stored === 'unchanged') throw new Error(`no backup named ${name}`);
  return BackupRecordSchema.parse(JSON.parse(stored.body.toString('utf8')));
}

/**
 * Removes the finished backups beyond the newest `keep`, and every unfinished one older than the
 * newest finished (one being written now is newer). Returns the names removed.
 */
export async function pruneBackups(storage: LakeStorage, keep: number): Promise<string[]> {
  const { finished, unfinished } = await listBackups(storage);
  const newest = finished[finished.length - 1];
  const old = [
    ...finished.slice(0, Math.max(0, finished.length - keep)),
    ...unfinished.filter((name) => newest !== undefined && name < newest),
  ];
  if (old.length === 0) return [];
  const keys = (await storage.list('')).map((object) => object.key);
  await storage.remove(keys.filter((key) => old.some((name) => key.startsWith(`${name}/`))));
  return old;
}
