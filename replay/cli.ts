import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FEED_CATALOGUE, mirrorPath } from '../config/index.js';
import { scriptDemoFeeds } from './demo-feeds.js';
import { ReplayServer } from './server.js';
import { UPSTREAM_SAMPLES_DIR } from './shared-samples.js';

/**
 * The replay server on its own: every catalogue feed with generated documents that change over time,
 * for running the service (UPSTREAM_BASE_URL=<printed address> npm start) or a client against it.
 */
const USAGE = 'usage: npm run replay -- [--port N] [--count N] [--seed N] [--tick-seconds N]';

function numberOption(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) {
    console.error(`--${name} must be a whole number\n${USAGE}`);
    process.exit(2);
  }
  return Number(value);
}

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string' },
      count: { type: 'string' },
      seed: { type: 'string' },
      'tick-seconds': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const replay = await ReplayServer.start({
  port: numberOption(values.port as string | undefined, 0, 'port'),
  ...(existsSync(UPSTREAM_SAMPLES_DIR) ? { samplesDir: UPSTREAM_SAMPLES_DIR } : {}),
});
scriptDemoFeeds(replay, FEED_CATALOGUE, {
  count: numberOption(values.count as string | undefined, 25, 'count'),
  seed: numberOption(values.seed as string | undefined, 2026, 'seed'),
  tickMs: numberOption(values['tick-seconds'] as string | undefined, 20, 'tick-seconds') * 1000,
  startedAt: new Date(),
});
console.log(
  `replay upstream at ${replay.url}: ${FEED_CATALOGUE.length} feeds, e.g. ${replay.url}${mirrorPath(FEED_CATALOGUE[0]!)}`,
);
console.log(`run the service against it: UPSTREAM_BASE_URL=${replay.url} npm start`);
const stop = () => void replay.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
