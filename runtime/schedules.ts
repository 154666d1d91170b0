import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { DECLARATION_REFRESHER_WORKFLOW_ID, type Settings } from '../config/index.js';
import type { CompactLakeInput } from '../workflows/index.js';

export const COMPACTION_SCHEDULE_ID = 'lake-compaction';

/** How often the lake's segments are merged: often enough that a partition never holds many files. */
export const COMPACTION_EVERY = '10 minutes';

/**
 * The Temporal schedule that runs lake compaction (visible under Schedules in the Web UI). Created
 * once; a schedule that exists already is left as it is, so an operator's pause or edit stands.
 */
export async function ensureCompactionSchedule(client: Client, settings: Settings): Promise<void> {
  const args: [CompactLakeInput] = [{ warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE }];
  try {
    await client.schedule.create({
      scheduleId: COMPACTION_SCHEDULE_ID,
      spec: { intervals: [{ every: COMPACTION_EVERY }] },
      action: {
        type: 'startWorkflow',
        workflowType: 'compactLake',
        taskQueue: settings.INGEST_TASK_QUEUE,
        args,
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
}

export const DECLARATION_REFRESH_SCHEDULE_ID = 'declarations-refresh';

/**
 * The Temporal schedule that wakes the declaration refresher every DECLARATIONS_REFRESH_MINUTES
 * (workflows/request-declaration-refresh.ts). Created once, like compaction's; an operator's pause or
 * edit stands. `npm run declarations -- refresh` wakes the refresher at once, outside the schedule.
 */
export async function ensureDeclarationRefreshSchedule(client: Client, settings: Settings): Promise<void> {
  try {
    await client.schedule.create({
      scheduleId: DECLARATION_REFRESH_SCHEDULE_ID,
      spec: { intervals: [{ every: `${settings.DECLARATIONS_REFRESH_MINUTES} minutes` }] },
      action: {
        type: 'startWorkflow',
        workflowType: 'requestDeclarationRefresh',
        taskQueue: settings.INGEST_TASK_QUEUE,
        args: [{ refresherWorkflowId: DECLARATION_REFRESHER_WORKFLOW_ID }],
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
}
