import { join } from 'node:path';
import { startMemoryAccess } from '../../api/access/memory-access.js';
import { openAccessStore } from '../../api/access/open-store.js';
import { createApp } from '../../api/app.js';
import { CursorCodec } from '../../api/cursor.js';
import { listen } from '../../api/listen.js';
import { capIssuerFromSettings } from '../../exports/cap/issuer.js';
import { loadSettings } from '../../config/index.js';
import { ServingStore } from '../../lake/serving/serving-store.js';

/**
 * An API replica for bench:limits: keys, quota leases and short windows over the access store its
 * settings name, over an empty lake. Sends its address to the parent, and on a `stats` message the
 * store statements it made (quota leases, window leases).
 */
const settings = loadSettings();
const { store } = await openAccessStore(settings);
const statements = { quota: 0, windows: 0 };
const counted = Object.create(store) as typeof store;
counted.lease = (...args) => (statements.quota++, store.lease(...args));
counted.leaseWindow = (...args) => (statements.windows++, store.leaseWindow(...args));
const access = await startMemoryAccess(counted, { rateLimits: settings.RATE_LIMITS });
const serving = await ServingStore.open(join(settings.DATA_DIR, 'lake'));
const app = createApp({
  cap: capIssuerFromSettings(settings, []),
  store: serving,
  feedHealth: { read: () => Promise.resolve([]) },
  catalogue: [],
  cursors: new CursorCodec('bench-limits-secret'),
  keys: access.keys,
  quota: access.quota,
  windows: access.windows,
  version: 'bench',
  startedAt: new Date(),
  now: () => new Date(),
});
const server = await listen(app.fetch, '127.0.0.1', 0);
const address = server.address();
if (address === null || typeof address === 'string') throw new Error('no address');
process.send?.({ url: `http://127.0.0.1:${address.port}` });
process.on('message', (message) => {
  if (message === 'stats') process.send?.({ statements });
});
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
