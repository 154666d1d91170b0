import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../../api/access/issue.js';
import { KEY_REVOCATION_BOUND_SECONDS } from '../../../api/access/key-cache.js';
import { startMemoryAccess, type MemoryAccess } from '../../../api/access/memory-access.js';
import { SqliteAccessStore } from '../../../api/access/sqlite-store.js';
import type { AccessStore } from '../../../api/access/types.js';
import { createApp } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import { listen } from '../../../api/listen.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';
import { bearer } from '../../support/keys.js';
import { STORE_KINDS, testAccessStores } from '../../support/access-stores.js';

/** The store, with a count of the calls the API makes to it. */
function counted(store: AccessStore) {
  const calls = { findById: 0, keyChanges: 0, lease: 0, consume: 0 };
  const wrapped = Object.create(store) as AccessStore;
  for (const name of Object.keys(calls) as (keyof typeof calls)[]) {
    const real = store[name].bind(store) as (...args: never[]) => unknown;
    Object.assign(wrapped, {
      [name]: (...args: never[]) => {
        calls[name] += 1;
        return real(...args);
      },
    });
  }
  return { store: wrapped, calls };
}

const stores = testAccessStores();

/**
 * Keys and quota as the server checks them, over real HTTP on loopback: from memory, with the store
 * changed by another connection to it (as the key CLI does from its own process).
 */
describe.each(STORE_KINDS)('keys in memory, refreshed from the %s store', (kind) => {
  let dir: string;
  let server: Server;
  let base: string;
  let serving: ServingStore;
  let store: AccessStore;
  let access: MemoryAccess;
  let calls: ReturnType<typeof counted>['calls'];
  /** Another connection to the same store: the key CLI. */
  let cli: AccessStore;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-keys-memory-'));
    const target = await stores.fresh(kind);
    cli = await target.open();
    store = await target.open();
    const watched = counted(store);
    calls = watched.calls;
    access = await startMemoryAccess(watched.store);
    serving = await ServingStore.open(join(dir, 'lake'));
    const app = createApp({
      cap: TEST_CAP_ISSUER,
      store: serving,
      feedHealth: { read: () => Promise.resolve([]) },
      catalogue: [],
      cursors: new CursorCodec('keys-memory-test-secret'),
      keys: access.keys,
      quota: access.quota,
      version: 'test',
      startedAt: new Date(),
      now: () => new Date(),
    });
    server = await listen(app.fetch, '127.0.0.1', 0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await access.close();
    await store.close();
    await cli.close();
    serving.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (token: string) => fetch(`${base}/v1/states`, { headers: bearer(token) });

  it('a key created after the start works at once; a busy key costs no store call per request', async () => {
    const { token } = await issueKey(cli, { tier: 'pro' }, new Date());
    expect((await get(token)).status).toBe(200);
    const before = { ...calls };
    const answers = await Promise.all(Array.from({ length: 300 }, () => get(token)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    // Keys from memory: no look-up. Quota from leases: a handful of store calls for 300 requests.
    expect(calls.findById - before.findById).toBe(0);
    expect(calls.consume - before.consume).toBe(0);
    expect(calls.lease - before.lease).toBeGreaterThan(0);
    expect(calls.lease - before.lease).toBeLessThan(20);
  });

  it(`refuses a key revoked in the store within ${KEY_REVOCATION_BOUND_SECONDS} s, without a look-up per request`, async () => {
    const { key, token } = await issueKey(cli, { tier: 'free' }, new Date());
    // Known to the copy in memory through a refresh, before any request.
    await access.keys.refresh();
    const before = calls.findById;
    expect((await get(token)).status).toBe(200);
    expect(await cli.revoke(key.id, new Date())).toBe(true);
    const revokedAt = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - revokedAt < KEY_REVOCATION_BOUND_SECONDS * 1000 + 500) {
      const answer = await get(token);
      status = answer.status;
      if (status === 401) {
        expect(answer.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const tookMs = performance.now() - revokedAt;
    expect(status).toBe(401);
    expect(tookMs).toBeLessThanOrEqual(KEY_REVOCATION_BOUND_SECONDS * 1000);
    expect(calls.findById).toBe(before);
  });

  it('an unknown key id is asked of the store once, then refused from memory', async () => {
    // A well-formed key from another store: its id is unknown here.
    const elsewhere = SqliteAccessStore.open(':memory:');
    const { token } = await issueKey(elsewhere, { tier: 'free' }, new Date());
    elsewhere.close();
    const before = calls.findById;
    for (let i = 0; i < 5; i++) expect((await get(token)).status).toBe(401);
    expect(calls.findById - before).toBe(1);
  });
});
