import { describe, expect, it } from 'vitest';
import { PostgresSubscriptionStore } from '../../api/subscriptions/postgres-store.js';
import { findFreePort } from '../../runtime/ports.js';
import { Unreachable } from '../../telemetry/reachability.js';
import type { Subscription, SubscriptionStore } from '../../subscriptions/types.js';
import { STORE_KINDS, testSubscriptionStores } from '../support/subscription-stores.js';

const stores = testSubscriptionStores();

function subscription(id: string, keyId: string, createdAt: string): Subscription {
  return {
    id,
    keyId,
    url: `https://hooks.example.org/${id}`,
    types: ['incident.created', 'incident.updated'],
    area: {
      type: 'polygon',
      polygon: {
        type: 'Polygon',
        coordinates: [
          [
            [150, -33],
            [151, -33],
            [151, -34],
            [150, -33],
          ],
        ],
      },
    },
    resolved: {
      kind: 'polygons',
      polygons: [
        [
          [
            [150, -33],
            [151, -33],
            [151, -34],
            [150, -33],
          ],
        ],
      ],
      lgaCodes: [],
    },
    secret: `whsec_${id}`,
    status: 'active',
    disabledReason: null,
    disabledAt: null,
    createdAt,
  };
}

const change = (n: number) => ({ changeId: `c${n}`, type: 'incident.updated', subject: `nsw:${n}` });

/** What every subscription store does the same: the calls the API, the dispatcher and the deliveries make. */
describe.each(STORE_KINDS)('the %s subscription store', (kind) => {
  async function twoProcesses(): Promise<[SubscriptionStore, SubscriptionStore, () => Promise<void>]> {
    const store = await stores.fresh(kind);
    const [a, b] = [await store.open(), await store.open()];
    return [a, b, async () => (await a.close(), await b.close())];
  }

  it('keeps subscriptions whole, per key, newest first; another process sees them and the revision', async () => {
    const [api, worker, close] = await twoProcesses();
    const before = await worker.revision();
    const first = subscription('s1', 'keyA', '2026-11-01T00:00:00.000Z');
    const second = { ...subscription('s2', 'keyA', '2026-11-02T00:00:00.000Z'), types: [] };
    await api.create(first);
    await api.create(second);
    await api.create(subscription('s3', 'keyB', '2026-11-03T00:00:00.000Z'));
    expect(await worker.get('s1')).toEqual(first);
    expect(await worker.get('nope')).toBeUndefined();
    expect((await worker.listFor('keyA')).map((s) => s.id)).toEqual(['s2', 's1']);
    expect(await worker.countFor('keyA')).toBe(2);
    expect(await worker.countFor('keyC')).toBe(0);
    expect((await worker.active()).map((s) => s.id).sort()).toEqual(['s1', 's2', 's3']);
    expect(await worker.revision()).toBe(before + 3);
    await close();
  });

  it('deletes only for the key that made it, with its log; disabling fails what was pending', async () => {
    const [api, worker, close] = await twoProcesses();
    await api.create(subscription('s1', 'keyA', '2026-11-01T00:00:00.000Z'));
    await api.create(subscription('s2', 'keyA', '2026-11-02T00:00:00.000Z'));
    await worker.queued('s1', change(1), '2026-11-05T00:00:00.000Z');
    await worker.queued('s2', change(1), '2026-11-05T00:00:00.000Z');
    expect(await api.delete('s1', 'keyB')).toBe(false);
    const revision = await api.revision();
    expect(await api.delete('s1', 'keyA')).toBe(true);
    expect(await api.revision()).toBe(revision + 1);
    expect(await worker.get('s1')).toBeUndefined();
    expect(await worker.deliveries('s1', 10)).toEqual([]);
    // Counted once here; the other process's change below must show in the next count all the same.
    expect(await api.health()).toMatchObject({ active: 1, disabled: 0 });
    await worker.disable('s2', 'receiver answered 410 Gone', '2026-11-06T00:00:00.000Z');
    expect(await api.get('s2')).toMatchObject({
      status: 'disabled',
      disabledReason: 'receiver answered 410 Gone',
      disabledAt: '2026-11-06T00:00:00.000Z',
    });
    expect(await api.active()).toEqual([]);
    expect((await api.deliveries('s2', 10)).map((d) => d.status)).toEqual(['failed']);
    expect(await api.health()).toEqual({ active: 0, disabled: 1, pending: 0, oldestPendingAt: null });
    await close();
  });

  it('logs each delivery once, with every attempt; counts what is pending and since when', async () => {
    const [api, worker, close] = await twoProcesses();
    await api.create(subscription('s1', 'keyA', '2026-11-01T00:00:00.000Z'));
    await api.queued('s1', change(1), '2026-11-05T00:00:01.000Z');
    await api.queued('s1', change(2), '2026-11-05T00:00:02.000Z');
    await worker.queued('s1', change(1), '2026-11-05T00:09:00.000Z');
    const failed = { at: '2026-11-05T00:00:03.000Z', delivered: false, status: 503, error: 'HTTP 503' };
    await worker.attempted('s1', 'c1', failed);
    await worker.attempted('s1', 'c1', {
      at: '2026-11-05T00:00:09.000Z',
      delivered: true,
      status: 204,
      error: null,
    });
    await worker.attempted('s1', 'c2', { ...failed, status: null, error: 'connection refused' });
    expect(await api.deliveries('s1', 10)).toEqual([
      {
        ...change(2),
        status: 'pending',
        attempts: 1,
        queuedAt: '2026-11-05T00:00:02.000Z',
        lastAttemptAt: '2026-11-05T00:00:03.000Z',
        lastStatus: null,
        lastError: 'connection refused',
        deliveredAt: null,
      },
      {
        ...change(1),
        status: 'delivered',
        attempts: 2,
        queuedAt: '2026-11-05T00:00:01.000Z',
        lastAttemptAt: '2026-11-05T00:00:09.000Z',
        lastStatus: 204,
        lastError: null,
        deliveredAt: '2026-11-05T00:00:09.000Z',
      },
    ]);
    expect((await api.deliveries('s1', 1)).map((d) => d.changeId)).toEqual(['c2']);
    expect(await api.health()).toEqual({
      active: 1,
      disabled: 0,
      pending: 1,
      oldestPendingAt: '2026-11-05T00:00:02.000Z',
    });
    await close();
  });

  it('remembers the last change handed on, for every dispatcher', async () => {
    const [api, other, close] = await twoProcesses();
    expect(await other.dispatchedUpTo()).toBeUndefined();
    await api.setDispatchedUpTo('g12-3');
    await other.setDispatchedUpTo('g13-0');
    expect(await api.dispatchedUpTo()).toBe('g13-0');
    await close();
  });
});

describe('the PostgreSQL subscription store while its server is away', () => {
  it('fails each call as an outage (503 with Retry-After to a client), not as a bug', async () => {
    const port = await findFreePort();
    const store = await PostgresSubscriptionStore.open(`postgres://nobody@127.0.0.1:${port}/none`, {
      timeoutMs: 500,
      startAway: true,
    });
    const away = await store.get('s1').catch((error: unknown) => error);
    expect(away).toBeInstanceOf(Unreachable);
    expect(away).toMatchObject({
      piece: 'the key store',
      reason: 'connection refused',
      retryAfterSeconds: 5,
    });
    await store.close();
  });
});
