import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types.js';
import { RATE_LIMIT_HEADER_NAMES } from './rate-limit.js';

const EXPOSED = ['x-request-id', 'etag', 'last-modified', 'retry-after', ...RATE_LIMIT_HEADER_NAMES].join(
  ', ',
);

/**
 * CORS that agrees with the keys' origin allowlists. A preflight carries no Authorization, so it is
 * answered permissively; the allowlist is enforced on the actual request, whose refusal (403
 * origin-not-allowed) gets no Access-Control-Allow-Origin. Every other answer echoes the Origin.
 */
export function keyAwareCors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (c.req.method === 'OPTIONS' && origin && c.req.header('access-control-request-method')) {
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'GET, HEAD, POST, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-None-Match, If-Modified-Since',
        'Access-Control-Max-Age': '600',
        Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
      });
    }
    await next();
    // The answer depends on Origin (echoed, or withheld on a refusal), so caches must key on it.
    c.res.headers.append('Vary', 'Origin');
    if (!origin || c.get('originRejected')) return;
    c.res.headers.set('Access-Control-Allow-Origin', origin);
    c.res.headers.set('Access-Control-Expose-Headers', EXPOSED);
  };
}
