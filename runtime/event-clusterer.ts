import type { Client } from '@temporalio/client';
import type { Settings } from '../config/index.js';
import {
  eventClusterer,
  generationPublishedSignal,
  type EventClustererInput,
  type EventClustererStatus,
} from '../workflows/index.js';
import type { KeptWorkflow } from './workflow-doctor.js';

/**
 * The clusterer's workflow id: one per warehouse (its task queue names it), fixed, so every
 * publication reaches the same run and two warehouses never share one.
 */
export function eventClustererWorkflowId(settings: Pick<Settings, 'WAREHOUSE_TASK_QUEUE'>): string {
  return `events-clusterer:${settings.WAREHOUSE_TASK_QUEUE}`;
}

/**
 * Tells the clusterer a generation was published, starting it when it is not running
 * (signal-with-start): the warehouse's publisher calls this after each publish.
 */
export async function wakeEventClusterer(
  client: Client,
  settings: Pick<Settings, 'WAREHOUSE_TASK_QUEUE' | 'INGEST_TASK_QUEUE'>,
  generation: number,
): Promise<void> {
  const input: EventClustererInput = { warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE };
  await client.workflow.signalWithStart(eventClusterer, {
    workflowId: eventClustererWorkflowId(settings),
    taskQueue: settings.INGEST_TASK_QUEUE,
    args: [input],
    signal: generationPublishedSignal,
    signalArgs: [generation],
  });
}

/** The clusterer, kept running by runtime/workflow-doctor.ts like the pollers, carrying its status. */
export function keptEventClusterer(
  settings: Pick<Settings, 'WAREHOUSE_TASK_QUEUE' | 'INGEST_TASK_QUEUE'>,
): KeptWorkflow {
  return {
    workflowId: eventClustererWorkflowId(settings),
    workflowType: 'eventClusterer',
    taskQueue: settings.INGEST_TASK_QUEUE,
    input: (carried): EventClustererInput => {
      const status = carried as EventClustererStatus | undefined;
      return {
        warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE,
        // A run started again clusters at once: what it missed while stuck is not known.
        ...(status?.runs !== undefined ? { carried: { ...status, pending: true } } : {}),
      };
    },
  };
}
