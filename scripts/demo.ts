import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, dataLayout, FEED_CATALOGUE, loadSettings, mirrorPath } from '../config/index.js';
import { ensureDemoKey } from '../runtime/demo-key.js';
import { installTemporalLogging, startService, stopOnSignals } from '../runtime/service.js';
import { scriptDemoFeeds } from '../replay/demo-feeds.js';
import { ReplayServer } from '../replay/server.js';
import { UPSTREAM_SAMPLES_DIR } from '../replay/shared-samples.js';

/**
 * The whole system with no internet: a replay server plays every catalogue feed with generated
 * documents that change over time, and the service polls it instead of the agencies.
 */
const log = (line: string) => console.log(`[demo] ${line}`);

try {
  const replay = await ReplayServer.start(
    existsSync(UPSTREAM_SAMPLES_DIR) ? { samplesDir: UPSTREAM_SAMPLES_DIR } : {},
  );
  scriptDemoFeeds(replay, FEED_CATALOGUE, { count: 25, seed: 2026, tickMs: 20_000, startedAt: new Date() });
  const settings = loadSettings({
    DATA_DIR: join('data', 'demo'),
    UPSTREAM_BASE_URL: replay.url,
    POLL_INTERVAL_SECONDS: '10',
  });
  installTemporalLogging(settings);
  const key = await ensureDemoKey(settings.DATA_DIR);
  const service = await startService(settings, log);
  stopOnSignals({ ...service, stop: async () => (await service.stop(), await replay.close()) }, log);
  log(
    `replay upstream at ${replay.url} (break a feed: curl -X PUT ${replay.url}/_replay${mirrorPath(FEED_CATALOGUE[0]!)} -d '{"steps":[{"kind":"status","status":500}]}')`,
  );
  log(`API: ${service.apiUrl}/v1/incidents   feed health: ${service.apiUrl}/v1/states`);
  log(`demo API key (pro plan; also in ${dataLayout(settings.DATA_DIR).demoKeyFile}):`);
  log(`  export KEY=${key}`);
  log(`  curl -s -H "Authorization: Bearer $KEY" ${service.apiUrl}/v1/incidents | head -c 600`);
  if (service.temporalUiUrl) log(`Temporal Web UI: ${service.temporalUiUrl}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
