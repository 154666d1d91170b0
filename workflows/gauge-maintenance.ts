import * as wf from '@temporalio/workflow';
import type { GaugeWarehouseActivities } from '../activities/gauges/index.js';
import { LAKE_MAINTENANCE } from './activity-policies.js';

export interface GaugeMaintenanceInput {
  warehouseTaskQueue: string;
}

function warehouseActivities(input: GaugeMaintenanceInput) {
  return wf.proxyActivities<GaugeWarehouseActivities>({
    taskQueue: input.warehouseTaskQueue,
    ...LAKE_MAINTENANCE,
  });
}

/** Merges gauge segments (readings and rollups). Started by a Temporal schedule. */
export async function compactGaugeLake(input: GaugeMaintenanceInput) {
  return warehouseActivities(input).compactGaugeLake();
}

/**
 * Ages out gauge history (raw 30 days, hourly 90 days, flood-event raw kept) as of the time the
 * schedule started this run, so a retried or late run applies the same cutoffs. Started daily by a
 * Temporal schedule; a killed run is retried and finds fewer partitions left to rewrite.
 */
export async function gaugeRetention(input: GaugeMaintenanceInput & { now?: string }) {
  const now = input.now ?? new Date(wf.workflowInfo().startTime.getTime()).toISOString();
  return warehouseActivities(input).applyGaugeRetention(now);
}
