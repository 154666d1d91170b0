import type { RequestIdVariables } from 'hono/request-id';
import type { Entitlement, Tier } from '../config/index.js';

/** The Hono environment of every route: what middleware leaves on the context. */
export interface AppEnv {
  Variables: RequestIdVariables & {
    /**
     * The plan of the request's key. Set by the access gate on every keyed route; only keyed routes
     * read it, and paths without a policy row need a key.
     */
    tier: Tier;
    /** The key's entitlements in force (granted, on a plan that may have them); set with `tier`. */
    entitlements: readonly Entitlement[];
    keyId?: string;
    originRejected?: boolean;
    /** Set by the data caching middleware: a request it already handles passes any second registration. */
    dataCaching?: true;
    /** A stream opened with a stream token: the filters the token was issued for (a query string). */
    streamScope?: string;
  };
}
