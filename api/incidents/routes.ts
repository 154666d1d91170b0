import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.js';
import type { IncidentDeps } from './deps.js';
import { validationHook } from '../validation.js';
import { registerHistory } from './history.js';
import { registerList } from './list.js';
import { registerNearby } from './nearby.js';
import { registerOne } from './one.js';
import { registerSnapshot } from './snapshot.js';

/** The incident resource. The fixed paths are registered before `/incidents/{id}`. */
export function incidentRoutes(deps: IncidentDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  registerList(app, deps);
  registerNearby(app, deps);
  registerSnapshot(app, deps);
  registerHistory(app, deps);
  registerOne(app, deps);
  return app;
}
