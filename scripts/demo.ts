import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  ConfigError,
  dataLayout,
  DEMO_DATA_DIR,
  FEED_CATALOGUE,
  loadSettings,
  mirrorPath,
} from '../config/index.js';
import { README_EXAMPLES } from '../replay/stand-ins/declarations/index.js';
import { demoDeclarationInputs } from '../runtime/declaration-inputs.js';
import { demoArchiveInputs, demoGeographyDefaults } from '../runtime/demo-archive.js';
import { switchDemoInputs } from '../runtime/demo-switch.js';
import { ensureDemoKey } from '../runtime/demo-key.js';
import { keepDemoTimeline } from '../runtime/demo-timeline.js';
import { createServiceLog, isBug, serviceLogOptions } from '../runtime/log.js';
import { serviceBanner, startService, stopOnSignals } from '../runtime/service.js';
import { scriptDemoFeeds } from '../replay/demo-feeds.js';
import { scriptDemoGauges } from '../replay/gauges/index.js';
import { ReplayServer } from '../replay/server.js';
import { UPSTREAM_SAMPLES_DIR } from '../replay/shared-samples.js';

/**
 * The whole system with no internet: a replay server (in this process) plays every catalogue feed with
 * generated documents that change over time, and the service's processes poll it instead of the agencies.
 */
let logSettings;
try {
  logSettings = loadSettings({ DATA_DIR: DEMO_DATA_DIR });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const log = createServiceLog(serviceLogOptions(logSettings, 'demo'));
const signals = stopOnSignals(log);
let closeReplay = () => Promise.resolve();
try {
  // The feeds' timeline is kept in the data folder: a restarted demo lists the incidents it had listed.
  const kept = await keepDemoTimeline(
    dataLayout(logSettings.DATA_DIR).demoTimelineFile,
    { seed: 2026, count: 25, tickMs: 20_000 },
    log,
  );
  const { timeline } = kept;
  const replay = await ReplayServer.start(
    existsSync(UPSTREAM_SAMPLES_DIR) ? { samplesDir: UPSTREAM_SAMPLES_DIR } : {},
  );
  closeReplay = async () => (await replay.close(), await kept.close());
  scriptDemoFeeds(replay, FEED_CATALOGUE, {
    ...timeline.options,
    startedAt: timeline.startedAt,
    tick: () => timeline.tick(Date.now()),
    fireComplexes: true,
  });
  const declarationInputs = await demoDeclarationInputs(logSettings.DATA_DIR);
  // River and rain gauges of all eight sources, with the flood thresholds table they are classed by.
  const thresholdsFile = join(logSettings.DATA_DIR, 'gauges', 'flood-thresholds.csv');
  await scriptDemoGauges(replay, { count: 400, seed: 2026, startedAt: new Date(), thresholdsFile });
  const defaults = {
    DATA_DIR: DEMO_DATA_DIR,
    UPSTREAM_BASE_URL: replay.url,
    POLL_INTERVAL_SECONDS: '10',
    // The demo's fire complexes move on every few minutes: their ended events close soon after.
    EVENT_CLUSTERING: '{"graceMinutes":2}',
    ...declarationInputs.env,
    GAUGE_THRESHOLDS_FILE: thresholdsFile,
    ...demoGeographyDefaults(),
  };
  const settings = loadSettings(defaults);
  const key = await ensureDemoKey(settings.DATA_DIR, settings.DATABASE_URL);
  const service = await startService(defaults, log, signals.aborted);
  signals.stopWith(async () => (await service.stop(), await closeReplay()));
  for (const line of serviceBanner(service)) log.info(line);
  log.info(
    `replay upstream at ${replay.url} (break a feed: curl -X PUT ${replay.url}/_replay${mirrorPath(FEED_CATALOGUE[0]!)} -d '{"steps":[{"kind":"status","status":500}]}')`,
  );
  log.info(`demo API key (pro plan; also in ${dataLayout(settings.DATA_DIR).demoKeyFile}):`);
  log.info(`  export KEY=${key}`);
  log.info(`  curl -s -H "Authorization: Bearer $KEY" ${service.apiUrl}/v1/incidents | head -c 600`);
  log.info(`  curl -s -H "Authorization: Bearer $KEY" ${service.apiUrl}/v1/events | head -c 600`);
  log.info(
    `  curl -s -H "Authorization: Bearer $KEY" '${service.apiUrl}/v1/gauges?floodClass=minor' | head -c 600`,
  );
  log.info(`  curl -s -H "Authorization: Bearer $KEY" ${service.apiUrl}/v1/gauges/summary | head -c 600`);
  log.info(`more keys for the demo: npm run keys -- create --demo --tier free`);
  log.info(
    `declarations (${declarationInputs.real ? 'the real DRFA history and ABS boundaries from ../shared' : 'made-up stand-ins'}) need an enterprise key with the entitlement:`,
  );
  log.info(`  export EKEY=$(npm run -s keys -- create --demo --tier enterprise --entitlement declarations)`);
  // The stand-ins hold the README's example values too (replay/stand-ins/declarations/readme-examples.ts).
  log.info(
    `  curl -s -H "Authorization: Bearer $EKEY" ${service.apiUrl}/v1/declarations/agrn/${README_EXAMPLES.agrn} | head -c 600`,
  );
  // The first run loads a historical archive, as a workflow to watch in the Web UI; a folder built from
  // other inputs (../shared added or removed since) switches its declarations and its archive.
  await switchDemoInputs(settings, log, {
    declarations: declarationInputs.real ? 'shared' : 'stand-ins',
    archive: demoArchiveInputs(),
  }).catch((error: unknown) =>
    log.warn(
      `could not bring the demo's declarations and archive in line with its inputs: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
} catch (error) {
  // A signal during start-up: what had started is stopped already.
  if (signals.aborted.aborted) signals.stopWith(closeReplay);
  else if (error instanceof ConfigError) log.error(error.message);
  else log.error('could not start', { error, bug: isBug(error) });
  if (!signals.aborted.aborted) process.exit(1);
}
