import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { randomUUID } from 'node:crypto';
import { MAX_SUBSCRIPTIONS } from '../../config/index.js';
import { newWebhookSecret } from '../../subscriptions/secret.js';
import { targetRefusal } from '../../subscriptions/target.js';
import type { Subscription } from '../../subscriptions/types.js';
import { ProblemError, problems } from '../problem.js';
import type { AppEnv } from '../env.js';
import type { SubscriptionDeps } from './deps.js';
import { jsonBody, jsonResponse, problemResponses } from '../validation.js';
import { resolveArea, targetRefused } from './areas.js';
import { subscriptionView } from './service.js';
import { CreatedSubscriptionSchema, CreateSubscriptionBody } from './schemas.js';

const createRouteConfig = createRoute({
  method: 'post',
  path: '/subscriptions',
  summary: 'Subscribe a webhook to changes in an area',
  description:
    "Every change of the given types (the change stream's) in the area is POSTed to the https URL as the stream's JSON document, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature; HMAC-SHA256 with the secret in the answer, shown this once). Deliveries are retried with backoff and kept in order; after 9 failed attempts of one delivery the subscription is disabled and says why. Targets on private, loopback or link-local addresses are refused, and redirects are not followed.",
  request: { body: jsonBody(CreateSubscriptionBody) },
  responses: {
    201: jsonResponse('The subscription, with its secret', CreatedSubscriptionSchema),
    ...problemResponses(400, 409, 503),
  },
});

export function registerCreateSubscription(app: OpenAPIHono<AppEnv>, deps: SubscriptionDeps): void {
  app.openapi(createRouteConfig, async (c) => {
    const service = deps.subscriptions;
    const keyId = c.get('keyId');
    if (!service || keyId === undefined)
      throw problems.unavailable('Webhooks are not available in this process.');
    const body = c.req.valid('json');
    const tier = c.get('tier');
    const limit = MAX_SUBSCRIPTIONS[tier];
    if ((await service.store.countFor(keyId)) >= limit) {
      throw new ProblemError(
        409,
        'subscription-limit',
        'Subscription limit reached',
        `The ${tier} plan may hold ${limit} subscriptions per key; delete one first.`,
        { limit },
      );
    }
    const refusal = await targetRefusal(new URL(body.url), service.policy, service.lookup);
    if (refusal) throw targetRefused(refusal);
    const subscription: Subscription = {
      id: randomUUID(),
      keyId,
      url: body.url,
      types: body.types,
      area: body.area,
      resolved: await resolveArea(body.area, service.geography),
      secret: newWebhookSecret(),
      status: 'active',
      disabledReason: null,
      disabledAt: null,
      createdAt: deps.now().toISOString(),
    };
    await service.store.create(subscription);
    service.changed?.();
    c.header('Cache-Control', 'no-store');
    c.header('Location', `/v1/subscriptions/${subscription.id}`);
    return c.json({ ...subscriptionView(subscription), secret: subscription.secret }, 201);
  });
}
