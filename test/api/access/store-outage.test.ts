import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../../api/access/issue.js';
import { leaseCap } from '../../../api/access/lease.js';
import { openAccessStore } from '../../../api/access/open-store.js';
import { quotaPeriod } from '../../../api/access/rate-limit.js';
import type { AccessStore } from '../../../api/access/types.js';
import { bearer } from '../../support/keys.js';
import { startTestPostgres, type TestPostgres } from '../../support/postgres.js';
import { startReplica, type ReplicaProcess } from '../../support/replica-processes.js';

/** Each replica lets a key make this many requests past its leases while the store is away. */
const GRACE_REQUESTS = 12;
const GRACE_SECONDS = 6;
const FREE_QUOTA = 100_000;

async function waitFor(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(100);
  }
}

/** Statuses of `count` requests one after another (a client's pace, not a burst). */
async function statuses(url: string, token: string, count: number): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}/v1/states`, { headers: bearer(token) });
    await response.arrayBuffer();
    seen.push(response.status);
  }
  return seen;
}

const count = (list: number[], status: number) => list.filter((s) => s === status).length;

/**
 * The key store (a real PostgreSQL server) stopped under two API replicas, each a process of its own:
 * keys are served from memory, each replica lets a key through unconfirmed up to the grace, then
 * answers 503 with Retry-After (never 500); one line when the store goes, one when it is back with
 * what was let through, which is then counted in the store.
 */
describe('API replicas while the PostgreSQL key store is stopped', () => {
  let postgres: TestPostgres;
  let store: AccessStore;
  let dir: string;
  const lines: string[][] = [[], []];
  let replicas: ReplicaProcess[];

  beforeAll(async () => {
    postgres = await startTestPostgres();
    dir = await mkdtemp(join(tmpdir(), 'eids-store-outage-'));
    const env = {
      DATA_DIR: dir,
      DATABASE_URL: await postgres.newDatabase(),
      MONTHLY_QUOTAS: `free=${FREE_QUOTA}`,
      RATE_LIMITS: 'free=100000/1000000',
      ACCESS_STORE_TIMEOUT_MS: '1000',
      ACCESS_STORE_GRACE_REQUESTS: String(GRACE_REQUESTS),
      ACCESS_STORE_GRACE_SECONDS: String(GRACE_SECONDS),
    };
    store = (
      await openAccessStore({ DATA_DIR: dir, DATABASE_URL: env.DATABASE_URL, ACCESS_DB_FILE: undefined })
    ).store;
    replicas = await Promise.all([startReplica(env, lines[0]), startReplica(env, lines[1])]);
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await store.close();
    // A test that failed mid-outage leaves the server stopped.
    await postgres.cluster.start().catch(() => undefined);
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves known keys within the grace, 503 past it, and counts what it let through once the store is back', async () => {
    const now = new Date();
    const busy = await issueKey(store, { tier: 'free' }, now);
    const revoked = await issueKey(store, { tier: 'free' }, now);
    const late = await issueKey(store, { tier: 'free' }, now);
    await store.revoke(revoked.key.id, now);
    // Every replica has read the keys (they refresh every second) and leased for the busy key.
    await delay(2_500);
    const before = await Promise.all(replicas.map((replica) => statuses(replica.url, busy.token, 3)));
    expect(before.flat()).toEqual(Array(6).fill(200));

    await postgres.cluster.stop();
    const during = await Promise.all(
      replicas.map((replica) =>
        statuses(replica.url, busy.token, GRACE_REQUESTS + 2 * leaseCap(FREE_QUOTA) + 5),
      ),
    );
    for (const seen of during) {
      // Whatever the replica still held of its leases (two at most), then the grace, then 503: never a 500.
      expect(count(seen, 200)).toBeGreaterThanOrEqual(GRACE_REQUESTS);
      expect(count(seen, 200)).toBeLessThanOrEqual(GRACE_REQUESTS + 2 * leaseCap(FREE_QUOTA));
      expect(count(seen, 200) + count(seen, 503)).toBe(seen.length);
      expect(seen.lastIndexOf(200)).toBeLessThan(seen.indexOf(503));
    }
    const refused = await fetch(`${replicas[0]!.url}/v1/states`, { headers: bearer(busy.token) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await refused.json()).toMatchObject({ type: '/v1/problems/unavailable', status: 503 });
    // What the replica already knows still holds: a revoked key is refused, an open route answers.
    expect((await fetch(`${replicas[0]!.url}/v1/states`, { headers: bearer(revoked.token) })).status).toBe(
      401,
    );
    expect((await fetch(`${replicas[0]!.url}/v1/openapi.json`)).status).toBe(200);
    // Past the grace's time even a key with nothing let through yet is 503.
    await delay(GRACE_SECONDS * 1000 + 500);
    expect(await statuses(replicas[1]!.url, late.token, 1)).toEqual([503]);

    const admitted = during.map((seen) => count(seen, 200));
    await postgres.cluster.start();
    // The first request after the store is back is answered, and the replica counts what it let through.
    await waitFor('the store to answer a replica again', () =>
      lines.every((out) => out.some((line) => line.includes('the key store answers again'))),
    );
    expect(await statuses(replicas[0]!.url, busy.token, 1)).toEqual([200]);

    for (const [i, out] of lines.entries()) {
      const outage = out.filter((line) => line.includes('the key store'));
      expect(outage, out.join('\n')).toHaveLength(2);
      expect(outage[0]).toMatch(/^\[replica\] WARN the key store does not answer \(/);
      // The busy key's grace, whole; the late key got none (it came past the grace's time).
      expect(outage[1]).toMatch(
        new RegExp(
          `answers again after \\d+ s: ${GRACE_REQUESTS} requests of 1 key were let through unconfirmed`,
        ),
      );
      expect(admitted[i]).toBeGreaterThanOrEqual(GRACE_REQUESTS);
      // One line out, one line back: no stack traces, no line per request.
      expect(out.filter((line) => /^\s+at /.test(line))).toEqual([]);
      expect(out.length, out.join('\n')).toBeLessThanOrEqual(3);
    }
    // Every request that was answered is counted once the replicas give back what they hold.
    await Promise.all(replicas.map((replica) => replica.stop()));
    const answered = 6 + admitted[0]! + admitted[1]! + 1;
    expect(await store.peek(busy.key.id, quotaPeriod(now))).toBe(answered);
  });
});
