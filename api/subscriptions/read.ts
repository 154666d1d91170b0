import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Subscription } from '../../subscriptions/types.js';
import { problems } from '../problem.js';
import type { AppEnv } from '../env.js';
import type { SubscriptionDeps } from './deps.js';
import { jsonResponse, problemResponses } from '../validation.js';
import { subscriptionView, type SubscriptionService } from './service.js';
import {
  DeliveriesQuery,
  DeliveryListSchema,
  SubscriptionListSchema,
  SubscriptionParams,
  SubscriptionSchema,
} from './schemas.js';

const listRoute = createRoute({
  method: 'get',
  path: '/subscriptions',
  summary: "The key's webhook subscriptions",
  responses: { 200: jsonResponse('Newest first', SubscriptionListSchema), ...problemResponses(503) },
});

const oneRoute = createRoute({
  method: 'get',
  path: '/subscriptions/{id}',
  summary: 'One webhook subscription, with why it was disabled',
  request: { params: SubscriptionParams },
  responses: {
    200: jsonResponse('The subscription', SubscriptionSchema),
    ...problemResponses(400, 404, 503),
  },
});

const deliveriesRoute = createRoute({
  method: 'get',
  path: '/subscriptions/{id}/deliveries',
  summary: "A subscription's delivery log",
  description:
    'Each change handed to the subscription, newest first: pending (being delivered or retried), delivered, or failed (the subscription was disabled), with its attempts and the last answer.',
  request: { params: SubscriptionParams, query: DeliveriesQuery },
  responses: { 200: jsonResponse('The deliveries', DeliveryListSchema), ...problemResponses(400, 404, 503) },
});

export function serviceOf(
  c: Context<AppEnv>,
  deps: SubscriptionDeps,
): { service: SubscriptionService; keyId: string } {
  const keyId = c.get('keyId');
  if (!deps.subscriptions || keyId === undefined)
    throw problems.unavailable('Webhooks are not available in this process.');
  return { service: deps.subscriptions, keyId };
}

/** The key's own subscription of that id; another key's is as absent as one that never was. */
export async function ownSubscription(
  service: SubscriptionService,
  keyId: string,
  id: string,
): Promise<Subscription> {
  const subscription = await service.store.get(id);
  if (!subscription || subscription.keyId !== keyId)
    throw problems.notFound(`No subscription has the id ${id}.`);
  return subscription;
}

export function registerReadSubscriptions(app: OpenAPIHono<AppEnv>, deps: SubscriptionDeps): void {
  app.openapi(listRoute, async (c) => {
    const { service, keyId } = serviceOf(c, deps);
    const subscriptions = await service.store.listFor(keyId);
    c.header('Cache-Control', 'no-store');
    return c.json({ subscriptions: subscriptions.map(subscriptionView) }, 200);
  });
  app.openapi(oneRoute, async (c) => {
    const { service, keyId } = serviceOf(c, deps);
    const subscription = await ownSubscription(service, keyId, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json(subscriptionView(subscription), 200);
  });
  app.openapi(deliveriesRoute, async (c) => {
    const { service, keyId } = serviceOf(c, deps);
    const subscription = await ownSubscription(service, keyId, c.req.valid('param').id);
    const deliveries = await service.store.deliveries(subscription.id, c.req.valid('query').limit);
    c.header('Cache-Control', 'no-store');
    return c.json({ deliveries }, 200);
  });
}
