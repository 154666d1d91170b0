import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.js';
import type { EventDeps } from './deps.js';
import { validationHook } from '../validation.js';
import { registerEventList } from './list.js';
import { registerOneEvent } from './one.js';

/** The clustered-event resource. */
export function eventRoutes(deps: EventDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  registerEventList(app, deps);
  registerOneEvent(app, deps);
  return app;
}
