import { existsSync } from 'node:fs';
import { FEED_CATALOGUE } from '../config/index.js';
import { scriptDemoFeeds } from '../replay/demo-feeds.js';
import { scriptDemoGauges } from '../replay/gauges/index.js';
import { ReplayServer } from '../replay/server.js';
import { UPSTREAM_SAMPLES_DIR } from '../replay/shared-samples.js';
import { demoDeclarationInputs } from './declaration-inputs.js';
import { demoGeographyDefaults } from './demo-archive.js';
import { keepDemoTimeline } from './demo-timeline.js';
import type { ServiceLog } from './log.js';

/** Where the demo upstream keeps its timeline and writes its inputs. */
export interface DemoUpstreamFiles {
  timelineFile: string;
  /** The folder the declaration stand-ins are written into when ../shared is missing. */
  declarationsDir: string;
  /** The flood thresholds table the demo gauges are classed by. */
  thresholdsFile: string;
  /** Where the replay server listens; a port the OS picks when absent. */
  port?: number;
}

/** The replay server playing the demo's feeds and gauges, with the settings that point the service at it. */
export interface DemoUpstream {
  replay: ReplayServer;
  /** Settings for the service's processes (all but DATA_DIR). */
  env: Record<string, string>;
  /** Whether the declarations are the real ones from ../shared rather than made-up stand-ins. */
  realDeclarations: boolean;
  /** Stops the replay server and saves the demo time run so far. */
  close: () => Promise<void>;
}

/**
 * Starts the upstream of `npm run demo` and `npm run cluster`: every catalogue feed with generated
 * documents that change over time, and river and rain gauges of all eight sources. The feeds' timeline
 * is kept in the data folder: a restarted demo lists the incidents it had listed.
 */
export async function startDemoUpstream(files: DemoUpstreamFiles, log: ServiceLog): Promise<DemoUpstream> {
  const kept = await keepDemoTimeline(files.timelineFile, { seed: 2026, count: 25, tickMs: 20_000 }, log);
  const { timeline } = kept;
  const replay = await ReplayServer.start({
    ...(existsSync(UPSTREAM_SAMPLES_DIR) ? { samplesDir: UPSTREAM_SAMPLES_DIR } : {}),
    ...(files.port !== undefined ? { port: files.port } : {}),
  });
  const close = async () => (await replay.close(), await kept.close());
  try {
    scriptDemoFeeds(replay, FEED_CATALOGUE, {
      ...timeline.options,
      startedAt: timeline.startedAt,
      tick: () => timeline.tick(Date.now()),
      fireComplexes: true,
    });
    const declarationInputs = await demoDeclarationInputs(files.declarationsDir);
    const { thresholdsFile } = files;
    await scriptDemoGauges(replay, { count: 400, seed: 2026, startedAt: new Date(), thresholdsFile });
    const env = {
      UPSTREAM_BASE_URL: replay.url,
      POLL_INTERVAL_SECONDS: '10',
      // The demo's fire complexes move on every few minutes: their ended events close soon after.
      EVENT_CLUSTERING: '{"graceMinutes":2}',
      ...declarationInputs.env,
      GAUGE_THRESHOLDS_FILE: thresholdsFile,
      ...demoGeographyDefaults(),
    };
    return { replay, env, realDeclarations: declarationInputs.real, close };
  } catch (error) {
    await close();
    throw error;
  }
}
