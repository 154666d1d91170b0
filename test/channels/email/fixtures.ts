import { randomUUID } from 'node:crypto';
import type { WebhookDelivery } from '../../../model/index.js';
import type { Subscription } from '../../../subscriptions/types.js';

/** A change as the stream sends it: an incident Feature with the facts a digest line shows. */
export function incidentChange(n: number, title: string, suburb: string, warningLevel = 'watch_and_act') {
  const subject = `nsw-rfs-${n}`;
  const id = `0000000${n}-0001`;
  const document = {
    id,
    type: 'incident.updated',
    timestamp: `2026-11-29T0${n % 10}:15:00Z`,
    subject,
    version: 2,
    data: {
      type: 'Feature',
      id: subject,
      geometry: { type: 'Point', coordinates: [150.3, -33.7] },
      properties: { id: subject, title, warningLevel, location: { suburb, state: 'nsw' } },
    },
  };
  const delivery: WebhookDelivery = {
    id,
    type: 'incident.updated',
    subject,
    body: JSON.stringify(document),
  };
  return delivery;
}

/** An active e-mail subscription to New South Wales. */
export function emailSubscription(address: string): Subscription {
  return {
    id: randomUUID(),
    keyId: 'key-1',
    url: `mailto:${address}`,
    types: [],
    area: { type: 'state', state: 'nsw' },
    resolved: { kind: 'state', state: 'nsw' },
    secret: '',
    status: 'active',
    disabledReason: null,
    disabledAt: null,
    createdAt: new Date().toISOString(),
  };
}
