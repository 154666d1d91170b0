import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.js';
import type { SubscriptionDeps } from './deps.js';
import { validationHook } from '../validation.js';
import { registerCreateSubscription } from './create.js';
import { registerDeleteSubscription } from './delete.js';
import { registerReadSubscriptions } from './read.js';

/** Webhook subscriptions and their delivery logs. */
export function subscriptionRoutes(deps: SubscriptionDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  registerCreateSubscription(app, deps);
  registerReadSubscriptions(app, deps);
  registerDeleteSubscription(app, deps);
  return app;
}
