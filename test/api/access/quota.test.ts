import { serve, type ServerType } from '@hono/node-server';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseCap, NEAR_LIMIT_LEASES } from '../../../api/access/lease.js';
import { IDLE_RETURN_MS, QuotaLeases, REFUSAL_MEMORY_MS } from '../../../api/access/quota-leases.js';
import { startMemoryAccess } from '../../../api/access/memory-access.js';
import { quotaPeriod } from '../../../api/access/rate-limit.js';
import type { AccessStore } from '../../../api/access/types.js';
import { issueKey } from '../../../api/access/issue.js';
import { createApp } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { childEnvironment, TIER_MONTHLY_QUOTA, type Tier } from '../../../config/index.js';
import { bearer } from '../../support/keys.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';
import { STORE_KINDS, testAccessStores, type StoreUnderTest } from '../../support/access-stores.js';

const LIMIT = 250;
const QUOTAS: Record<Tier, number> = { ...TIER_MONTHLY_QUOTA, free: LIMIT };

/**
 * The API on a real loopback server over an access store, with a clock the test moves, counting
 * as the server does: leases of quota taken from the store and counted down in memory.
 */
interface RunningApi {
  url: string;
  store: AccessStore;
  close(): Promise<void>;
}

const stores = testAccessStores();

describe.each(STORE_KINDS)('monthly quotas over real HTTP, with a controllable clock (%s)', (kind) => {
  let dir: string;
  let target: StoreUnderTest;
  let api: RunningApi;
  let now = new Date('2026-11-30T12:00:00Z');

  /** `cap`: the largest lease; the plans' own (a thousandth of the quota, so 1 here) when absent. */
  async function startApi(cap?: number): Promise<RunningApi> {
    const store = await target.open();
    const access = await startMemoryAccess(store, cap === undefined ? {} : { quota: { cap: () => cap } });
    const serving = await ServingStore.open(join(dir, 'serving'));
    const app = createApp({
      cap: TEST_CAP_ISSUER,
      store: serving,
      feedHealth: { read: () => Promise.resolve([]) },
      catalogue: [],
      cursors: new CursorCodec('quota-test-secret'),
      keys: access.keys,
      quota: access.quota,
      quotas: QUOTAS,
      version: 'test',
      startedAt: now,
      now: () => now,
    });
    const server: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
    });
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      store,
      close: async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        serving.close();
        await access.close();
        await store.close();
      },
    };
  }

  async function newKey(tier: Tier = 'free'): Promise<{ id: string; headers: Record<string, string> }> {
    const { key, token } = await issueKey(api.store, { tier }, now);
    return { id: key.id, headers: bearer(token) };
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-quota-'));
    target = await stores.fresh(kind);
    api = await startApi();
  });
  afterAll(async () => {
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  function integerHeaders(response: Response) {
    const value = (name: string) => {
      const raw = response.headers.get(name);
      expect(raw, name).toMatch(/^\d+$/);
      return Number(raw);
    };
    return {
      limit: value('ratelimit-limit'),
      remaining: value('ratelimit-remaining'),
      reset: value('ratelimit-reset'),
      policy: response.headers.get('ratelimit-policy'),
      current: response.headers.get('ratelimit'),
    };
  }

  async function concurrentAtTheLimit(on: RunningApi): Promise<void> {
    const { key, token } = await issueKey(on.store, { tier: 'free' }, now);
    const headers = bearer(token);
    const left = 37;
    for (let i = 0; i < LIMIT - left; i++) await on.store.consume(key.id, quotaPeriod(now), LIMIT);

    const responses = await Promise.all(
      Array.from({ length: 200 }, () => fetch(`${on.url}/v1/incidents`, { headers })),
    );
    const passed = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 429);
    expect(passed.length).toBe(left);
    expect(refused.length).toBe(200 - left);
    // Each admitted request saw its own place in the count: remaining 36, 35, ... 0, once each.
    const remaining = passed.map((r) => integerHeaders(r).remaining).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: left }, (_, i) => i));

    const reset = Math.ceil((Date.parse('2026-12-01T00:00:00Z') - now.getTime()) / 1000);
    for (const response of refused) {
      const h = integerHeaders(response);
      expect(h).toMatchObject({ limit: LIMIT, remaining: 0, reset });
      expect(response.headers.get('retry-after')).toBe(String(reset));
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      const body = (await response.json()) as { type: string; status: number; detail: string };
      expect(body).toMatchObject({ type: '/v1/problems/quota-exceeded', status: 429 });
      expect(body.detail).toMatch(/250 requests a calendar month/);
    }
    await Promise.all(passed.map((r) => r.arrayBuffer()));
    expect(await on.store.peek(key.id, quotaPeriod(now))).toBe(LIMIT);
  }

  it('with N requests left, 200 concurrent requests let exactly N through; the rest are 429', async () => {
    expect(leaseCap(LIMIT)).toBe(1);
    await concurrentAtTheLimit(api);
  });

  it.each([8, 64])(
    'is exact at the limit with leases of up to %i requests counted down in memory',
    async (cap) => {
      const leased = await startApi(cap);
      try {
        await concurrentAtTheLimit(leased);
      } finally {
        await leased.close();
      }
    },
  );

  it('holds at most two leases beyond what it served, and gives back what is unused when it stops', async () => {
    const cap = 64;
    const leased = await startApi(cap);
    const { key, token } = await issueKey(leased.store, { tier: 'pro' }, now);
    const served = 150;
    try {
      for (let i = 0; i < served; i++) {
        const response = await fetch(`${leased.url}/v1/states`, { headers: bearer(token) });
        expect(response.status).toBe(200);
        expect(integerHeaders(response).remaining).toBe(TIER_MONTHLY_QUOTA.pro - i - 1);
      }
      // Leases taken ahead are counted in the store: a crash now would lose them, and no more.
      const counted = await leased.store.peek(key.id, quotaPeriod(now));
      expect(counted).toBeGreaterThan(served);
      expect(counted - served).toBeLessThanOrEqual(2 * cap);
    } finally {
      await leased.close();
    }
    const store = await target.open();
    expect(await store.peek(key.id, quotaPeriod(now))).toBe(served);
    await store.close();
  });

  it('keeps the count across a restart of the API, and resets it when the month turns', async () => {
    const { headers, id } = await newKey();
    for (let i = 0; i < 3; i++) expect((await fetch(`${api.url}/v1/states`, { headers })).status).toBe(200);

    await api.close();
    api = await startApi();
    expect(await api.store.peek(id, quotaPeriod(now))).toBe(3);
    const after = await fetch(`${api.url}/v1/states`, { headers });
    expect(integerHeaders(after).remaining).toBe(LIMIT - 4);

    // A key whose quota another process used up, before this one held any of it.
    const full = await newKey();
    for (let i = 0; i < LIMIT; i++) await api.store.consume(full.id, quotaPeriod(now), LIMIT);
    now = new Date('2026-11-30T23:59:59.500Z');
    const last = await fetch(`${api.url}/v1/states`, { headers: full.headers });
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toBe('1');

    now = new Date('2026-12-01T00:00:00Z');
    const december = await fetch(`${api.url}/v1/states`, { headers: full.headers });
    expect(december.status).toBe(200);
    expect(integerHeaders(december)).toMatchObject({
      limit: LIMIT,
      remaining: LIMIT - 1,
      reset: 31 * 86_400,
    });
    expect(december.headers.get('ratelimit-policy')).toBe(`"monthly";q=${LIMIT};w=${31 * 86_400}`);
  });

  it('sends integer headers that agree with each other and with the clock across a sequence', async () => {
    now = new Date('2027-02-10T08:00:00Z');
    const { headers } = await newKey();
    let previous: number | undefined;
    let etag: string | null = null;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      now = new Date(now.getTime() + 61_000);
      // Alternate fresh answers, cache hits and 304s: every one is counted and carries the headers.
      const conditional: Record<string, string> = i % 3 === 2 && etag ? { 'if-none-match': etag } : {};
      const response = await fetch(`${api.url}/v1/incidents?limit=10`, {
        headers: { ...headers, ...conditional },
      });
      statuses.push(response.status);
      if (response.status === 200) etag = response.headers.get('etag');
      await response.arrayBuffer();
      const h = integerHeaders(response);
      expect(h.limit).toBe(LIMIT);
      expect(h.remaining).toBe(previous === undefined ? LIMIT - 1 : previous - 1);
      expect(h.reset).toBe(Math.ceil((Date.parse('2027-03-01T00:00:00Z') - now.getTime()) / 1000));
      expect(h.policy).toBe(`"monthly";q=${LIMIT};w=${28 * 86_400}`);
      expect(h.current).toBe(`"monthly";r=${h.remaining};t=${h.reset}`);
      expect(response.headers.get('cache-control')).toMatch(/^private\b/);
      previous = h.remaining;
    }
    expect(previous).toBe(LIMIT - 12);
    expect(statuses).toEqual([200, 200, 304, 200, 200, 304, 200, 200, 304, 200, 200, 304]);
  });

  it('a process that went quiet near the limit gives back what its leases held, for the others', async () => {
    const { id } = await newKey();
    const period = quotaPeriod(now);
    const limit = 2000;
    const cap = 64;
    // The quiet process's own clock: it goes quiet when the test says, however slow the machine is.
    let quietClock = 0;
    const quiet = new QuotaLeases(api.store, { cap: () => cap, clock: () => quietClock });
    const busy = new QuotaLeases(api.store, { cap: () => cap });
    try {
      // Far from the limit, the first process leases ahead, then stops near it holding some.
      let allowed = 0;
      while ((await api.store.peek(id, period)) < limit - NEAR_LIMIT_LEASES * cap) {
        if ((await quiet.consume(id, period, limit)).allowed) allowed++;
      }
      const held = (await api.store.peek(id, period)) - allowed;
      expect(held).toBeGreaterThan(0);
      // The other uses up what the store has left, and is refused while the first holds the rest.
      while ((await busy.consume(id, period, limit)).allowed) allowed++;
      expect(allowed).toBe(limit - held);
      quietClock += IDLE_RETURN_MS;
      await new Promise((resolve) => setTimeout(resolve, IDLE_RETURN_MS + REFUSAL_MEMORY_MS + 200));
      while ((await busy.consume(id, period, limit)).allowed) allowed++;
      expect(allowed).toBe(limit);
    } finally {
      await quiet.close();
      await busy.close();
    }
    expect(await api.store.peek(id, period)).toBe(limit);
  });

  it('counts exactly when several processes share the store (API replicas)', async () => {
    const { id } = await newKey();
    const period = quotaPeriod(now);
    const run = promisify(execFile);
    const worker = join(import.meta.dirname, '..', '..', 'support', 'consume-worker.ts');
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, ['--import', 'tsx', worker, id, period, String(LIMIT), '1000'], {
          env: childEnvironment({}, target.env),
        }),
      ),
    );
    const allowed = outputs.map((o) => Number(o.stdout.trim()));
    expect(allowed.reduce((a, b) => a + b, 0)).toBe(LIMIT);
    expect(await api.store.peek(id, period)).toBe(LIMIT);
  });
});
