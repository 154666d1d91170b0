import { request, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../../api/access/issue.js';
import { startMemoryAccess, type MemoryAccess } from '../../../api/access/memory-access.js';
import type { AccessStore } from '../../../api/access/types.js';
import { createApp } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import { listen } from '../../../api/listen.js';
import { ensurePageKey } from '../../../api/pages/page-key.js';
import { TIER_RATE_LIMITS } from '../../../config/index.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { testAccessStores } from '../../support/access-stores.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';
import { bearer } from '../../support/keys.js';

const stores = testAccessStores();
const FREE = TIER_RATE_LIMITS.free;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** GET over real HTTP from a chosen loopback address (Linux routes all of 127/8 to loopback). */
function get(url: string, token: string, from: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      `${url}/v1/states`,
      { localAddress: from, headers: bearer(token, headers) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const burst = (n: number, call: () => Promise<Answer>) => Promise.all(Array.from({ length: n }, call));
const statuses = (answers: Answer[]) => answers.map((answer) => answer.status).sort();

/**
 * Keys with limits of their own: the page key (a monthly quota of its own, short windows per client
 * address) and a key with an operator's monthly quota, over real HTTP with a clock the test moves.
 */
describe('keys with limits of their own', () => {
  let dir: string;
  let store: AccessStore;
  let access: MemoryAccess;
  const servers: Server[] = [];
  let direct: string;
  let proxied: string;
  let now = new Date('2027-05-04T09:00:00.100Z');

  async function serve(clientAddressHeader?: string): Promise<string> {
    const app = createApp({
      cap: TEST_CAP_ISSUER,
      store: await ServingStore.open(join(dir, 'lake')),
      feedHealth: { read: () => Promise.resolve([]) },
      catalogue: [],
      cursors: new CursorCodec('per-client-test-secret'),
      keys: access.keys,
      quota: access.quota,
      windows: access.windows,
      clientAddressHeader,
      version: 'test',
      startedAt: now,
      now: () => now,
    });
    const server = await listen(app.fetch, '127.0.0.1', 0);
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-per-client-'));
    store = await (await stores.fresh('sqlite')).open();
    access = await startMemoryAccess(store);
    direct = await serve();
    proxied = await serve('X-Forwarded-For');
  });
  afterAll(async () => {
    for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
    await access.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('the page key: each client address gets the plan’s second, all share the key’s own month', async () => {
    const page = await ensurePageKey(store, join(dir, 'page-api-key'), [direct], now, 50_000);
    const one = await burst(FREE.perSecond + 2, () => get(direct, page.token, '127.0.0.1'));
    const two = await burst(FREE.perSecond + 2, () => get(direct, page.token, '127.0.0.2'));
    for (const answers of [one, two]) {
      expect(statuses(answers)).toEqual([...Array<number>(FREE.perSecond).fill(200), 429, 429]);
      const refused = answers.find((answer) => answer.status === 429)!;
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.body).toMatchObject({ type: '/v1/problems/rate-limited', window: 'second' });
      expect(refused.body.detail).toBe(
        'The free plan allows 5 requests a second per client address with this key; retry in 1 second.',
      );
    }
    // The month is the key's own, counted for every client together.
    const passed = one.find((answer) => answer.status === 200)!;
    expect(passed.headers['ratelimit-limit']).toBe('50000');
    expect(passed.headers['ratelimit-policy']).toMatch(/^"monthly";q=50000;/);
    const remaining = [...one, ...two]
      .filter((answer) => answer.status === 200)
      .map((answer) => Number(answer.headers['ratelimit-remaining']))
      .sort((x, y) => y - x);
    expect(remaining).toEqual(Array.from({ length: 2 * FREE.perSecond }, (_, i) => 50_000 - 1 - i));
  });

  it('behind a proxy, the last address of the header it sets is the client', async () => {
    now = new Date('2027-05-04T09:00:05.100Z');
    const page = await ensurePageKey(store, join(dir, 'proxied-page-api-key'), [proxied], now, 50_000);
    // A client's own X-Forwarded-For entries come first; the proxy appends the address it saw.
    const as = (client: string) => () =>
      get(proxied, page.token, '127.0.0.1', { 'x-forwarded-for': `10.9.9.9, ${client}` });
    expect(statuses(await burst(FREE.perSecond + 1, as('203.0.113.7')))).toEqual([
      ...Array<number>(FREE.perSecond).fill(200),
      429,
    ]);
    expect(statuses(await burst(FREE.perSecond, as('203.0.113.8')))).toEqual(
      Array<number>(FREE.perSecond).fill(200),
    );
  });

  it('a key for one client shares its second whatever the address', async () => {
    now = new Date('2027-05-04T09:00:10.100Z');
    const { token } = await issueKey(store, { tier: 'free' }, now);
    const one = await burst(FREE.perSecond - 2, () => get(direct, token, '127.0.0.1'));
    const two = await burst(4, () => get(direct, token, '127.0.0.2'));
    expect(statuses([...one, ...two])).toEqual([...Array<number>(FREE.perSecond).fill(200), 429, 429]);
  });

  it('a key with a monthly quota of its own is refused past it, whatever its plan allows', async () => {
    now = new Date('2027-05-04T09:01:00.100Z');
    const { key, token } = await issueKey(store, { tier: 'pro', monthlyQuota: 3 }, now);
    expect(key.monthlyQuota).toBe(3);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(direct, token, '127.0.0.1'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers[2]!.headers['ratelimit-remaining']).toBe('0');
    expect(answers[3]!.body).toMatchObject({ type: '/v1/problems/quota-exceeded', limit: 3 });
    expect(answers[3]!.body.detail).toMatch(/^This key allows 3 requests a calendar month/);
  });
});
