import { metrics } from '../../telemetry/metrics.js';
import { heartbeat } from '@temporalio/activity';
import type { GaugeWarehouse } from '../../warehouse/gauges/gauge-warehouse.js';
import { stagedReadingsPath } from '../../warehouse/gauges/staged.js';
import type { GaugeCommitOutcome } from '../../warehouse/gauges/commit.js';
import type { GaugeRetentionResult } from '../../warehouse/gauges/retention.js';
import { heartbeating } from '../heartbeat.js';
import { isGone, localFiles, type SharedFiles } from '../shared-files.js';
import { currentActivity } from '../heartbeat.js';
import type { CommitGaugePollInput } from './contracts.js';

export interface GaugeWarehouseDeps {
  dataDir: string;
  gauges: GaugeWarehouse;
  /** Where staged polls come from when the ingest workers have data folders of their own. */
  shared?: SharedFiles;
}

/** Gauge activities of the warehouse task queue (the one process that holds the DuckDB file). */
export function createGaugeWarehouseActivities({
  dataDir,
  gauges,
  shared = localFiles(dataDir),
}: GaugeWarehouseDeps) {
  return {
    /** Commits a staged poll and publishes it; a retried commit of the same poll changes nothing. */
    commitGaugePoll(
      input: CommitGaugePollInput,
    ): Promise<GaugeCommitOutcome & { generation: number | null }> {
      return heartbeating(async () => {
        const files = [input.stagedPath, stagedReadingsPath(input.stagedPath)];
        try {
          for (const file of files) await shared.fetch(file);
        } catch (error) {
          if (!isGone(error)) throw error;
          // Discarded after its publish by a writer this one was restored from (ADR 35).
          currentActivity()?.log.info(
            `gauge poll ${input.pollId}: its staged body is gone, so an earlier writer committed and published it; nothing to commit`,
          );
          return { gauges: 0, received: 0, fresh: 0, corrected: 0, rollups: 0, generation: null };
        }
        const timer = metrics.commitSeconds.startTimer({ kind: 'gauges' });
        const outcome = await gauges.commit(input);
        timer();
        for (const file of files) await shared.discard(file);
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
