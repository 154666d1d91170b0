import { heartbeat } from '@temporalio/activity';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { GaugeWarehouse } from '../../warehouse/gauges/gauge-warehouse.js';
import { stagedReadingsPath } from '../../warehouse/gauges/staged.js';
import type { GaugeCommitOutcome } from '../../warehouse/gauges/commit.js';
import type { GaugeRetentionResult } from '../../warehouse/gauges/retention.js';
import { heartbeating } from '../heartbeat.js';
import type { CommitGaugePollInput } from './contracts.js';

export interface GaugeWarehouseDeps {
  dataDir: string;
  gauges: GaugeWarehouse;
}

/** Gauge activities of the warehouse task queue (the one process that holds the DuckDB file). */
export function createGaugeWarehouseActivities({ dataDir, gauges }: GaugeWarehouseDeps) {
  return {
    /** Commits a staged poll and publishes it; a retried commit of the same poll changes nothing. */
    commitGaugePoll(
      input: CommitGaugePollInput,
    ): Promise<GaugeCommitOutcome & { generation: number | null }> {
      return heartbeating(async () => {
        const outcome = await gauges.commit(input);
        await rm(join(dataDir, input.stagedPath), { force: true });
        await rm(join(dataDir, stagedReadingsPath(input.stagedPath)), { force: true });
        return outcome;
      });
    },

    /** Merges gauge segments, heartbeating after each partition. */
    compactGaugeLake(): Promise<{ partitions: number; filesBefore: number; rows: number }> {
      return gauges.compact((done, total) => heartbeat({ done, total }));
    },

    /** Ages out gauge history at `nowIso` (the schedule's time), heartbeating after each partition. */
    applyGaugeRetention(nowIso: string): Promise<GaugeRetentionResult> {
      return gauges.retention(new Date(nowIso), (done, total) => heartbeat({ done, total }));
    },
  };
}

export type GaugeWarehouseActivities = ReturnType<typeof createGaugeWarehouseActivities>;
