import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.js';
import type { StreamDeps } from './deps.js';
import { validationHook } from '../validation.js';
import { registerStream } from './stream.js';
import { registerStreamTokens } from './token-route.js';

/** The change stream and its tokens. */
export function streamRoutes(deps: StreamDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  registerStream(app, deps);
  registerStreamTokens(app, deps);
  return app;
}
