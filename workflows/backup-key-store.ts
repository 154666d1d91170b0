import * as wf from '@temporalio/workflow';
import type { KeyStoreBackupActivities, KeyStoreBackupResult } from '../activities/key-store-backup.js';
import { KEY_STORE_BACKUP } from './activity-policies.js';

export interface BackupKeyStoreInput {
  /** The ingest task queue: its workers share DATA_DIR with the API processes (a SQLite key store). */
  taskQueue: string;
}

/**
 * What the key store backup schedule starts (runtime/schedules.ts): one online backup of the SQLite key
 * store to KEY_BACKUP_URL. Its time names the backup, so a retried activity writes the same one again.
 */
export async function backupKeyStore(input: BackupKeyStoreInput): Promise<KeyStoreBackupResult> {
  const { backupKeyStore: backUp } = wf.proxyActivities<KeyStoreBackupActivities>({
    taskQueue: input.taskQueue,
    ...KEY_STORE_BACKUP,
  });
  return backUp({ takenAt: new Date(Date.now()).toISOString() });
}
