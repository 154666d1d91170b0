import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { randomUUID } from 'node:crypto';
import { channelOf } from '../../channels/index.js';
import { mailtoTarget } from '../../channels/email/address.js';
import { MAX_SUBSCRIPTIONS } from '../../config/index.js';
import { newWebhookSecret } from '../../subscriptions/secret.js';
import type { Subscription } from '../../subscriptions/types.js';
import { ProblemError, problems } from '../problem.js';
import type { AppEnv } from '../env.js';
import type { SubscriptionDeps } from './deps.js';
import { jsonBody, jsonResponse, problemResponses } from '../validation.js';
import { resolveArea, targetRefused } from './areas.js';
import { subscriptionView, targetContext, type SubscriptionService } from './service.js';
import { CreatedSubscriptionSchema, NewSubscriptionBody, SubscriptionSchema } from './schemas.js';

const createRouteConfig = createRoute({
  method: 'post',
  path: '/subscriptions',
  summary: 'Subscribe a webhook, or an e-mail address, to changes in an area',
  description:
    "Every change of the given types (the change stream's) in the area is POSTed to the https URL as the stream's JSON document, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature; HMAC-SHA256 with the secret in the answer, shown this once). Deliveries are retried with backoff and kept in order; after 9 failed attempts of one delivery the subscription is disabled and says why. Targets on private, loopback or link-local addresses are refused, and redirects are not followed. With `email` instead of `url`, the changes are sent as a plain-text digest with a link to the map, one message a minute at most (400 where the service sends no e-mail).",
  request: { body: jsonBody(NewSubscriptionBody) },
  responses: {
    201: jsonResponse(
      'The subscription, with its secret when it is a webhook',
      z.union([CreatedSubscriptionSchema, SubscriptionSchema]),
    ),
    ...problemResponses(400, 409, 503),
  },
});

type NewSubscription = z.infer<typeof NewSubscriptionBody>;

/** The target a new subscription names: its webhook URL, or a mailto: URL of its address. */
function targetOf(body: NewSubscription): URL {
  return new URL('email' in body ? mailtoTarget(body.email) : body.url);
}

/** Refuses a key over its plan's limit with 409. */
async function checkLimit(service: SubscriptionService, keyId: string, tier: keyof typeof MAX_SUBSCRIPTIONS) {
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
}

/** Refuses a target its channel will not take (an e-mail address where no mail server is set too): 400. */
async function checkTarget(service: SubscriptionService, target: URL, raw: unknown): Promise<void> {
  if (typeof raw === 'object' && raw !== null && 'url' in raw && 'email' in raw)
    throw problems.invalidParameter('Give a webhook url or an e-mail address, not both.');
  const channel = channelOf(target);
  if (!channel) throw targetRefused(`${target.protocol} is no channel of this service`);
  const refusal = await channel.refusal(target, targetContext(service));
  if (refusal) throw targetRefused(refusal, channel.kind);
}

export function registerCreateSubscription(app: OpenAPIHono<AppEnv>, deps: SubscriptionDeps): void {
  app.openapi(createRouteConfig, async (c) => {
    const service = deps.subscriptions;
    const keyId = c.get('keyId');
    if (!service || keyId === undefined)
      throw problems.unavailable('Webhooks are not available in this process.');
    const body = c.req.valid('json');
    const target = targetOf(body);
    await checkTarget(service, target, await c.req.json().catch(() => undefined));
    await checkLimit(service, keyId, c.get('tier'));
    const subscription: Subscription = {
      id: randomUUID(),
      keyId,
      url: target.href,
      types: body.types,
      area: body.area,
      resolved: await resolveArea(body.area, service.geography),
      secret: 'email' in body ? '' : newWebhookSecret(),
      status: 'active',
      disabledReason: null,
      disabledAt: null,
      createdAt: deps.now().toISOString(),
    };
    await service.store.create(subscription);
    service.changed?.();
    c.header('Cache-Control', 'no-store');
    c.header('Location', `/v1/subscriptions/${subscription.id}`);
    const view = subscriptionView(subscription);
    return c.json('email' in body ? view : { ...view, secret: subscription.secret }, 201);
  });
}
