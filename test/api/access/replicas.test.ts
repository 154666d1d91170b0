import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../../api/access/issue.js';
import { KEY_REVOCATION_BOUND_SECONDS } from '../../../api/access/key-cache.js';
import { leaseCap } from '../../../api/access/lease.js';
import { quotaPeriod } from '../../../api/access/rate-limit.js';
import type { AccessStore } from '../../../api/access/types.js';
import { testAccessStores } from '../../support/access-stores.js';
import { bearer } from '../../support/keys.js';
import { startReplica, type ReplicaProcess } from '../../support/replica-processes.js';

const stores = testAccessStores();
/** Large enough that the replicas' leases grow past 1 (a thousandth of the month: 100 and 20). */
const FREE_QUOTA = 100_000;
const STARTER_QUOTA = 20_000;

/**
 * Three API replicas, each a process of its own with its keys in memory and its quota leases, on one
 * PostgreSQL store, called over real HTTP on loopback: the quota holds across them, a revoked key is
 * refused by each within the bound, and a replica killed mid-burst never lets a key past its quota.
 */
describe('API replicas sharing a PostgreSQL store', () => {
  let store: AccessStore;
  let replicas: ReplicaProcess[];

  beforeAll(async () => {
    const target = await stores.fresh('postgres');
    store = await target.open();
    const env = {
      ...target.env,
      MONTHLY_QUOTAS: `free=${FREE_QUOTA},starter=${STARTER_QUOTA}`,
      // Short windows well above these bursts: here the month is what runs out.
      RATE_LIMITS: 'free=100000/1000000,starter=100000/1000000',
    };
    replicas = await Promise.all([startReplica(env), startReplica(env), startReplica(env)]);
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await store.close();
  });

  it('with 200 requests left, 300 concurrent requests over three replicas: exactly 200 pass, 100 get 429', async () => {
    const now = new Date();
    const { key, token } = await issueKey(store, { tier: 'free' }, now);
    const left = 200;
    await store.lease(key.id, quotaPeriod(now), FREE_QUOTA - left, FREE_QUOTA);

    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        fetch(`${replicas[i % 3]!.url}/v1/states`, { headers: bearer(token) }),
      ),
    );
    const passed = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 429);
    expect(passed).toHaveLength(left);
    expect(refused).toHaveLength(100);
    // Every replica answered some of each: the count is shared, not split.
    for (const replica of replicas) {
      expect(passed.some((response) => response.url.startsWith(replica.url))).toBe(true);
    }
    for (const response of refused) {
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(response.headers.get('ratelimit-remaining')).toBe('0');
      expect(response.headers.get('ratelimit-limit')).toBe(String(FREE_QUOTA));
      expect(response.headers.get('ratelimit')).toMatch(/^"monthly";r=0;t=\d+/);
      expect(response.headers.get('ratelimit-policy')).toMatch(new RegExp(`^"monthly";q=${FREE_QUOTA};`));
      expect(await response.json()).toMatchObject({ type: '/v1/problems/quota-exceeded', status: 429 });
    }
    await Promise.all(passed.map((response) => response.arrayBuffer()));
    expect(await store.peek(key.id, quotaPeriod(now))).toBe(FREE_QUOTA);
  });

  it(`refuses a key revoked in the store on every replica within ${KEY_REVOCATION_BOUND_SECONDS} s`, async () => {
    const { key, token } = await issueKey(store, { tier: 'free' }, new Date());
    for (const replica of replicas) {
      expect((await fetch(`${replica.url}/v1/states`, { headers: bearer(token) })).status).toBe(200);
    }
    expect(await store.revoke(key.id, new Date())).toBe(true);
    const revokedAt = performance.now();
    const refusedAfter = await Promise.all(
      replicas.map(async (replica) => {
        for (;;) {
          const response = await fetch(`${replica.url}/v1/states`, { headers: bearer(token) });
          await response.arrayBuffer();
          if (response.status === 401) return performance.now() - revokedAt;
          expect(response.status).toBe(200);
          if (performance.now() - revokedAt > KEY_REVOCATION_BOUND_SECONDS * 1000 + 1000) return Infinity;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }),
    );
    for (const ms of refusedAfter) expect(ms).toBeLessThanOrEqual(KEY_REVOCATION_BOUND_SECONDS * 1000);
  });

  it('a replica killed mid-burst never lets the key past its quota: what it held is counted as used', async () => {
    const now = new Date();
    const { key, token } = await issueKey(store, { tier: 'starter' }, now);
    const left = 2000;
    await store.lease(key.id, quotaPeriod(now), STARTER_QUOTA - left, STARTER_QUOTA);
    const victim = replicas[1]!;
    const alive = () => replicas.filter((replica) => replica !== victim || victim.child.exitCode === null);
    let served = 0;
    let failedOnVictim = 0;
    let killed: Promise<void> | undefined;

    // 24 clients, each calling the replicas in turn until one answers 429 (the others still alive).
    await Promise.all(
      Array.from({ length: 24 }, async (_, client) => {
        for (let i = client; ; i++) {
          const live = killed ? replicas.filter((replica) => replica !== victim) : alive();
          const replica = live[i % live.length]!;
          let status: number;
          try {
            const response = await fetch(`${replica.url}/v1/states`, { headers: bearer(token) });
            await response.arrayBuffer();
            status = response.status;
          } catch {
            if (replica === victim) failedOnVictim++;
            continue;
          }
          if (status === 429) return;
          expect(status).toBe(200);
          served++;
          if (served === 600) killed = victim.kill();
        }
      }),
    );
    await killed;
    expect(victim.child.signalCode).toBe('SIGKILL');
    // The survivors stop gracefully and give back what they hold; the victim's leases stay counted.
    await Promise.all(replicas.filter((replica) => replica !== victim).map((replica) => replica.stop()));
    const counted = (await store.peek(key.id, quotaPeriod(now))) - (STARTER_QUOTA - left);
    expect(served).toBeLessThanOrEqual(left);
    expect(counted).toBeLessThanOrEqual(left);
    // Lost: at most two leases the victim held, and the requests it was answering when it died.
    const lost = counted - served;
    expect(lost).toBeGreaterThanOrEqual(0);
    expect(lost).toBeLessThanOrEqual(2 * leaseCap(STARTER_QUOTA) + failedOnVictim);
    replicas = [];
  });
});
