import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { dataLayout, type Settings } from '../config/index.js';
import type { IncidentRecord } from '../model/index.js';
import type { CommitFeedInput, CommitFeedResult } from './contracts.js';
import { publishServing } from './warehouse/publish.js';
import type { Warehouse } from './warehouse/warehouse.js';

export interface WarehouseDeps {
  settings: Pick<Settings, 'DATA_DIR'>;
  warehouse: Warehouse;
}

/**
 * Activities of the warehouse task queue. Exactly one worker with one activity slot runs them:
 * it is the only process that holds the DuckDB file open.
 */
export function createWarehouseActivities({ settings, warehouse }: WarehouseDeps) {
  const layout = dataLayout(settings.DATA_DIR);
  return {
    async commitFeed(input: CommitFeedInput): Promise<CommitFeedResult> {
      const stagedFile = join(settings.DATA_DIR, input.stagedPath);
      const incoming = JSON.parse(await readFile(stagedFile, 'utf8')) as IncidentRecord[];
      const outcome = await warehouse.commit({
        feedKey: input.feedKey,
        rawSha256: input.rawSha256,
        incoming,
        polledAt: input.polledAt,
        allowMassRetraction: input.allowMassRetraction,
      });
      const manifest = await publishServing(warehouse.db, layout.servingDir);
      await rm(stagedFile, { force: true });
      return { ...outcome, generation: manifest.generation };
    },
  };
}

export type WarehouseActivities = ReturnType<typeof createWarehouseActivities>;
