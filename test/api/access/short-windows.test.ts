import type { Server } from 'node:http';
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
import { TIER_MONTHLY_QUOTA, TIER_RATE_LIMITS, type Tier } from '../../../config/index.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { STORE_KINDS, testAccessStores } from '../../support/access-stores.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';
import { bearer } from '../../support/keys.js';

const stores = testAccessStores();
const FREE = TIER_RATE_LIMITS.free;

interface Replica {
  url: string;
  access: MemoryAccess;
  close(): Promise<void>;
}

/** An API process over its own connection to the store, on a loopback port, with the given clock. */
async function startReplica(store: AccessStore, dir: string, now: () => Date): Promise<Replica> {
  const access = await startMemoryAccess(store);
  const serving = await ServingStore.open(join(dir, 'lake'));
  const app = createApp({
    cap: TEST_CAP_ISSUER,
    store: serving,
    feedHealth: { read: () => Promise.resolve([]) },
    catalogue: [],
    cursors: new CursorCodec('short-windows-test-secret'),
    keys: access.keys,
    quota: access.quota,
    windows: access.windows,
    version: 'test',
    startedAt: now(),
    now,
  });
  const server: Server = await listen(app.fetch, '127.0.0.1', 0);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    access,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await access.close();
      serving.close();
    },
  };
}

/** The store's short-window leases, counted. */
function countingLeases(store: AccessStore): { store: AccessStore; calls: () => number } {
  let calls = 0;
  const wrapped = Object.create(store) as AccessStore;
  wrapped.leaseWindow = (...args) => {
    calls += 1;
    return store.leaseWindow(...args);
  };
  return { store: wrapped, calls: () => calls };
}

/**
 * Per-second and per-minute limits over real HTTP, with two API processes (replicas) on one store
 * and a clock the test moves: the windows are clock seconds and minutes, counted in the store.
 */
describe.each(STORE_KINDS)('short-window limits shared by two replicas (%s)', (kind) => {
  let dir: string;
  let connections: AccessStore[];
  let a: Replica;
  let b: Replica;
  let leases: () => number;
  let now = new Date('2027-03-10T10:00:00.200Z');
  const clock = () => now;
  const get = (replica: Replica, token: string) =>
    fetch(`${replica.url}/v1/states`, { headers: bearer(token) });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-windows-'));
    const target = await stores.fresh(kind);
    connections = [await target.open(), await target.open()];
    const counted = countingLeases(connections[0]!);
    leases = counted.calls;
    a = await startReplica(counted.store, dir, clock);
    b = await startReplica(connections[1]!, dir, clock);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    for (const connection of connections) await connection.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function newToken(tier: Tier = 'free'): Promise<string> {
    return (await issueKey(connections[0]!, { tier }, now)).token;
  }

  it('a burst over the per-second limit: exactly the limit passes, the rest get 429 with Retry-After', async () => {
    now = new Date('2027-03-10T10:00:00.200Z');
    const token = await newToken();
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(a, token)));
    const passed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(passed).toHaveLength(FREE.perSecond);
    expect(refused).toHaveLength(12 - FREE.perSecond);

    // Each admitted request saw its own place in the second: r=4 … 0 once each.
    const secondLeft = passed
      .map((answer) => /"second";r=(\d+);t=1$/.exec(answer.headers.get('ratelimit') ?? '')?.[1])
      .map(Number)
      .sort();
    expect(secondLeft).toEqual([0, 1, 2, 3, 4]);
    const month = 31 * 86_400;
    const policy = `"monthly";q=${TIER_MONTHLY_QUOTA.free};w=${month}, "minute";q=${FREE.perMinute};w=60, "second";q=${FREE.perSecond};w=1`;
    for (const answer of passed) {
      expect(answer.headers.get('ratelimit-policy')).toBe(policy);
      expect(answer.headers.get('ratelimit')).toMatch(
        /^"monthly";r=\d+;t=\d+, "minute";r=\d+;t=60, "second";r=\d;t=1$/,
      );
      // The legacy fields keep describing the month.
      expect(answer.headers.get('ratelimit-limit')).toBe(String(TIER_MONTHLY_QUOTA.free));
    }
    for (const answer of refused) {
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.headers.get('ratelimit-limit')).toBe(String(FREE.perSecond));
      expect(answer.headers.get('ratelimit-remaining')).toBe('0');
      expect(answer.headers.get('ratelimit-reset')).toBe('1');
      expect(answer.headers.get('ratelimit-policy')).toBe(policy);
      expect(answer.headers.get('ratelimit')).toMatch(/^"minute";r=\d+;t=60, "second";r=0;t=1$/);
      const body = (await answer.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        type: '/v1/problems/rate-limited',
        status: 429,
        tier: 'free',
        limit: FREE.perSecond,
        window: 'second',
      });
      expect(body.detail).toBe('The free plan allows 5 requests a second; retry in 1 second.');
    }

    // The other replica shares the second: it refuses too.
    const elsewhere = await get(b, token);
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.headers.get('retry-after')).toBe('1');

    // After Retry-After, both let the key through again.
    now = new Date(now.getTime() + 1000);
    expect((await get(b, token)).status).toBe(200);
    expect((await get(a, token)).status).toBe(200);
  });

  it('two replicas share the per-minute limit: exactly the limit passes in the minute, then 429 until it ends', async () => {
    const token = await newToken();
    const start = Date.parse('2027-03-10T10:05:00.500Z');
    let passed = 0;
    for (let second = 0; second < 14; second++) {
      now = new Date(start + second * 1000);
      // The second's allowance, spread over both replicas.
      const answers = await Promise.all(
        Array.from({ length: FREE.perSecond }, (_, i) => get(i % 2 ? a : b, token)),
      );
      passed += answers.filter((answer) => answer.status === 200).length;
      // Well before the minute's limit, nothing is refused.
      if (second < 10) expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      for (const answer of answers.filter((answer) => answer.status === 429)) {
        expect(answer.headers.get('retry-after')).toBe(String(60 - second));
        expect(((await answer.json()) as { window: string }).window).toBe('minute');
      }
    }
    // Near the limit a replica may refuse while the other still holds a request or two of the
    // minute, which its next requests use: over the minute, both together pass exactly the limit.
    expect(passed).toBe(FREE.perMinute);
    now = new Date(Date.parse('2027-03-10T10:06:00Z'));
    expect((await get(a, token)).status).toBe(200);
    expect((await get(b, token)).status).toBe(200);
  });

  it('requests one window refuses are not counted in the other: hammering keeps the second’s rate', async () => {
    const token = await newToken();
    const start = Date.parse('2027-03-10T10:20:00.300Z');
    for (let second = 0; second < 6; second++) {
      now = new Date(start + second * 1000);
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => get(i % 2 ? a : b, token)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(FREE.perSecond);
      for (const answer of answers.filter((answer) => answer.status === 429)) {
        expect(((await answer.json()) as { window: string }).window).toBe('second');
      }
    }
  });

  it('the OpenAPI document gives the numbers and the headers of both 429s', async () => {
    const document = (await (await fetch(`${a.url}/v1/openapi.json`)).json()) as {
      paths: Record<string, { get: { responses: Record<string, { description: string; headers: object }> } }>;
    };
    const tooMany = document.paths['/v1/states']!.get.responses['429']!;
    expect(tooMany.description).toMatch(/quota-exceeded/);
    expect(tooMany.description).toMatch(/rate-limited/);
    expect(tooMany.description).toContain(`free ${FREE.perSecond}/s and ${FREE.perMinute}/min`);
    expect(Object.keys(tooMany.headers)).toEqual(
      expect.arrayContaining(['Retry-After', 'RateLimit-Policy', 'RateLimit']),
    );
  });

  it('a busy key asks the store for a lease now and then, not per request', async () => {
    const token = await newToken('pro');
    now = new Date('2027-03-10T11:00:00.000Z');
    for (let i = 0; i < 100; i++) expect((await get(a, token)).status).toBe(200);
    const before = leases();
    // The next second: about as busy as the one before.
    now = new Date('2027-03-10T11:00:01.000Z');
    for (let i = 0; i < 100; i++) expect((await get(a, token)).status).toBe(200);
    // Two windows, 100 requests: a handful of leases each.
    expect(leases() - before).toBeLessThanOrEqual(8);
  });
});

describe('short-window limits on the real clock', () => {
  it('refuses a burst with Retry-After: 1 and lets the key through again after waiting that long', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eids-windows-clock-'));
    const target = await stores.fresh('sqlite');
    const store = await target.open();
    const replica = await startReplica(store, dir, () => new Date());
    try {
      const { token } = await issueKey(store, { tier: 'free' }, new Date());
      // More than two seconds' allowance: refused even if the burst straddles a second.
      const answers = await Promise.all(
        Array.from({ length: 3 * FREE.perSecond }, () =>
          fetch(`${replica.url}/v1/states`, { headers: bearer(token) }),
        ),
      );
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(FREE.perSecond);
      const wait = Number(refused[0]!.headers.get('retry-after'));
      expect(wait).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      expect((await fetch(`${replica.url}/v1/states`, { headers: bearer(token) })).status).toBe(200);
    } finally {
      await replica.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
