import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, StreamDeps } from '../types.js';
import { validationHook } from '../validation.js';
import { registerStream } from './stream.js';

/** The change stream. */
export function streamRoutes(deps: StreamDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  registerStream(app, deps);
  return app;
}
