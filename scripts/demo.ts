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
import { demoArchiveInputs } from '../runtime/demo-archive.js';
import { switchDemoInputs } from '../runtime/demo-switch.js';
import { ensureDemoKey } from '../runtime/demo-key.js';
import { startDemoUpstream } from '../runtime/demo-upstream.js';
import { createServiceLog, isBug, serviceLogOptions } from '../runtime/log.js';
import { serviceBanner, startService, stopOnSignals } from '../runtime/service.js';
import { claimDataFolder, StartRefused } from '../runtime/start-guard.js';
import { settingsOrExit } from '../runtime/startup-settings.js';

/**
 * The whole system with no internet: a replay server (in this process) plays every catalogue feed with
 * generated documents that change over time, and the service's processes poll it instead of the agencies.
 */
const logSettings = settingsOrExit({ DATA_DIR: DEMO_DATA_DIR });
const log = createServiceLog(serviceLogOptions(logSettings, 'demo'));
const signals = stopOnSignals(log);
let closeReplay = () => Promise.resolve();
try {
  // First: a demo already running over this folder is left alone, and nothing here starts.
  await claimDataFolder(logSettings.DATA_DIR);
  const upstream = await startDemoUpstream(
    {
      timelineFile: dataLayout(logSettings.DATA_DIR).demoTimelineFile,
      declarationsDir: logSettings.DATA_DIR,
      thresholdsFile: join(logSettings.DATA_DIR, 'gauges', 'flood-thresholds.csv'),
    },
    log,
  );
  const { replay } = upstream;
  closeReplay = upstream.close;
  const defaults = { DATA_DIR: DEMO_DATA_DIR, ...upstream.env };
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
    `declarations (${upstream.realDeclarations ? 'the real DRFA history and ABS boundaries from ../shared' : 'made-up stand-ins'}) need an enterprise key with the entitlement:`,
  );
  log.info(`  export EKEY=$(npm run -s keys -- create --demo --tier enterprise --entitlement declarations)`);
  // The stand-ins hold the README's example values too (replay/stand-ins/declarations/readme-examples.ts).
  log.info(
    `  curl -s -H "Authorization: Bearer $EKEY" ${service.apiUrl}/v1/declarations/agrn/${README_EXAMPLES.agrn} | head -c 600`,
  );
  // The first run loads a historical archive, as a workflow to watch in the Web UI; a folder built from
  // other inputs (../shared added or removed since) switches its declarations and its archive.
  await switchDemoInputs(settings, log, {
    declarations: upstream.realDeclarations ? 'shared' : 'stand-ins',
    archive: demoArchiveInputs(),
  }).catch((error: unknown) =>
    log.warn(
      `could not bring the demo's declarations and archive in line with its inputs: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
} catch (error) {
  // A signal during start-up: what had started is stopped already.
  if (signals.aborted.aborted) signals.stopWith(closeReplay);
  else if (error instanceof ConfigError || error instanceof StartRefused) log.error(error.message);
  else log.error('could not start', { error, bug: isBug(error) });
  if (!signals.aborted.aborted) process.exit(1);
}
