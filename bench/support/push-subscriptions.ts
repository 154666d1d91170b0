import { SqliteSubscriptionStore } from '../../subscriptions/sqlite-store.js';
import type { SubscriptionStore } from '../../subscriptions/types.js';

/** `count` webhook subscriptions (circles around Sydney), every tenth with a delivery pending. */
export async function madeUpSubscriptions(file: string, count: number): Promise<SubscriptionStore> {
  const store = SqliteSubscriptionStore.open(file);
  const at = new Date().toISOString();
  for (let i = 0; i < count; i++) {
    const id = `sub_${i}`;
    await store.create({
      id,
      keyId: `key${i % 500}`,
      url: `https://receiver.example/${i}`,
      types: [],
      area: { type: 'point', lat: -33.87, lng: 151.21, radiusKm: 10 },
      resolved: { kind: 'circle', longitude: 151.21, latitude: -33.87, radiusKm: 10 },
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      status: i % 50 === 0 ? 'disabled' : 'active',
      disabledReason: null,
      disabledAt: null,
      createdAt: at,
    });
    if (i % 10 === 0)
      await store.queued(id, { changeId: `c${i}`, type: 'incident.updated', subject: 'x' }, at);
  }
  return store;
}
