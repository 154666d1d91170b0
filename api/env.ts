import type { Entitlement, Tier } from '../config/index.js';

/** The Hono environment of every route: what middleware leaves on the context. */
export interface AppEnv {
  Variables: {
    /** This request's id (api/request-id.ts): in X-Request-Id and the request log. */
    requestId: string;
    /**
     * The plan of the request's key. Set by the access gate on every keyed route; only keyed routes
     * read it, and paths without a policy row need a key.
     */
    tier: Tier;
    /** The key's entitlements in force (granted, on a plan that may have them); set with `tier`. */
    entitlements: readonly Entitlement[];
    keyId?: string;
    /** The key's monthly quota (its own, or its plan's); set by the gate on metered routes. */
    monthlyLimit?: number;
    /** The key's own monthly quota is in force, not its plan's. */
    ownQuota?: boolean;
    originRejected?: boolean;
    /** Set by the data caching middleware: a request it already handles passes any second registration. */
    dataCaching?: true;
    /** A stream opened with a stream token: the filters the token was issued for (a query string). */
    streamScope?: string;
    /** The answer headers middleware adds on the way in (api/answer-headers.ts). */
    answerHeaders?: Record<string, string>;
    /** The answer was prepared with its answer headers: nothing is added on the way out. */
    answerPrepared?: true;
  };
}
