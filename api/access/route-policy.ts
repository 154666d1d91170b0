import type { Entitlement } from '../../config/index.js';

/**
 * Who may call what: the one table the access gate, the OpenAPI document and the tests read.
 * A row matches its exact path and, with `below`, every path under it. Paths no row matches need a
 * key and are metered, so a route added without a row fails closed.
 */
export interface RoutePolicy {
  path: string;
  below: boolean;
  /** A valid key in `Authorization: Bearer`. Open endpoints ignore any key sent to them. */
  key: boolean;
  /** Counted against the key's monthly quota, with RateLimit headers on the answer. */
  metered: boolean;
  entitlement?: Entitlement;
  /** Why, for the docs and reviewers. */
  reason: string;
}

const open = (path: string, reason: string, below = false): RoutePolicy => ({
  path,
  below,
  key: false,
  metered: false,
  reason,
});
const keyed = (path: string, reason: string, entitlement?: Entitlement): RoutePolicy => ({
  path,
  below: true,
  key: true,
  metered: true,
  reason,
  ...(entitlement ? { entitlement } : {}),
});
/** A key is needed, but requests are not counted: resources a client asks for many at once. */
const keyedUncounted = (path: string, reason: string): RoutePolicy => ({
  path,
  below: true,
  key: true,
  metered: false,
  reason,
});

export const ROUTE_POLICIES: readonly RoutePolicy[] = [
  open('/', 'the front door: links to the docs, the OpenAPI description, status and exports'),
  open('/v1', 'the front door of the version: the same links'),
  open('/status', 'the status page (other clients get the /v1/status document) and its files', true),
  open('/map', 'the live map page and its files; the map reads /v1 with a key of its own', true),
  open('/v1/schema', 'the spec: no authentication'),
  open('/v1/openapi.json', 'the interface description must be readable before one has a key'),
  open('/v1/docs', 'the docs page and its assets', true),
  open('/v1/status', 'load-balancer and uptime checks; reveals only feed health counts'),
  open('/v1/attribution', 'licence compliance: anyone shown the data may read its attribution'),
  open('/readyz', 'readiness probes of load balancers: says only whether a lake generation is loaded'),
  keyed('/v1/incidents', 'the data; list, one, nearby, snapshot, history'),
  keyed('/v1/states', 'per-feed detail (last polls, error counts) is for customers'),
  keyed('/v1/exports', 'bulk exports: the catalogue, lake Parquet files, whole collections, CAP Atom'),
  keyed('/v1/events', 'the spec: 401 for a missing or invalid key'),
  keyed('/v1/gauges', 'the spec: 401 for a missing or invalid key'),
  keyed('/v1/declarations', 'the spec: key and the declarations entitlement', 'declarations'),
  keyed('/v1/stream', 'the change stream: a connection counts when it opens'),
  keyed('/v1/subscriptions', 'webhook subscriptions belong to the key that made them'),
  keyedUncounted(
    '/v1/tiles',
    'map tiles: one view asks for a dozen at once, and each holds a thin slice of what the counted lists hold',
  ),
];

/** Everything without a row: a key is needed, and the request counts. */
export const DEFAULT_POLICY: RoutePolicy = {
  path: '*',
  below: true,
  key: true,
  metered: true,
  reason: 'no row: closed by default',
};

export function policyFor(path: string): RoutePolicy {
  return (
    ROUTE_POLICIES.find(
      (policy) => path === policy.path || (policy.below && path.startsWith(`${policy.path}/`)),
    ) ?? DEFAULT_POLICY
  );
}
