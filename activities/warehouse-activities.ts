import { log } from '@temporalio/activity';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { dataLayout, FEED_CATALOGUE, type FeedDefinition, type Settings } from '../config/index.js';
import { capIssuerFromSettings } from '../exports/cap/issuer.js';
import type { IncidentRecord } from '../model/index.js';
import type { CommitFeedInput, CommitFeedResult } from './contracts.js';
import { heartbeating } from './heartbeat.js';
import { publishCapFeed } from '../warehouse/publish-cap.js';
import { publishServing } from '../warehouse/publish.js';
import type { Warehouse } from '../warehouse/warehouse.js';

export interface WarehouseDeps {
  settings: Pick<Settings, 'DATA_DIR' | 'CAP_SENDER' | 'CAP_PROFILE_CODE' | 'PUBLIC_BASE_URL'>;
  warehouse: Warehouse;
  /** Agency names and pages for CAP documents. */
  catalogue?: readonly FeedDefinition[];
  now?: () => Date;
}

/**
 * Activities of the warehouse task queue. Exactly one worker with one activity slot runs them:
 * it is the only process that holds the DuckDB file open.
 */
export function createWarehouseActivities({
  settings,
  warehouse,
  catalogue = FEED_CATALOGUE,
  now = () => new Date(),
}: WarehouseDeps) {
  const layout = dataLayout(settings.DATA_DIR);
  const issuer = capIssuerFromSettings(settings, catalogue);
  return {
    commitFeed(input: CommitFeedInput): Promise<CommitFeedResult> {
      return heartbeating(() => commit(input));
    },
  };

  async function commit(input: CommitFeedInput): Promise<CommitFeedResult> {
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
    // The CAP feed is derived from what was just committed and published: a failure to write it is
    // logged, and never undoes or repeats the commit (the next commit writes it again).
    await publishCapFeed(warehouse.db, {
      file: layout.capFeedFile,
      issuer,
      baseUrl: settings.PUBLIC_BASE_URL ?? '',
      now: now(),
    }).catch((error: unknown) => {
      log.error('CAP feed export failed', {
        error: error instanceof Error ? error.message : String(error),
      });
    });
    await rm(stagedFile, { force: true });
    return { ...outcome, generation: manifest.generation };
  }
}

export type WarehouseActivities = ReturnType<typeof createWarehouseActivities>;
