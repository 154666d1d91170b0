import { getExternalWorkflowHandle } from '@temporalio/workflow';
import { DECLARATION_REFRESHER_ID, refreshDeclarationsSignal } from './declaration-refresher.js';

/**
 * What the declaration refresh schedule starts (runtime/schedules.ts): it wakes the one refresher,
 * which holds the sources' health across refreshes. Fails, visibly in the schedule's runs, when no
 * refresher is running.
 */
export async function requestDeclarationRefresh(): Promise<void> {
  await getExternalWorkflowHandle(DECLARATION_REFRESHER_ID).signal(refreshDeclarationsSignal);
}
