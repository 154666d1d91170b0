import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types.js';

/**
 * One line per request: method, path (no query string), status, time, the key's public id (or `-`)
 * and the request id. Never a header: the Authorization header holds a secret.
 */
export function requestLog(log: (line: string) => void): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    const key = c.get('keyId') ?? '-';
    log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms key=${key} req=${c.get('requestId')}`);
  };
}
