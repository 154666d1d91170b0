import type { MiddlewareHandler } from 'hono';
import { addVary, answerHeaders } from '../answer-headers.js';
import type { AppEnv } from '../env.js';
import { RATE_LIMIT_HEADER_NAMES } from './rate-limit.js';

const EXPOSED = ['x-request-id', 'etag', 'last-modified', 'retry-after', ...RATE_LIMIT_HEADER_NAMES].join(
  ', ',
);

/**
 * CORS that agrees with the keys' origin allowlists. A preflight carries no Authorization, so it is
 * answered permissively; the allowlist is enforced on the actual request, whose refusal (403
 * origin-not-allowed) gets no Access-Control-Allow-Origin. Every other answer echoes the Origin: the
 * headers go in the answer headers on the way in.
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
    // The answer depends on Origin (echoed, or withheld on a refusal), so caches must key on it.
    const headers = answerHeaders(c);
    addVary(headers, 'Origin');
    if (origin) {
      // Left off the answer if the gate refuses the origin (api/answer-headers.ts).
      headers['access-control-allow-origin'] = origin;
      headers['access-control-expose-headers'] = EXPOSED;
    }
    return next();
  };
}
