import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  describeLakeLocation,
  keyBackupLocationOf,
  sqliteKeyStoreFiles,
  type Settings,
} from '../config/index.js';
import {
  backupFileKey,
  backupName,
  KEY_STORE_FILES,
  pruneBackups,
  recordBackup,
  type KeyStoreBackupRecord,
  type KeyStoreFileName,
} from '../lake/backups/key-store-backups.js';
import { openLakeStorage } from '../lake/storage/open-storage.js';
import type { LakeStorage } from '../lake/storage/lake-storage.js';
import { metrics } from '../telemetry/metrics.js';
import { heartbeating } from './heartbeat.js';
import { fileSha256 } from '../lake/storage/file-sha256.js';

/** The most pages better-sqlite3 copies in one backup step: all of them. */
const ALL_PAGES = 0x7fffffff;

export interface KeyStoreBackupInput {
  /** When the backup was asked for (the workflow's time): a retry writes the same backup again. */
  takenAt: string;
}

export type KeyStoreBackupResult =
  | { skipped: string }
  | { name: string; where: string; bytes: number; counts: KeyStoreBackupRecord['counts']; removed: string[] };

export interface KeyStoreBackupDeps {
  settings: Settings;
}

/** The store files of these settings, by the name their copies take in a backup. */
export function keyStoreFiles(settings: Settings): Record<KeyStoreFileName, string> {
  const files = sqliteKeyStoreFiles(settings);
  return { 'access.sqlite': files.access, 'subscriptions.sqlite': files.subscriptions };
}

/**
 * Backs up the SQLite key store on a Temporal schedule (workflows/backup-key-store.ts): keys, quota
 * counters and webhook subscriptions are the service's only state the lake does not hold. It runs on
 * the ingest workers, which share DATA_DIR with the API processes whenever the store is SQLite (one
 * host); a PostgreSQL key store is backed up with the database's own tools instead (docs/deploy.md).
 */
export function createKeyStoreBackupActivities({ settings }: KeyStoreBackupDeps) {
  return {
    async backupKeyStore(input: KeyStoreBackupInput): Promise<KeyStoreBackupResult> {
      if (settings.DATABASE_URL)
        return { skipped: 'the key store is PostgreSQL (DATABASE_URL): back it up with pg_dump' };
      const location = keyBackupLocationOf(settings);
      const storage = openLakeStorage(location);
      try {
        const result = await heartbeating(() => backUp(storage, keyStoreFiles(settings), input.takenAt));
        metrics.keyStoreBackedUpAt.set(Date.parse(input.takenAt) / 1000);
        const removed = await pruneBackups(storage, settings.KEY_BACKUP_KEEP);
        return { ...result, where: describeLakeLocation(location), removed };
      } finally {
        storage.close();
      }
    },
  };
}

export type KeyStoreBackupActivities = ReturnType<typeof createKeyStoreBackupActivities>;

/** Copies each store file while the service runs, checks the copy, uploads it, then marks the backup whole. */
async function backUp(storage: LakeStorage, files: Record<KeyStoreFileName, string>, takenAt: string) {
  const name = backupName(takenAt);
  const scratch = await mkdtemp(join(tmpdir(), 'eids-key-backup-'));
  try {
    const record: KeyStoreBackupRecord = {
      takenAt,
      files: [],
      counts: { keys: 0, revokedKeys: 0, subscriptions: 0 },
    };
    for (const file of KEY_STORE_FILES) {
      if (!existsSync(files[file])) continue;
      const copy = join(scratch, file);
      Object.assign(record.counts, await onlineCopy(files[file], copy));
      const checked = { name: file, bytes: (await stat(copy)).size, sha256: await fileSha256(copy) };
      await storage.upload(backupFileKey(name, file), copy, checked);
      record.files.push(checked);
    }
    await recordBackup(storage, record);
    return { name, bytes: record.files.reduce((sum, file) => sum + file.bytes, 0), counts: record.counts };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * SQLite's online backup of a file in use (the API processes go on writing), then the copy checked
 * whole and counted: what it holds is what a restore will say it restored.
 */
async function onlineCopy(source: string, copy: string): Promise<Partial<KeyStoreBackupRecord['counts']>> {
  const live = new Database(source, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    // Every page in one step, one read transaction: a stepped backup starts again whenever another
    // connection writes (every quota lease does), and could never end on a busy store. In WAL mode
    // the read blocks no writer; it holds this worker's thread for the copy (milliseconds per MB).
    await live.backup(copy, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
  const copied = new Database(copy, { readonly: true });
  try {
    const check = copied.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy of ${source} is damaged: ${String(check)}`);
    return countsOf(copied);
  } finally {
    copied.close();
  }
}

export function countsOf(db: Database.Database): Partial<KeyStoreBackupRecord['counts']> {
  const has = (table: string) =>
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  return {
    ...(has('api_keys')
      ? {
          keys: count('SELECT count(*) AS n FROM api_keys'),
          revokedKeys: count('SELECT count(*) AS n FROM api_keys WHERE revoked_at IS NOT NULL'),
        }
      : {}),
    ...(has('subscriptions') ? { subscriptions: count('SELECT count(*) AS n FROM subscriptions') } : {}),
  };
}
