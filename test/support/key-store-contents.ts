import { issueKey } from '../../api/access/issue.js';
import type { AccessStore } from '../../api/access/types.js';
import type { Subscription, SubscriptionStore } from '../../subscriptions/types.js';

/** The month the test counts quota in. */
const PERIOD = '2026-11';
const NOW = new Date('2026-11-20T03:00:00Z');

/** What a key store was filled with: the ids to read everything back by. */
export interface KeyStoreContents {
  keyIds: string[];
  subscriptionIds: string[];
}

function subscriptionFor(id: string, keyId: string, n: number): Subscription {
  return {
    id,
    keyId,
    url: `https://hooks.example.org/${id}`,
    types: n % 2 === 0 ? [] : ['incident.created'],
    area: { type: 'point', lat: -33.8 - n / 10, lng: 151.2, radiusKm: 10 + n },
    resolved: { kind: 'circle', latitude: -33.8 - n / 10, longitude: 151.2, radiusKm: 10 + n },
    secret: `whsec_secret${n}`,
    status: 'active',
    disabledReason: null,
    disabledAt: null,
    createdAt: new Date(NOW.getTime() + n * 1000).toISOString(),
  };
}

/**
 * Fills a key store as months of use would: keys of every kind of plan (entitlements, origins, a quota
 * and per-client limits of their own, one revoked), requests counted against them, subscriptions with
 * deliveries made, failed and pending, one disabled, and the dispatchers' position.
 */
export async function fillKeyStore(
  access: AccessStore,
  subscriptions: SubscriptionStore,
): Promise<KeyStoreContents> {
  const requests = [
    { tier: 'free' as const, label: 'a phone app' },
    { tier: 'developer' as const, origins: ['https://map.example.org'] },
    { tier: 'enterprise' as const, label: 'agency', entitlements: ['declarations' as const] },
    { tier: 'business' as const, monthlyQuota: 123_456, perClient: true },
    { tier: 'pro' as const, label: 'revoked' },
  ];
  const keyIds: string[] = [];
  for (const request of requests) keyIds.push((await issueKey(access, request, NOW)).key.id);
  await access.revoke(keyIds[4]!, NOW);
  for (const [n, id] of keyIds.entries()) await access.lease(id, PERIOD, 100 * (n + 1), 1_000_000);
  const subscriptionIds: string[] = [];
  for (const n of [0, 1, 2]) {
    const subscription = subscriptionFor(`sub${n}`, keyIds[n % 2]!, n);
    await subscriptions.create(subscription);
    subscriptionIds.push(subscription.id);
    const change = { changeId: `g${n}-1`, type: 'incident.created', subject: `nsw:${n}` };
    await subscriptions.queued(subscription.id, change, NOW.toISOString());
    await subscriptions.attempted(subscription.id, change.changeId, {
      at: NOW.toISOString(),
      delivered: n === 0,
      status: n === 0 ? 204 : 503,
      error: n === 0 ? null : 'HTTP 503',
    });
  }
  await subscriptions.disable('sub2', 'receiver answered 410 Gone', NOW.toISOString());
  await subscriptions.setDispatchedUpTo('g2-1');
  return { keyIds, subscriptionIds };
}

/** Everything a client, the gate and the dispatcher read from the store, to compare whole. */
export async function readKeyStore(
  access: AccessStore,
  subscriptions: SubscriptionStore,
  contents: KeyStoreContents,
) {
  return {
    keys: await Promise.all(contents.keyIds.map((id) => access.findById(id))),
    listed: await access.list(),
    used: await Promise.all(contents.keyIds.map((id) => access.peek(id, PERIOD))),
    subscriptions: await Promise.all(contents.keyIds.map((id) => subscriptions.listFor(id))),
    deliveries: await Promise.all(contents.subscriptionIds.map((id) => subscriptions.deliveries(id, 100))),
    active: (await subscriptions.active()).map((s) => s.id).sort(),
    health: await subscriptions.health(),
    dispatchedUpTo: await subscriptions.dispatchedUpTo(),
  };
}
