import { join } from 'node:path';
import { accessOutageOptions, startMemoryAccess } from '../../api/access/memory-access.js';
import { openAccessStore } from '../../api/access/open-store.js';
import { createApp } from '../../api/app.js';
import { CursorCodec } from '../../api/cursor.js';
import { listen } from '../../api/listen.js';
import { loadSettings } from '../../config/index.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import { TEST_CAP_ISSUER } from './cap-issuer.js';

/**
 * An API replica in a process of its own, for the replica tests: the app over an empty lake, keys in
 * memory, quota leases and short windows over the access store its settings name (DATABASE_URL),
 * MONTHLY_QUOTAS, RATE_LIMITS and the key store outage settings applied. Sends its address to the parent; SIGTERM stops it gracefully (unused leases given back).
 */
const settings = loadSettings();
const { store } = await openAccessStore(settings, { startAway: true });
// As the API server does: a key store that stops answering is ridden out within the configured grace.
const access = await startMemoryAccess(store, {
  rateLimits: settings.RATE_LIMITS,
  onError: (error) => console.error('[replica] the access store failed:', error),
  outage: accessOutageOptions(settings, (line, level) =>
    console.log(`[replica]${level === 'warn' ? ' WARN' : ''} ${line}`),
  ),
});
const serving = await ServingStore.open(join(settings.DATA_DIR, 'lake'));
const app = createApp({
  cap: TEST_CAP_ISSUER,
  store: serving,
  feedHealth: { read: () => Promise.resolve([]) },
  catalogue: [],
  cursors: new CursorCodec('replica-test-secret'),
  keys: access.keys,
  quota: access.quota,
  windows: access.windows,
  ...(settings.MONTHLY_QUOTAS ? { quotas: settings.MONTHLY_QUOTAS } : {}),
  version: 'test',
  startedAt: new Date(),
  now: () => new Date(),
});
const server = await listen(app.fetch, '127.0.0.1', 0);
const address = server.address();
if (address === null || typeof address === 'string') throw new Error('no address');
process.send?.({ url: `http://127.0.0.1:${address.port}` });

process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void (async () => {
    await access.close();
    await store.close();
    serving.close();
    process.exit(0);
  })();
});
