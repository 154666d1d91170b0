import * as wf from '@temporalio/workflow';
import type { WarehouseActivities } from '../activities/index.js';
import { LAKE_MAINTENANCE } from './activity-policies.js';

export interface CompactLakeInput {
  warehouseTaskQueue: string;
}

/**
 * Merges the lake's small segments (warehouse/compact.ts). Started by a Temporal schedule, so every
 * run is visible in the Web UI; the activity heartbeats per partition and a retry after a killed
 * worker simply finds fewer partitions left to merge.
 */
export async function compactLake(input: CompactLakeInput): Promise<{ partitions: number; rows: number }> {
  const { compactLake: compact } = wf.proxyActivities<WarehouseActivities>({
    taskQueue: input.warehouseTaskQueue,
    ...LAKE_MAINTENANCE,
  });
  const result = await compact();
  return { partitions: result.partitions, rows: result.rows };
}
