import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.js';
import type { SubscriptionDeps } from './deps.js';
import { problemResponses } from '../validation.js';
import { ownSubscription, serviceOf } from './read.js';
import { SubscriptionParams } from './schemas.js';

const deleteRoute = createRoute({
  method: 'delete',
  path: '/subscriptions/{id}',
  summary: 'Delete a webhook subscription',
  description: 'No delivery is attempted after this answer; its delivery log goes with it.',
  request: { params: SubscriptionParams },
  responses: { 204: { description: 'Deleted' }, ...problemResponses(400, 404, 503) },
});

export function registerDeleteSubscription(app: OpenAPIHono<AppEnv>, deps: SubscriptionDeps): void {
  app.openapi(deleteRoute, async (c) => {
    const { service, keyId } = serviceOf(c, deps);
    const { id } = c.req.valid('param');
    await ownSubscription(service, keyId, id);
    await service.store.delete(id, keyId);
    service.changed?.();
    await service.deleted?.(id);
    return c.body(null, 204);
  });
}
