import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.js';
import type { DeclarationDeps } from './deps.js';
import { validationHook } from '../validation.js';
import { registerAgrn } from './agrn.js';
import { registerList } from './list.js';
import { registerPoint } from './point.js';
import { registerPostcode } from './postcode.js';
import { registerSources } from './sources.js';

/**
 * The declaration resource (enterprise plan with the declarations entitlement: the access gate's
 * policy row). Lookups answer 503 until geography and records are loaded; /sources says why.
 */
export function declarationRoutes(deps: DeclarationDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  registerSources(app, deps);
  registerPostcode(app, deps);
  registerPoint(app, deps);
  registerAgrn(app, deps);
  registerList(app, deps);
  return app;
}
