import type { Client } from '@temporalio/client';
import { DECLARATION_REFRESHER_WORKFLOW_ID, type Settings } from '../config/index.js';
import {
  declarationHealthQuery,
  refreshDeclarationsSignal,
  type DeclarationRefresherInput,
} from '../workflows/index.js';
import type { DeclarationRefreshHealth } from '../model/index.js';
import type { KeptWorkflow } from './workflow-doctor.js';

export function declarationRefresherInput(settings: Settings): DeclarationRefresherInput {
  return {
    ingestTaskQueue: settings.INGEST_TASK_QUEUE,
    warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE,
  };
}

const startOptions = (settings: Settings) => ({
  workflowId: DECLARATION_REFRESHER_WORKFLOW_ID,
  taskQueue: settings.INGEST_TASK_QUEUE,
  args: [declarationRefresherInput(settings)] as [DeclarationRefresherInput],
  staticSummary: 'Declarations: DRFA activations and state registers',
  staticDetails: `Refreshes every ${settings.DECLARATIONS_REFRESH_MINUTES} minutes (schedule declarations-refresh) and on the refreshNow signal.`,
});

/**
 * The refresher, kept running by runtime/workflow-doctor.ts: a new one refreshes at once; one started
 * again carries on from its last run's health and waits for the schedule; a running one is left
 * alone, so a restart of the service does not fetch the sources again.
 */
export function keptDeclarationRefresher(settings: Settings): KeptWorkflow {
  const { workflowId, taskQueue, staticSummary, staticDetails } = startOptions(settings);
  return {
    workflowId,
    workflowType: 'declarationRefresher',
    taskQueue,
    staticSummary,
    staticDetails,
    input: (carried) => {
      const health = carried as DeclarationRefreshHealth | undefined;
      return health?.sources
        ? { ...declarationRefresherInput(settings), carried: health, refreshAtStart: false }
        : declarationRefresherInput(settings);
    },
  };
}

/** Wakes the refresher now (starting it when none runs): `npm run declarations -- refresh`. */
export async function requestDeclarationRefreshNow(client: Client, settings: Settings): Promise<void> {
  await client.workflow.signalWithStart('declarationRefresher', {
    ...startOptions(settings),
    signal: refreshDeclarationsSignal,
    signalArgs: [],
  });
}

export function declarationRefreshHealth(client: Client): Promise<DeclarationRefreshHealth> {
  return client.workflow.getHandle(DECLARATION_REFRESHER_WORKFLOW_ID).query(declarationHealthQuery);
}
