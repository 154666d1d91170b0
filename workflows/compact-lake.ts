import { proxyActivities } from '@temporalio/workflow';
import type { WarehouseActivities } from '../activities/index.js';

export interface CompactLakeInput {
  warehouseTaskQueue: string;
}

/**
 * Merges the lake's small segments (warehouse/compact.ts). Started by a Temporal schedule, so every
 * run is visible in the Web UI; the activity heartbeats per partition and a retry after a killed
 * worker simply finds fewer partitions left to merge.
 */
export async function compactLake(input: CompactLakeInput): Promise<{ partitions: number; rows: number }> {
  const { compactLake: compact } = proxyActivities<WarehouseActivities>({
    taskQueue: input.warehouseTaskQueue,
    startToCloseTimeout: '1 hour',
    heartbeatTimeout: '2 minutes',
    retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
  });
  const result = await compact();
  return { partitions: result.partitions, rows: result.rows };
}
