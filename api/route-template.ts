import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/**
 * The route that answers the request, as registered (`/v1/incidents/:id`): the first route of its
 * method the path matched, in the order routes were registered, as Hono dispatches. Not the last
 * match: `/v1/incidents/snapshot` matches `/v1/incidents/:id` too. Undefined when no route of the
 * method matched (only middleware, which is registered for every method).
 */
export function answeringRoute(c: Context): string | undefined {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  return matchedRoutes(c).find((route) => route.method === method)?.path;
}
