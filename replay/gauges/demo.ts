import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ReplayServer } from '../server.js';
import type { SyntheticGauge } from '../../sources/gauges/fake/index.js';
import { syntheticFleet } from './fleet.js';
import { scriptGaugeSources } from './routes.js';
import { renderThresholdsTable } from './thresholds.js';

const DAY_MS = 86_400_000;

/**
 * The demo's gauges: a made-up fleet over every source whose floods play from three days ago to a day
 * from now (a first poll reaches back 72 hours, so some gauges show a whole rise through minor to
 * major and back, others are rising now), with stale and rainfall gauges among them. The replay
 * server answers as each source, and the flood thresholds table is written where the service reads it.
 */
export async function scriptDemoGauges(
  replay: ReplayServer,
  options: { count: number; seed: number; startedAt: Date; thresholdsFile: string },
): Promise<SyntheticGauge[]> {
  const now = options.startedAt.getTime();
  const fleet = syntheticFleet({
    count: options.count,
    seed: options.seed,
    startMs: now - 3 * DAY_MS,
    endMs: now + DAY_MS,
  });
  scriptGaugeSources(replay, fleet);
  await mkdir(dirname(options.thresholdsFile), { recursive: true });
  await writeFile(options.thresholdsFile, renderThresholdsTable(fleet));
  return fleet;
}
