import type { Client } from '@temporalio/client';
import type { Settings } from '../config/index.js';
import { eventClusterer, generationPublishedSignal, type EventClustererInput } from '../workflows/index.js';

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
