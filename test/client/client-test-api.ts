import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../api/app.js';
import { CursorCodec } from '../../api/cursor.js';
import { listen } from '../../api/listen.js';
import type { RequestObserver } from '../../api/request-metrics.js';
import { API_VERSION } from '../../api/version.js';
import { FEED_CATALOGUE } from '../../config/index.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import { publishNow } from '../../warehouse/publisher.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { TEST_CAP_ISSUER } from '../support/cap-issuer.js';
import { makeRecord } from '../support/incidents.js';
import { testAccess } from '../support/keys.js';

const FEED = 'nsw-rfs-major-incidents';

export interface ClientTestApi {
  base: string;
  /** An enterprise key with every entitlement. */
  token: string;
  close(): Promise<void>;
}

/**
 * The API over loopback HTTP, over a lake of a few NSW incidents, with an enterprise key: what the
 * generated client and the request-rule tests call.
 */
export async function startClientTestApi(
  options: { observe?: RequestObserver } = {},
): Promise<ClientTestApi> {
  const dir = await mkdtemp(join(tmpdir(), 'eids-client-'));
  const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
  await warehouse.commit({
    feedKey: FEED,
    pollId: 'poll-1',
    rawSha256: 'a'.repeat(64),
    incoming: [makeRecord('1'), makeRecord('2'), makeRecord('3')],
    polledAt: new Date(Date.now() - 3_600_000).toISOString(),
    guarded: false,
  });
  await publishNow(warehouse, join(dir, 'serving'));
  const store = await ServingStore.open(join(dir, 'serving'));
  const access = testAccess();
  const { token } = await access.issue('enterprise', { entitlements: ['declarations'] });
  const app = createApp({
    cap: TEST_CAP_ISSUER,
    store,
    feedHealth: { read: () => Promise.resolve([]) },
    catalogue: FEED_CATALOGUE.filter((feed) => feed.key === FEED),
    cursors: new CursorCodec('client-test-cursor-secret'),
    keys: access.store,
    quota: access.store,
    version: API_VERSION,
    startedAt: new Date(),
    now: () => new Date(),
    observe: options.observe,
  });
  const server = await listen(app.fetch, '127.0.0.1', 0);
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      access.close();
      store.close();
      warehouse.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
