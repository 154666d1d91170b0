import * as wf from '@temporalio/workflow';
import { refreshDeclarationsSignal } from './declaration-refresher.js';

export interface RequestDeclarationRefreshInput {
  refresherWorkflowId: string;
}

/**
 * What the declaration refresh schedule starts (runtime/schedules.ts): it wakes the one refresher,
 * which holds the sources' health across refreshes. Fails, visibly in the schedule's runs, when no
 * refresher is running.
 */
export async function requestDeclarationRefresh(input: RequestDeclarationRefreshInput): Promise<void> {
  await wf.getExternalWorkflowHandle(input.refresherWorkflowId).signal(refreshDeclarationsSignal);
}
