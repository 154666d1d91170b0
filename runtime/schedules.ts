import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type Client,
  type IntervalSpec,
} from '@temporalio/client';
import { DECLARATION_REFRESHER_WORKFLOW_ID, type Settings } from '../config/index.js';
import type { BackupKeyStoreInput, CompactLakeInput } from '../workflows/index.js';

/**
 * A Temporal schedule (visible under Schedules in the Web UI) that starts one workflow on the ingest
 * task queue, a run that would overlap the last one skipped. Created once: a schedule that exists
 * already is left as it is, so an operator's pause or edit stands. True when it was created.
 */
export async function createScheduleOnce(
  client: Client,
  settings: Settings,
  schedule: { scheduleId: string; interval: IntervalSpec; workflowType: string; args: unknown[] },
): Promise<boolean> {
  try {
    await client.schedule.create({
      scheduleId: schedule.scheduleId,
      spec: { intervals: [schedule.interval] },
      action: {
        type: 'startWorkflow',
        workflowType: schedule.workflowType,
        taskQueue: settings.INGEST_TASK_QUEUE,
        args: schedule.args,
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    });
    return true;
  } catch (error) {
    if (error instanceof ScheduleAlreadyRunning) return false;
    throw error;
  }
}

export const COMPACTION_SCHEDULE_ID = 'lake-compaction';

/** How often the lake's segments are merged: often enough that a partition never holds many files. */
export const COMPACTION_EVERY = '10 minutes';

/** The schedule that runs lake compaction, on the hour's tens (the gauge lake's falls between). */
export async function ensureCompactionSchedule(client: Client, settings: Settings): Promise<void> {
  const args: [CompactLakeInput] = [{ warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE }];
  await createScheduleOnce(client, settings, {
    scheduleId: COMPACTION_SCHEDULE_ID,
    interval: { every: COMPACTION_EVERY },
    workflowType: 'compactLake',
    args,
  });
}

export const DECLARATION_REFRESH_SCHEDULE_ID = 'declarations-refresh';

/**
 * The schedule that wakes the declaration refresher every DECLARATIONS_REFRESH_MINUTES
 * (workflows/request-declaration-refresh.ts). `npm run declarations -- refresh` wakes the refresher at
 * once, outside the schedule.
 */
export async function ensureDeclarationRefreshSchedule(client: Client, settings: Settings): Promise<void> {
  await createScheduleOnce(client, settings, {
    scheduleId: DECLARATION_REFRESH_SCHEDULE_ID,
    interval: { every: `${settings.DECLARATIONS_REFRESH_MINUTES} minutes` },
    workflowType: 'requestDeclarationRefresh',
    args: [{ refresherWorkflowId: DECLARATION_REFRESHER_WORKFLOW_ID }],
  });
}

export const KEY_STORE_BACKUP_SCHEDULE_ID = 'key-store-backup';

/**
 * The schedule that backs up a SQLite key store every KEY_BACKUP_MINUTES (workflows/backup-key-store.ts);
 * none for a PostgreSQL one (its own tools back it up) or with KEY_BACKUP_MINUTES=0.
 */
export async function ensureKeyStoreBackupSchedule(client: Client, settings: Settings): Promise<void> {
  if (settings.DATABASE_URL || settings.KEY_BACKUP_MINUTES === 0) return;
  const args: [BackupKeyStoreInput] = [{ taskQueue: settings.INGEST_TASK_QUEUE }];
  await createScheduleOnce(client, settings, {
    scheduleId: KEY_STORE_BACKUP_SCHEDULE_ID,
    interval: { every: `${settings.KEY_BACKUP_MINUTES} minutes` },
    workflowType: 'backupKeyStore',
    args,
  });
}
