import type { Context } from 'hono';
import { metrics } from '../telemetry/metrics.js';
import type { AppEnv } from './env.js';
import { answeringRoute } from './route-template.js';

/** Told of each request once it is answered, with when it began (performance.now()). */
export type RequestObserver = (c: Context<AppEnv>, started: number) => void;

/** Methods a label may name; anything else (a made-up method) is `other`, so labels stay bounded. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts and times each request by its route template (`/v1/incidents/:id`, never the raw path; a
 * path no route matched is `unmatched`), method and status, in the tally that the scrape renders.
 */
export function requestMetrics(tally = metrics.requests): RequestObserver {
  return (c, started) => {
    const seconds = (performance.now() - started) / 1000;
    const method = METHODS.has(c.req.method) ? c.req.method : 'other';
    // The handler's route, even when a middleware (a cache) answered.
    const path = answeringRoute(c);
    const route = path === undefined || path.includes('*') ? 'unmatched' : path;
    tally.record(method, route, c.res.status, seconds);
  };
}
