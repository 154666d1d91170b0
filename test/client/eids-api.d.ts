/**
 * The API's types, generated from its OpenAPI document by openapi-typescript: do not edit.
 * Refresh with `npm run client:types`; test/client/generated-client.test.ts checks they are current.
 */

export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Links to the documentation, the OpenAPI description, status and exports (no authentication) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Links */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FrontDoor"];
                    };
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Links to the documentation, the OpenAPI description, status and exports (no authentication) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Links */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FrontDoor"];
                    };
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: 200 once a lake generation is loaded, 503 before (no authentication)
         * @description For load balancers and orchestrators: a replica that has not loaded a generation yet (a cold start fetching its first files from the bucket) answers 503, so no request is sent to it before it can answer. A replica that lost the bucket keeps serving its last generation and stays ready; /v1/status says so.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ready */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ready"];
                    };
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current incidents
         * @description A GeoJSON FeatureCollection of current incidents (point incidents unless featureType is given), paged by an opaque cursor. format=json serves the same document as application/json; format=csv serves the spec columns, with the next page in a Link header. format=cap-atom serves an Atom 1.0 feed whose entries each inline the CAP-AU alert of one incident; incidents retracted within the last 7 days appear as Cancel messages, and the next page is an Atom link rel="next". format=cap-au (deprecated) serves the same alerts in an EDXL-DE 1.0 distribution, with Deprecation and Link rel="successor-version" headers pointing at cap-atom.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated values of: nsw, vic, qld, sa, wa, tas, nt, act */
                    state?: string;
                    /** @description Comma-separated values of: bushfire, burn_off, fire_ban, structure_fire, vehicle_fire, grass_fire, hazmat, rescue, flood, storm, tree_down, cyclone, earthquake, extreme_heat, vehicle_accident, medical, alarm, other */
                    eventType?: string;
                    /** @description Comma-separated values of: fire, weather, rescue, hazmat, medical, alarm, planned, earth, hazard, other */
                    category?: string;
                    /** @description Comma-separated values of: incident, incident_area, warning_area, fire_ban_area */
                    featureType?: string;
                    /** @description Comma-separated values of: Extreme, Severe, Moderate, Minor, Unknown */
                    severity?: string;
                    /** @description Comma-separated values of: Immediate, Expected, Future, Past, Unknown */
                    urgency?: string;
                    /** @description Comma-separated values of: Observed, Likely, Possible, Unlikely, Unknown */
                    certainty?: string;
                    /** @description Comma-separated values of: advice, watch_and_act, emergency_warning, none */
                    warningLevel?: string;
                    /** @description Comma-separated values of: active, contained, controlled, safe, completed */
                    status?: string;
                    /** @description Comma-separated agency codes (e.g. rfs) */
                    agency?: string;
                    /** @description minLon,minLat,maxLon,maxLat in degrees: longitudes from -180 to 180, latitudes from -90 to 90, each min at most its max (checked by the server; a pattern cannot say it). */
                    bbox?: string;
                    /** @description Page size, 1–500 (default 100); above 500 is an error, not clamped. */
                    limit?: number;
                    /** @description Opaque token from meta.next_cursor: the next page of the same query. */
                    cursor?: string;
                    /** @description Alias of cursor; wins if both are given. */
                    after?: string;
                    format?: "geojson" | "json" | "csv" | "cap-au" | "cap-atom";
                    /** @description Include incidents upstream no longer publishes. */
                    include_retracted?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of incidents */
                200: {
                    headers: {
                        /** @description format=cap-au only (RFC 9745) */
                        Deprecation?: string;
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/geo+json": components["schemas"]["IncidentCollection"];
                        "application/json": components["schemas"]["IncidentCollection"];
                        "text/csv": string;
                        "application/atom+xml": string;
                        "application/xml": string;
                    };
                };
                /** @description Not Modified: If-None-Match names what the answer still holds (the ETag leaves out generatedAt and fetched), or If-Modified-Since is not older than the serving generation. */
                304: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/incidents/nearby": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Incidents within a radius of a point, nearest first
         * @description Point incidents within `radius` km (great-circle distance) of lat/lng, sorted by distance; each feature carries properties.distanceKm. Up to `limit` are returned; meta.total_count counts all within the radius.
         */
        get: {
            parameters: {
                query: {
                    /** @description Latitude of the centre, degrees */
                    lat: number;
                    /** @description Longitude of the centre, degrees */
                    lng: number;
                    /** @description Radius in kilometres, at most 500 */
                    radius: number;
                    /** @description Page size, 1–500 (default 100); above 500 is an error, not clamped. */
                    limit?: number;
                    /** @description Comma-separated values of: nsw, vic, qld, sa, wa, tas, nt, act */
                    state?: string;
                    /** @description Comma-separated values of: bushfire, burn_off, fire_ban, structure_fire, vehicle_fire, grass_fire, hazmat, rescue, flood, storm, tree_down, cyclone, earthquake, extreme_heat, vehicle_accident, medical, alarm, other */
                    eventType?: string;
                    /** @description Comma-separated values of: fire, weather, rescue, hazmat, medical, alarm, planned, earth, hazard, other */
                    eventCategory?: string;
                    /** @description Comma-separated values of: Extreme, Severe, Moderate, Minor, Unknown */
                    severity?: string;
                    /** @description Comma-separated values of: Immediate, Expected, Future, Past, Unknown */
                    urgency?: string;
                    /** @description Comma-separated values of: Observed, Likely, Possible, Unlikely, Unknown */
                    certainty?: string;
                    /** @description Comma-separated values of: advice, watch_and_act, emergency_warning, none */
                    warningLevel?: string;
                    /** @description Comma-separated values of: active, contained, controlled, safe, completed */
                    status?: string;
                    /** @description Comma-separated agency codes (e.g. rfs) */
                    agency?: string;
                    /** @description Include incidents upstream no longer publishes. */
                    include_retracted?: "0" | "1" | "true" | "false";
                    format?: "geojson" | "json" | "csv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Nearby incidents */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/geo+json": components["schemas"]["IncidentCollection"];
                        "application/json": components["schemas"]["IncidentCollection"];
                        "text/csv": string;
                    };
                };
                /** @description Not Modified: If-None-Match names what the answer still holds (the ETag leaves out generatedAt and fetched), or If-Modified-Since is not older than the serving generation. */
                304: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/incidents/snapshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Incidents active at an instant
         * @description Point incidents active at `datetime`. Instants from 2026-04-08 on are rebuilt from the version rows (meta.source live); earlier ones read the historical archive (meta.source archive) and need a state filter and a plan whose lookback reaches them.
         */
        get: {
            parameters: {
                query: {
                    datetime: string;
                    /** @description Comma-separated values of: nsw, vic, qld, sa, wa, tas, nt, act */
                    state?: string;
                    /** @description Comma-separated values of: bushfire, burn_off, fire_ban, structure_fire, vehicle_fire, grass_fire, hazmat, rescue, flood, storm, tree_down, cyclone, earthquake, extreme_heat, vehicle_accident, medical, alarm, other */
                    event_type?: string;
                    /** @description Page size, 1–500 (default 500); above 500 is an error, not clamped. */
                    limit?: number;
                    /** @description Opaque token from meta.next_cursor: the next page of the same query. */
                    cursor?: string;
                    /** @description Alias of cursor; wins if both are given. */
                    after?: string;
                    format?: "geojson" | "json" | "csv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Incidents active at the instant */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/geo+json": components["schemas"]["IncidentCollection"];
                        "application/json": components["schemas"]["IncidentCollection"];
                        "text/csv": string;
                    };
                };
                /** @description Not Modified: If-None-Match names what the answer still holds (the ETag leaves out generatedAt and fetched), or If-Modified-Since is not older than the serving generation. */
                304: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the plan does not reach the request; the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/incidents/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Incidents of a past window (paid plans)
         * @description Every point incident that was published at some time in [after, before), in its latest state within the window, retracted ones included; a window reaching before 2026-04-08 includes the historical archive's incidents active in it (meta.source archive when the whole window lies before). `after` defaults to the start of the plan lookback; paging is by `cursor` (here `after` is the window start, not a cursor alias).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated values of: nsw, vic, qld, sa, wa, tas, nt, act */
                    state?: string;
                    /** @description Comma-separated values of: bushfire, burn_off, fire_ban, structure_fire, vehicle_fire, grass_fire, hazmat, rescue, flood, storm, tree_down, cyclone, earthquake, extreme_heat, vehicle_accident, medical, alarm, other */
                    eventType?: string;
                    /** @description Inclusive start of the window (tier-limited). Paging uses `cursor`. */
                    after?: string;
                    /** @description Exclusive end of the window, default now; later than `after` (a 400 names both otherwise). */
                    before?: string;
                    /** @description Page size, 1–500 (default 100); above 500 is an error, not clamped. */
                    limit?: number;
                    /** @description Opaque token from meta.next_cursor: the next page of the same query. */
                    cursor?: string;
                    format?: "geojson" | "json" | "csv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Incidents of the window */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/geo+json": components["schemas"]["IncidentCollection"];
                        "application/json": components["schemas"]["IncidentCollection"];
                        "text/csv": string;
                    };
                };
                /** @description Not Modified: If-None-Match names what the answer still holds (the ETag leaves out generatedAt and fetched), or If-Modified-Since is not older than the serving generation. */
                304: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the plan does not reach the request; the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/incidents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One incident
         * @description The incident as a GeoJSON Feature, retracted ones included (see properties.retraction). format=cap-au serves the CAP-AU alert of its latest version (application/cap+xml): an Alert for the first version, an Update for later ones and a Cancel once retracted, each referencing the earlier messages of the incident.
         */
        get: {
            parameters: {
                query?: {
                    format?: "geojson" | "cap-au";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The incident */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/geo+json": components["schemas"]["Incident"];
                        "application/cap+xml": string;
                    };
                };
                /** @description Not Modified: If-None-Match names what the answer still holds (the ETag leaves out generatedAt and fetched), or If-Modified-Since is not older than the serving generation. */
                304: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/states": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of every upstream feed, from its poller */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Feed health */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            states: components["schemas"]["FeedHealth"][];
                            /** @description When the pollers’ health was last read from Temporal (every 2 s, in the background); null before the first read. An older time means Temporal cannot be read now and the last known health is shown. */
                            healthObservedAt: string | null;
                        };
                    };
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every enumerated value and the category mapping (no authentication) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Enumerations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Schema"];
                    };
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API health: feed statuses with staleness, version and uptime
         * @description Answers at once from the health last read (never waits for Temporal); healthObservedAt says how old it is.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Status */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Status"];
                    };
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/attribution": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Data sources, their licences and the attribution each agency asks for */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Attribution */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Attribution"];
                    };
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Clustered events
         * @description Groups of related incidents formed by density-based spatial clustering (docs/adr/0011-event-clustering.md), as a GeoJSON FeatureCollection, most recently updated first. Active events only unless include_inactive=true. Paged by an opaque cursor (meta.nextCursor).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Page size, 1–200 (default 50); above 200 is an error, not clamped. */
                    limit?: number;
                    /** @description Events affecting any of these states (array overlap). Comma-separated values of: nsw, vic, qld, sa, wa, tas, nt, act */
                    state?: string;
                    /** @description Events holding an incident of any of these types. Comma-separated values of: bushfire, burn_off, fire_ban, structure_fire, vehicle_fire, grass_fire, hazmat, rescue, flood, storm, tree_down, cyclone, earthquake, extreme_heat, vehicle_accident, medical, alarm, other */
                    eventType?: string;
                    /** @description Events whose maximum severity is one of these. Comma-separated values of: Extreme, Severe, Moderate, Minor, Unknown */
                    severity?: string;
                    /** @description Events whose maximum warning level is one of these. Comma-separated values of: advice, watch_and_act, emergency_warning, none */
                    warningLevel?: string;
                    /** @description Also list events that have ended (kept for 7 days after they end). Default false: active events only. */
                    include_inactive?: "0" | "1" | "true" | "false";
                    /** @description Opaque token from meta.nextCursor: the next page of the same query. */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of events */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/geo+json": components["schemas"]["EventCollection"];
                    };
                };
                /** @description Not Modified: If-None-Match names what the answer still holds (the ETag leaves out generatedAt and fetched), or If-Modified-Since is not older than the serving generation. */
                304: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One clustered event
         * @description The event as a GeoJSON Feature, ended ones included (properties.isActive false) for 7 days after they end. include_incidents=true embeds its incidents in properties.incidents. An id that is not a UUID names no event: 404.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Embed the incidents that make up the event in properties.incidents. Default false. */
                    include_incidents?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path: {
                    /** @description The event id (a UUID). Anything else is an unknown event: 404. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The event */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/geo+json": components["schemas"]["Event"];
                    };
                };
                /** @description Not Modified: If-None-Match names what the answer still holds (the ETag leaves out generatedAt and fetched), or If-Modified-Since is not older than the serving generation. */
                304: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bulk exports the key may download, with their sizes and checksums
         * @description Every file of the lake's current generation (Parquet, as the manifest lists it: table, partition, rows, bytes, sha256 and the range of the table's time column), the current incidents as whole GeoJSON, CSV and Arrow IPC stream files, and the CAP Atom feed: of these, only what the key may download. Each table's files follow the rules of the endpoint serving its rows (`incidents_live`: as `/v1/incidents`, any key; `events`: as `/v1/events`, any key; `gauges_latest`: as `/v1/gauges`, any key; `incident_versions`: as `/v1/incidents/history`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `archive`: as `/v1/incidents/history`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `gauge_readings`: as `/v1/gauges/{id}/readings`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `gauge_rollups`: as `/v1/gauges/{id}/readings`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `declarations`: as `/v1/declarations`, the declarations entitlement (403 entitlement-required); `declaration_sources`: as `/v1/declarations/sources`, the declarations entitlement (403 entitlement-required)); a file the plan's lookback does not reach is not listed. `tables` says what each table needs and how many of its files were withheld. Each `href` downloads with its sha256 as ETag, 304 to If-None-Match and 206 to Range. The catalogue's own ETag names its content (the list differs by key and moves with the lookback), so If-None-Match answers 304 only while the list is the same.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The catalogue */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExportCatalogue"];
                    };
                };
                /** @description Not Modified: If-None-Match names this key's current list. */
                304: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/exports/lake/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Parquet file of the lake, as the catalogue lists it
         * @description `path` is the file's path in the lake (it contains `/`, e.g. `archive/state=nsw/source=aidr/part-1840-1969-….parquet`): the catalogue's `href`s. Files are immutable. The files the current manifest names are served, and for 5 minutes after a newer generation replaced them, the files an earlier one named, so that a download from a catalogue just read (or its resumption with `Range`) does not fail. A file is served to the keys the endpoint serving its table's rows would serve them to, and refused with that endpoint's 403 otherwise: `incidents_live`: as `/v1/incidents`, any key; `events`: as `/v1/events`, any key; `gauges_latest`: as `/v1/gauges`, any key; `incident_versions`: as `/v1/incidents/history`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `archive`: as `/v1/incidents/history`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `gauge_readings`: as `/v1/gauges/{id}/readings`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `gauge_rollups`: as `/v1/gauges/{id}/readings`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `declarations`: as `/v1/declarations`, the declarations entitlement (403 entitlement-required); `declaration_sources`: as `/v1/declarations/sources`, the declarations entitlement (403 entitlement-required).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    path: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/vnd.apache.parquet": string;
                    };
                };
                /** @description The byte range asked for (`Range: bytes=…`), with Content-Range */
                206: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/vnd.apache.parquet": string;
                    };
                };
                /** @description Not Modified: If-None-Match names the file checksum (the ETag). */
                304: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the key may not have the file, as the endpoint serving its table's rows would refuse it (`incidents_live`: as `/v1/incidents`, any key; `events`: as `/v1/events`, any key; `gauges_latest`: as `/v1/gauges`, any key; `incident_versions`: as `/v1/incidents/history`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `archive`: as `/v1/incidents/history`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `gauge_readings`: as `/v1/gauges/{id}/readings`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `gauge_rollups`: as `/v1/gauges/{id}/readings`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `declarations`: as `/v1/declarations`, the declarations entitlement (403 entitlement-required); `declaration_sources`: as `/v1/declarations/sources`, the declarations entitlement (403 entitlement-required)); the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Error */
                416: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/exports/incidents/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every current incident as one file
         * @description Every current incident and area feature (retracted ones left out) of the serving generation: `current.geojson` (a FeatureCollection), `current.csv` (the incident CSV columns) or `current.arrows` (an Arrow IPC stream of the record columns). Built once per generation.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The file: current.geojson, current.csv, current.arrows. Another name is answered 404, as an unknown lake path is. */
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The collection */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/geo+json": components["schemas"]["IncidentExport"];
                        "text/csv": string;
                        "application/vnd.apache.arrow.stream": string;
                    };
                };
                /** @description The byte range asked for (`Range: bytes=…`), with Content-Range */
                206: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/geo+json": string;
                        "text/csv": string;
                        "application/vnd.apache.arrow.stream": string;
                    };
                };
                /** @description Not Modified: If-None-Match names the file checksum (the ETag). */
                304: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the key may not have the file, as the endpoint serving its table's rows would refuse it (`incidents_live`: as `/v1/incidents`, any key; `events`: as `/v1/events`, any key; `gauges_latest`: as `/v1/gauges`, any key; `incident_versions`: as `/v1/incidents/history`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `archive`: as `/v1/incidents/history`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `gauge_readings`: as `/v1/gauges/{id}/readings`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `gauge_rollups`: as `/v1/gauges/{id}/readings`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `declarations`: as `/v1/declarations`, the declarations entitlement (403 entitlement-required); `declaration_sources`: as `/v1/declarations/sources`, the declarations entitlement (403 entitlement-required)); the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Error */
                416: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/exports/cap/incidents.atom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole CAP Atom feed, as a static file
         * @description Written after every warehouse commit: every current incident and area feature, each entry inlining the CAP-AU alert of its latest version, and incidents retracted within the last 7 days as Cancel messages. Unpaged. ETag is its sha256; If-None-Match answers 304, Range 206.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The feed */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/atom+xml": string;
                    };
                };
                /** @description The byte range asked for (`Range: bytes=…`), with Content-Range */
                206: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/atom+xml": string;
                    };
                };
                /** @description Not Modified: If-None-Match names the file checksum (the ETag). */
                304: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the key may not have the file, as the endpoint serving its table's rows would refuse it (`incidents_live`: as `/v1/incidents`, any key; `events`: as `/v1/events`, any key; `gauges_latest`: as `/v1/gauges`, any key; `incident_versions`: as `/v1/incidents/history`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `archive`: as `/v1/incidents/history`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `gauge_readings`: as `/v1/gauges/{id}/readings`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `gauge_rollups`: as `/v1/gauges/{id}/readings`, a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback); `declarations`: as `/v1/declarations`, the declarations entitlement (403 entitlement-required); `declaration_sources`: as `/v1/declarations/sources`, the declarations entitlement (403 entitlement-required)); the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Error */
                416: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/exports/tables/{table}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a downloadable table’s columns mean (data dictionary)
         * @description The Frictionless Table Schema of a lake table: each column’s type (and the DuckDB type its Parquet files hold), meaning, unit, whether it may be empty, and the values it takes where they are a fixed list. The catalogue links each table to its schema. `schemaVersion` is the version the manifest names per file; a change to it is listed in docs/data-dictionary.md.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    table: "incidents_live" | "incident_versions" | "archive" | "events" | "declarations" | "declaration_sources" | "gauges_latest" | "gauge_readings" | "gauge_rollups";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The table’s schema */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TableSchema"];
                    };
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gauges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * River and rain gauges with their latest reading and flood class
         * @description Active gauges sorted by id. `floodClass` keeps current (not stale) water-level gauges at or above that class. Paging by `cursor` from meta.nextCursor.
         */
        get: {
            parameters: {
                query?: {
                    /** @description water_level (default) or rainfall. */
                    variable?: "water_level" | "rainfall";
                    /** @description Lowercase state code. */
                    state?: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act";
                    /** @description Gauges whose current reading is at or above this class (water_level only; not with variable=rainfall). */
                    floodClass?: "minor" | "moderate" | "major";
                    /** @description ABS LGA code (2022). */
                    lga?: string;
                    /** @description Polling source. */
                    source?: "nsw-hydstra" | "vic-hydstra" | "qld-hydstra" | "sa-aquarius" | "tas-aquarius" | "nt-aquarius" | "bom-kiwis" | "bcc-telemetry";
                    /** @description minLng,minLat,maxLng,maxLat within Australia. */
                    bbox?: string;
                    /** @description Page size, 1–500 (default 100); above 500 is an error, not clamped. */
                    limit?: number;
                    /** @description meta.nextCursor of the previous page. */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Gauges */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GaugeCollection"];
                    };
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gauges/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts of gauges at or above each flood class, grouped by state or LGA
         * @description Stale gauges are counted apart (stale) and in no class; gauges without published levels are unclassified. groupBy=lga needs state. Gauges without a state (the national source) or outside every LGA are grouped under the key `unknown` ("No state", "No LGA"), last.
         */
        get: {
            parameters: {
                query?: {
                    /** @description water_level (default) or rainfall. */
                    variable?: "water_level" | "rainfall";
                    /** @description state (default), or lga (needs state). */
                    groupBy?: "state" | "lga";
                    /** @description Lowercase state code. */
                    state?: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Summary */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GaugeSummary"];
                    };
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gauges/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health of every gauge source, from its poller
         * @description Each of the eight polling sources with the health its poller reports (read at most every few seconds).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Gauge source health */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sources: components["schemas"]["GaugeSourceHealth"][];
                        };
                    };
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gauges/{id}/readings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reading history of one gauge (paid plans), newest first
         * @description Raw readings are kept 30 days (and inside flood-event windows forever), hourly rollups 90 days, daily rollups forever. A rollup reading is a bucket aligned to the source's standard time; its value is the peak level or the rainfall total. Paging: pass meta.nextCursor (an ISO timestamp) back as `cursor`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Inclusive start (tier-limited); default 7 days before `before`. */
                    after?: string;
                    /** @description Exclusive end; default now; later than `after` (a 400 names both otherwise). */
                    before?: string;
                    /** @description raw, hourly, daily, or auto (default): raw when `after` is within 30 days, hourly within 90, else daily. */
                    interval?: "raw" | "hourly" | "daily" | "auto";
                    /** @description Only readings at or above this class level (for rollups: the bucket peak); water_level only. */
                    above?: "minor" | "moderate" | "major";
                    /** @description Page size, 1–1000 (default 500); above 1000 is an error, not clamped. */
                    limit?: number;
                    /** @description meta.nextCursor: readings before this instant. */
                    cursor?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Readings */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GaugeReadings"];
                    };
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the plan does not reach the request; the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gauges/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One gauge and its raw readings of the trailing 6 hours */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The gauge */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GaugeDetail"];
                    };
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/declarations/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the declarations come from, and the health of their refresh
         * @description Each source with what is being served (when it was fetched, records, the documents and their sha256) and the refresher’s health for it: the declarations’ equivalent of /states. Answers while lookups are unavailable, saying why.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Sources and refresh health */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeclarationSources"];
                    };
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed); the key lacks the declarations entitlement (entitlement-required) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/declarations/postcode/{postcode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Declaration status of a postcode
         * @description The LGAs the postcode’s suburbs lie in (by where their G-NAF addresses are), each with its declaration status on as_at, and the postcode’s matchStatus: declared only when every LGA is, partial when some are, else activation_only, uncertain or not_declared (docs/adr/0012). An unknown postcode answers 200 with unknown_postcode.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The date the answer is for (default today in eastern Australia). */
                    as_at?: string;
                    /** @description List expired records too (default false); never changes the status. */
                    include_expired?: "0" | "1" | "true" | "false";
                    /** @description Trim record lists to one instrument type; never changes the status. */
                    instrument_type?: "state_natural_disaster_declaration" | "drfa_activation_agrn" | "state_of_disaster_emergency_powers";
                    /** @description Narrow to the LGAs this suburb of the postcode lies in (exact match after normalisation; `Suburb, STATE` picks a state). An unmatched suburb answers the whole postcode with narrowing.applied false. */
                    suburb?: string;
                };
                header?: never;
                path: {
                    postcode: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The postcode’s status */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PostcodeDeclarations"];
                    };
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed); the key lacks the declarations entitlement (entitlement-required) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/declarations/point": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Declaration status at a point
         * @description The LGAs whose 2022 boundary polygons cover the point (every one it touches when it lies on a boundary: onBoundary), each with its status on as_at. POST keeps coordinates out of URLs and logs; the call is read-only and safe to retry. Coordinates are never stored, logged or echoed (not even in a 400), and every answer carries Cache-Control: no-store. A point outside every LGA answers 200 with unknown_location. Matching is at LGA-code level.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PointQuery"];
                };
            };
            responses: {
                /** @description The point’s status */
                200: {
                    headers: {
                        "Cache-Control"?: string;
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PointDeclarations"];
                    };
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed); the key lacks the declarations entitlement (entitlement-required) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/declarations/agrn/{agrn}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One disaster by its AGRN, every source merged
         * @description Every instrument naming the Australian Government Reference Number, from every source, with the full list of affected LGAs (and suburbs, for activations made below LGA level), statuses on as_at.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The date the answer is for (default today in eastern Australia). */
                    as_at?: string;
                };
                header?: never;
                path: {
                    agrn: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The AGRN */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AgrnDetail"];
                    };
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed); the key lacks the declarations entitlement (entitlement-required) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/declarations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Declarations and activations, filtered
         * @description One item per instrument (a state declaration, or a DRFA activation, of one jurisdiction for one AGRN), newest start first, with its status on active_on. Keyset paging: follow links.next until it is absent.
         */
        get: {
            parameters: {
                query?: {
                    /** @description One of nsw, vic, qld, sa, wa, tas, nt, act, ot (ot: Other Territories); the server also takes them in capitals, the state's name, or its ABS code. */
                    jurisdiction?: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act" | "ot";
                    /** @description Record status on active_on (default active). */
                    status?: "active" | "expired" | "all";
                    /** @description Only this instrument type. */
                    instrument_type?: "state_natural_disaster_declaration" | "drfa_activation_agrn" | "state_of_disaster_emergency_powers";
                    /** @description Only instruments naming this hazard. */
                    disaster_type?: "bushfire" | "flood" | "storm" | "cyclone" | "rainfall" | "tropical_low" | "monsoonal_trough" | "storm_surge" | "thunderstorm" | "tornado" | "hailstorm" | "earthquake" | "landslide" | "severe_weather";
                    /** @description The date statuses are derived for (default today); later instruments are left out. */
                    active_on?: string;
                    /** @description Page size, 1–500 (default 100); above 500 is an error, not clamped. */
                    limit?: number;
                    /** @description From links.next. */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of instruments */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeclarationList"];
                    };
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed); the key lacks the declarations entitlement (entitlement-required) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Change stream (Server-Sent Events)
         * @description Server-Sent Events (text/event-stream) of every change the service publishes, filtered as the lists are.
         *
         *     Event types: `incident.created`, `incident.updated`, `incident.retracted`, `event.formed`, `event.changed`, `event.ended`, `gauge.flood_class_changed`, `gauge.stale`; plus `ready` (sent once the stream is live, naming where it stands) and `reset` (`reason` `unknown-id` or `too-old`: the Last-Event-ID cannot be resumed, fetch the lists again and carry on from its id; `slow-client`: the client stopped taking what it was sent, the stream ends, and reconnecting with its id resumes with nothing lost).
         *
         *     Each change's `data` is a JSON document `{id, type, timestamp, subject, version?, data}`: `data` is the resource after the change as its endpoint serves it (an Incident Feature, an Event Feature, a Gauge with `previousFloodClass`). Its `id` orders every change and is the same on every API replica: the publication time (ms) of the lake generation that first showed the change, a hash of what changed, and the incident's version (`<ms>-<hash>-<version>`). Reconnecting with `Last-Event-ID` (EventSource does so by itself) sends every change missed within the last 24 hours, from the lake, then live ones. A comment line `: keep-alive` with the stream's current id comes every 15 s.
         *
         *     Quota: opening a stream is one request, and every 100 changes it delivers one more; when the quota runs out mid-stream a `quota-exceeded` event (the 429 problem document) ends it. From a browser, open it with a stream token (POST /v1/stream/tokens) as `?token=` instead of the Authorization header.
         *
         *     An update is sent when the incident matches the filters before or after it, so a client sees an incident leave its area. Gauges carry no event type, severity or warning level: filtering on those leaves gauges out. `featureType` applies to incidents (default: point incidents only, as on the list).
         *
         *     Each API process holds a bounded number of streams: past it, a new stream is refused with 503 and `Retry-After`, and a load balancer places it on another replica.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Comma-separated values of: incident.created, incident.updated, incident.retracted, event.formed, event.changed, event.ended, gauge.flood_class_changed, gauge.stale */
                    types?: string;
                    /** @description Comma-separated values of: nsw, vic, qld, sa, wa, tas, nt, act */
                    state?: string;
                    /** @description Comma-separated values of: incident, incident_area, warning_area, fire_ban_area */
                    featureType?: string;
                    /** @description Comma-separated values of: bushfire, burn_off, fire_ban, structure_fire, vehicle_fire, grass_fire, hazmat, rescue, flood, storm, tree_down, cyclone, earthquake, extreme_heat, vehicle_accident, medical, alarm, other */
                    eventType?: string;
                    /** @description Comma-separated values of: Extreme, Severe, Moderate, Minor, Unknown */
                    severity?: string;
                    /** @description Comma-separated values of: advice, watch_and_act, emergency_warning, none */
                    warningLevel?: string;
                    /** @description minLon,minLat,maxLon,maxLat in degrees: longitudes from -180 to 180, latitudes from -90 to 90, each min at most its max (checked by the server; a pattern cannot say it). */
                    bbox?: string;
                    /** @description Latitude of a centre, degrees (with lng and radius) */
                    lat?: number;
                    /** @description Longitude of a centre, degrees (with lat and radius) */
                    lng?: number;
                    /** @description Radius around lat/lng in kilometres, at most 500 (with lat and lng: all three or none) */
                    radius?: number;
                    /** @description A stream token from POST /v1/stream/tokens, in place of the Authorization header (for EventSource): it carries the stream's filters, so none may be given beside it. */
                    token?: string;
                    /** @description Where to resume, for clients that cannot send the `Last-Event-ID` header (the header wins when both are sent). */
                    lastEventId?: string;
                };
                header?: {
                    /** @description The id of the last event received: every change after it is sent first (within 24 hours), then live ones. An older or unknown id gets a `reset` event. */
                    "last-event-id"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An event stream that stays open */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": {
                            /** @enum {string} */
                            event: "incident.created" | "incident.updated" | "incident.retracted";
                            /** @description The change id to resume from (Last-Event-ID). */
                            id?: string;
                            retry?: number;
                            data: string;
                        } | {
                            /** @enum {string} */
                            event: "event.formed" | "event.changed" | "event.ended";
                            /** @description The change id to resume from (Last-Event-ID). */
                            id?: string;
                            retry?: number;
                            data: string;
                        } | {
                            /** @enum {string} */
                            event: "gauge.flood_class_changed" | "gauge.stale";
                            /** @description The change id to resume from (Last-Event-ID). */
                            id?: string;
                            retry?: number;
                            data: string;
                        } | {
                            /** @enum {string} */
                            event: "ready";
                            /** @description The change id to resume from (Last-Event-ID). */
                            id?: string;
                            retry?: number;
                            data: string;
                        } | {
                            /** @enum {string} */
                            event: "reset";
                            /** @description The change id to resume from (Last-Event-ID). */
                            id?: string;
                            retry?: number;
                            data: string;
                        } | {
                            /** @enum {string} */
                            event: "quota-exceeded";
                            /** @description The change id to resume from (Last-Event-ID). */
                            id?: string;
                            retry?: number;
                            data: string;
                        };
                    };
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stream/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A short-lived token for one stream
         * @description A token that opens GET /v1/stream with these filters (the same parameters as the stream's) for 5 minutes, as `?token=`: for EventSource, which cannot send the Authorization header, without putting the key in a URL. The key's plan, origin allowlist and quota apply to the streams it opens; a stream stays open after its token expires, and a reconnect needs a new token (pass the last event's id as `lastEventId`).
         */
        post: {
            parameters: {
                query?: {
                    /** @description Comma-separated values of: incident.created, incident.updated, incident.retracted, event.formed, event.changed, event.ended, gauge.flood_class_changed, gauge.stale */
                    types?: string;
                    /** @description Comma-separated values of: nsw, vic, qld, sa, wa, tas, nt, act */
                    state?: string;
                    /** @description Comma-separated values of: incident, incident_area, warning_area, fire_ban_area */
                    featureType?: string;
                    /** @description Comma-separated values of: bushfire, burn_off, fire_ban, structure_fire, vehicle_fire, grass_fire, hazmat, rescue, flood, storm, tree_down, cyclone, earthquake, extreme_heat, vehicle_accident, medical, alarm, other */
                    eventType?: string;
                    /** @description Comma-separated values of: Extreme, Severe, Moderate, Minor, Unknown */
                    severity?: string;
                    /** @description Comma-separated values of: advice, watch_and_act, emergency_warning, none */
                    warningLevel?: string;
                    /** @description minLon,minLat,maxLon,maxLat in degrees: longitudes from -180 to 180, latitudes from -90 to 90, each min at most its max (checked by the server; a pattern cannot say it). */
                    bbox?: string;
                    /** @description Latitude of a centre, degrees (with lng and radius) */
                    lat?: number;
                    /** @description Longitude of a centre, degrees (with lat and radius) */
                    lng?: number;
                    /** @description Radius around lat/lng in kilometres, at most 500 (with lat and lng: all three or none) */
                    radius?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The token */
                201: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StreamToken"];
                    };
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key's webhook subscriptions */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Newest first */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SubscriptionList"];
                    };
                };
                /** @description A query parameter the operation does not declare (unknown-parameter). */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Subscribe a webhook, or an e-mail address, to changes in an area
         * @description Every change of the given types (the change stream's) in the area is POSTed to the https URL as the stream's JSON document, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature; HMAC-SHA256 with the secret in the answer, shown this once). Deliveries are retried with backoff and kept in order; after 9 failed attempts of one delivery the subscription is disabled and says why. Targets on private, loopback or link-local addresses are refused, and redirects are not followed. With `email` instead of `url`, the changes are sent as a plain-text digest with a link to the map, one message a minute at most (400 where the service sends no e-mail).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["NewSubscription"] | components["schemas"]["NewEmailSubscription"];
                };
            };
            responses: {
                /** @description The subscription, with its secret when it is a webhook */
                201: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreatedSubscription"] | components["schemas"]["Subscription"];
                    };
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook subscription, with why it was disabled */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The subscription */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Subscription"];
                    };
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a webhook subscription
         * @description No delivery is attempted after this answer; its delivery log goes with it.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A subscription's delivery log
         * @description Each change handed to the subscription, newest first: pending (being delivered or retried), delivered, or failed (the subscription was disabled), with its attempts and the last answer.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Page size, 1–500 (default 100); above 500 is an error, not clamped. */
                    limit?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The deliveries */
                200: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeliveryList"];
                    };
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month. */
                429: {
                    headers: {
                        /** @description Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused. */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left this month, after this one (0 on a 429). */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends. */
                        "RateLimit-Reset"?: number;
                        /** @description Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`. */
                        "RateLimit-Policy"?: string;
                        /** @description The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only). */
                        RateLimit?: string;
                        /** @description Whole seconds until the policy that refused resets. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tiles/{layer}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tile set, described (TileJSON)
         * @description The TileJSON 3.0.0 document of a tile set, for map libraries (MapLibre, OpenLayers, QGIS): its tiles’ URL template, zooms, bounds and layers with their fields. The tiles need the same key as every /v1 request.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The tile set: live or archive. */
                    layer: "live" | "archive";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The tile set */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TileJson"];
                    };
                };
                /** @description Not Modified: If-None-Match names what the answer still holds (the ETag leaves out generatedAt and fetched), or If-Modified-Since is not older than the serving generation. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tiles/{layer}/{z}/{x}/{y}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One vector tile
         * @description One Mapbox Vector Tile (version 2, extent 4096) of the set, in the XYZ scheme of Web Mercator: `live` is cut from the serving generation’s live set (each layer cut again only when its lake file changes), `archive` counts the historical incidents per cell. An ETag names the tile’s content, so a tile that did not change answers 304 to If-None-Match across generations. 204 when nothing falls in the tile; 404 for a tile the set does not have (a zoom beyond its maxzoom, or x or y not below 2^z). Not counted against the monthly quota or the per-second limits: one view of a map asks for a dozen tiles at once.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The tile set: live or archive. */
                    layer: "live" | "archive";
                    /** @description Zoom: 0 to the set's maxzoom (live 14, archive 10). */
                    z: number;
                    /** @description Column, from the west: below 2^z. */
                    x: number;
                    /** @description Row, from the north: below 2^z. */
                    y: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The tile */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/vnd.mapbox-vector-tile": string;
                    };
                };
                /** @description Nothing in this tile */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not Modified: If-None-Match names what the answer still holds (the ETag leaves out generatedAt and fetched), or If-Modified-Since is not older than the serving generation. */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid parameters */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`). */
                401: {
                    headers: {
                        "WWW-Authenticate"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: the browser Origin is not on the key's allowlist (origin-not-allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Request header fields too large (over 16 KiB in all). */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    change: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One change, delivered to a subscription’s URL
         * @description Sent for each change in the subscription’s area and types, with the Standard Webhooks headers `webhook-id` (the change id: the same on every attempt), `webhook-timestamp` and `webhook-signature` (HMAC-SHA256 with the subscription’s secret). Answer 2xx within 10 s; anything else is retried with backoff and shows in GET /v1/subscriptions/{id}/deliveries.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["IncidentChange"] | components["schemas"]["EventChange"] | components["schemas"]["GaugeChange"];
                };
            };
            responses: {
                /** @description Taken (any 2xx). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        IncidentChange: {
            /** @description Orders every change; the same on every replica. Resume from it. */
            id: string;
            /** @enum {string} */
            type: "incident.created" | "incident.updated" | "incident.retracted";
            /**
             * Format: date-time
             * @description When the lake first showed the change.
             */
            timestamp: string;
            /** @description The incident's id. */
            subject: string;
            /** @description Incidents: the version the change made. */
            version?: number;
            data: components["schemas"]["Incident"];
        };
        /** @description The incident after the change, as /v1/incidents/{id} serves it. */
        Incident: {
            /** @enum {string} */
            type: "Feature";
            id: string;
            geometry: components["schemas"]["Geometry"];
            properties: {
                /** @enum {string} */
                featureType: "incident" | "incident_area" | "warning_area" | "fire_ban_area";
                /** @description For area features: the incident they belong to. */
                parentId?: string;
                source: {
                    /** @enum {string} */
                    state: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act";
                    agency: string;
                    feedId: string;
                };
                title: string;
                /** @enum {string} */
                eventType: "bushfire" | "burn_off" | "fire_ban" | "structure_fire" | "vehicle_fire" | "grass_fire" | "hazmat" | "rescue" | "flood" | "storm" | "tree_down" | "cyclone" | "earthquake" | "extreme_heat" | "vehicle_accident" | "medical" | "alarm" | "other";
                /** @enum {string} */
                eventCategory: "fire" | "weather" | "rescue" | "hazmat" | "medical" | "alarm" | "planned" | "earth" | "hazard" | "other";
                /** @enum {string} */
                status: "active" | "contained" | "controlled" | "safe" | "completed";
                /** @enum {string} */
                warningLevel: "advice" | "watch_and_act" | "emergency_warning" | "none";
                /** @enum {string} */
                severity: "Extreme" | "Severe" | "Moderate" | "Minor" | "Unknown";
                /** @enum {string} */
                urgency: "Immediate" | "Expected" | "Future" | "Past" | "Unknown";
                /** @enum {string} */
                certainty: "Observed" | "Likely" | "Possible" | "Unlikely" | "Unknown";
                location: {
                    address: string;
                    suburb: string;
                    state: string;
                    lga: string;
                    latitude?: number;
                    longitude?: number;
                    /** @enum {string} */
                    precision?: "exact" | "postcode" | "lga";
                };
                details: {
                    [key: string]: unknown;
                };
                timestamps: {
                    reported: string;
                    updated: string;
                    fetched: string;
                };
                retraction: {
                    retracted: boolean;
                    retractedAt?: string;
                    reason?: string;
                };
                /** @description Archive snapshot results only; each key present only when populated. */
                archive?: {
                    [key: string]: string | number;
                };
                /** @description Nearby results only: kilometres from the point. */
                distanceKm?: number;
            };
        };
        Geometry: {
            /** @enum {string} */
            type: "Point";
            coordinates: [
                number,
                number
            ];
        } | {
            /** @enum {string} */
            type: "Polygon";
            coordinates: [
                number,
                number
            ][][];
        } | {
            /** @enum {string} */
            type: "MultiPolygon";
            coordinates: [
                number,
                number
            ][][][];
        } | null;
        EventChange: {
            /** @description Orders every change; the same on every replica. Resume from it. */
            id: string;
            /** @enum {string} */
            type: "event.formed" | "event.changed" | "event.ended";
            /**
             * Format: date-time
             * @description When the lake first showed the change.
             */
            timestamp: string;
            /** @description The event's id. */
            subject: string;
            /** @description Incidents: the version the change made. */
            version?: number;
            data: components["schemas"]["Event"];
        };
        /** @description The clustered event after the change, as /v1/events/{id} serves it. */
        Event: {
            /** @enum {string} */
            type: "Feature";
            /** Format: uuid */
            id: string;
            geometry: components["schemas"]["EventGeometry"];
            properties: {
                /** @description Generated from the incidents and places. */
                title: string;
                incidentCount: number;
                affectedSuburbs: string[];
                affectedStates: ("nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act")[];
                agencies: string[];
                eventTypes: ("bushfire" | "burn_off" | "fire_ban" | "structure_fire" | "vehicle_fire" | "grass_fire" | "hazmat" | "rescue" | "flood" | "storm" | "tree_down" | "cyclone" | "earthquake" | "extreme_heat" | "vehicle_accident" | "medical" | "alarm" | "other")[];
                /** @enum {string} */
                maxSeverity: "Extreme" | "Severe" | "Moderate" | "Minor" | "Unknown";
                /** @enum {string} */
                maxWarningLevel: "advice" | "watch_and_act" | "emergency_warning" | "none";
                /** @description Sum of the sizes the incidents report; null when none does. */
                estimatedHectares: number | null;
                /** @description Generated. */
                summary: string;
                /**
                 * Format: date-time
                 * @description The earliest report of any incident the event has had.
                 */
                firstDetectedAt: string | null;
                /**
                 * Format: date-time
                 * @description The latest update of its incidents.
                 */
                lastUpdatedAt: string;
                isActive: boolean;
                /** @description include_incidents=true only: the member incidents as Incident Features (the shape of GET /incidents/{id}), sorted by id. Members no longer among current incidents (ended more than 7 days ago) are left out; incidentCount counts every member of the last clustering. */
                incidents?: components["schemas"]["Incident"][];
            };
        };
        /** @description The convex hull of the incidents, or their centroid when they span no area. */
        EventGeometry: {
            /** @enum {string} */
            type: "Point";
            coordinates: [
                number,
                number
            ];
        } | {
            /** @enum {string} */
            type: "Polygon";
            coordinates: [
                number,
                number
            ][][];
        };
        GaugeChange: {
            /** @description Orders every change; the same on every replica. Resume from it. */
            id: string;
            /** @enum {string} */
            type: "gauge.flood_class_changed" | "gauge.stale";
            /**
             * Format: date-time
             * @description When the lake first showed the change.
             */
            timestamp: string;
            /** @description The gauge's id. */
            subject: string;
            /** @description Incidents: the version the change made. */
            version?: number;
            /** @description The gauge after the change, as /v1/gauges/{id} serves it; a change of class says the class it had before. */
            data: components["schemas"]["Gauge"] & {
                /**
                 * @description gauge.flood_class_changed: the flood class before the change (null: none, or not known).
                 * @enum {string|null}
                 */
                previousFloodClass?: "below_minor" | "minor" | "moderate" | "major" | "unclassified" | null;
            };
        };
        GaugeReading: {
            /**
             * @description ISO 8601 with the source's standard-time offset (no daylight saving), as it published it.
             * @example 2026-03-01T09:15:00+10:00
             */
            time: string;
            /** @description Metres (water_level) or incremental millimetres (rainfall). */
            value: number;
            /** @description The publishing agency's quality or grade code, as text; null when it gives none. */
            quality: string | null;
        } | null;
        /** @description Null for rainfall and for gauges with no published levels. */
        FloodThresholds: {
            minor: number | null;
            moderate: number | null;
            major: number | null;
            /** @enum {string} */
            datum: "local" | "ahd" | "unstated";
            /** @description Where the levels were read. */
            sourceUrl: string;
            /** @description The date (YYYY-MM-DD) the levels were read. */
            retrieved: string;
        } | null;
        Gauge: {
            /**
             * @description <source>:<station number>:<level|rain>
             * @example nsw-hydstra:203014:level
             */
            id: string;
            /** @enum {string} */
            source: "nsw-hydstra" | "vic-hydstra" | "qld-hydstra" | "sa-aquarius" | "tas-aquarius" | "nt-aquarius" | "bom-kiwis" | "bcc-telemetry";
            stationNo: string;
            name: string;
            /**
             * @description Null when neither the source nor the LGA says.
             * @enum {string|null}
             */
            state: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act" | null;
            /** @description ABS LGA code (2022) the station lies in; null when not placed. */
            lga: string | null;
            lgaName: string | null;
            latitude: number | null;
            longitude: number | null;
            /** @enum {string} */
            variable: "water_level" | "rainfall";
            /** @description m for water levels, mm for rainfall. */
            unit: string;
            /**
             * @description What a level is measured from: the gauge's local zero, AHD, or unstated; null for rainfall.
             * @enum {string|null}
             */
            datum: "local" | "ahd" | "unstated" | null;
            latest: components["schemas"]["GaugeReading"];
            thresholds: components["schemas"]["FloodThresholds"];
            /**
             * @description From the latest reading against the thresholds; null for rainfall.
             * @enum {string|null}
             */
            floodClass: "below_minor" | "minor" | "moderate" | "major" | "unclassified" | null;
            /**
             * @description stale once the latest reading is older than the source's staleness horizon, or when there is none.
             * @enum {string}
             */
            readingStatus: "current" | "stale";
            stalenessHorizonHours: number;
        };
        StreamReady: {
            /** @description Where the stream stands: the newest change id. */
            id: string;
            /** @description Changes sent first because Last-Event-ID asked. */
            resumed: number;
            resumeWindowHours: number;
        };
        StreamReset: {
            /** @enum {string} */
            reason: "unknown-id" | "too-old" | "slow-client";
            detail: string;
            /** @description Carry on from this id (as Last-Event-ID) after fetching the lists. */
            id: string;
        };
        FrontDoor: {
            name: string;
            version: string;
            description: string;
            authentication: string;
            links: {
                docs: string;
                openapi: string;
                status: string;
                exports: string;
                incidents: string;
                attribution: string;
            };
        };
        Ready: {
            /** @enum {boolean} */
            ready: true;
            generation: number;
            publishedAt: string | null;
        };
        Problem: {
            type: string;
            title: string;
            status: number;
            detail?: string;
            instance?: string;
            requestId?: string;
        };
        IncidentCollection: {
            /** @enum {string} */
            type: "FeatureCollection";
            features: components["schemas"]["Incident"][];
            meta: {
                total_count: number;
                has_more: boolean;
                next_cursor?: string;
                generatedAt: string;
                /** @enum {string} */
                source: "live" | "archive";
            };
            links: {
                self: string;
                next?: string;
            };
            attribution: string;
        };
        FeedHealth: {
            /** @enum {string} */
            state: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act";
            agency: string;
            /** @description Catalogue key of the feed (several feeds may serve one agency). */
            feed: string;
            name: string;
            /**
             * @description What the poller recorded (healthy, degraded, down after 3 failed polls in a row, unknown before its first poll), overruled by what the service sees: down when the poller is stuck (its workflow task fails) or not running, stale when it has missed its next poll by over 2 minutes or not polled for 2 hours. stale extends the list of the interface (healthy, degraded, down, unknown).
             * @enum {string}
             */
            status: "healthy" | "degraded" | "down" | "stale" | "unknown";
            lastPolled: string | null;
            lastSuccess: string | null;
            incidentCount: number;
            errorCount: number;
            /** @description Failed polls in a row (3 or more: down); 0 after a good poll. */
            consecutiveFailures: number;
            /** @description Why the last poll did not succeed; null when it did. */
            lastError: {
                /**
                 * @description What failed: dns, refused, timeout, tls, network (no HTTP answer); http-status; bad-body (malformed, empty or an HTML error page); too-large; retraction-guard (a poll that would retract too much, held back); upstream-error (a well-formed answer reporting an error of the service, often with HTTP 200); worker-timeout (no worker finished the poll in time); internal (a fault of the service); workflow-task (the poller is stuck: its workflow task fails, with the error); not-running (no poller runs for the feed).
                 * @enum {string}
                 */
                kind: "dns" | "refused" | "timeout" | "tls" | "network" | "http-status" | "bad-body" | "too-large" | "retraction-guard" | "upstream-error" | "worker-timeout" | "internal" | "workflow-task" | "not-running";
                message: string;
            } | null;
            /** @description When the poller polls next (sooner if woken); null before its first poll. */
            nextPoll: string | null;
        };
        Schema: {
            eventTypes: string[];
            eventCategories: string[];
            states: string[];
            warningLevels: string[];
            statuses: string[];
            severities: string[];
            urgencies: string[];
            certainties: string[];
            formats: string[];
            categoryMapping: {
                [key: string]: string[];
            };
        };
        Status: {
            /**
             * @description From the feeds: unknown when none is known yet, down when every known feed is down or stale, degraded when any is not healthy (a feed not polled yet counts from five minutes after the process started).
             * @enum {string}
             */
            status: "healthy" | "degraded" | "down" | "unknown";
            version: string;
            uptime: string;
            timestamp: string;
            /** @description When the pollers’ health was last read from Temporal (every 2 s, in the background); null before the first read. An older time means Temporal cannot be read now and the last known health is shown. */
            healthObservedAt: string | null;
            counts: {
                total: number;
                healthy: number;
                degraded: number;
                down: number;
                stale: number;
                unknown: number;
            };
            feeds: {
                /** @enum {string} */
                state: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act";
                agency: string;
                feed: string;
                /** @enum {string} */
                status: "healthy" | "degraded" | "down" | "stale" | "unknown";
            }[];
            /** @description Each gauge source’s poller, as /v1/gauges/sources gives it in full. */
            gaugeSources: {
                /** @enum {string} */
                source: "nsw-hydstra" | "vic-hydstra" | "qld-hydstra" | "sa-aquarius" | "tas-aquarius" | "nt-aquarius" | "bom-kiwis" | "bcc-telemetry";
                /** @enum {string} */
                status: "healthy" | "degraded" | "down" | "stale" | "unknown";
            }[];
            /** @description The declaration refresher, as /v1/declarations/sources gives it in full; null when this service has none. */
            declarationRefresh: {
                /** @enum {string} */
                status: "healthy" | "degraded" | "down" | "stale" | "unknown";
            } | null;
            lake: components["schemas"]["LakeStatus"];
            /** @description This process’s change streams (/v1/stream); null when it serves none. */
            streams: {
                /** @description Change streams open on this process. */
                open: number;
                /** @description Streams it holds before it refuses more with 503 and Retry-After (STREAM_CAPACITY). */
                capacity: number;
                /** @description Streams it ended with a `reset` since it started because their client stopped taking what was sent. */
                dropped: number;
            } | null;
            /** @description The shared pieces this process depends on and whether they answer; while one is away the service answers from what it holds (feed health as last read, keys in memory), and says so here. */
            dependencies: components["schemas"]["Dependency"][];
        };
        LakeStatus: {
            /**
             * @description Where the lake is read from: the writer’s folder, or a bucket through this replica’s cache (LAKE_URL).
             * @enum {string}
             */
            home: "folder" | "bucket";
            /**
             * @description cold: no generation loaded yet (not ready); current: serving the newest generation known; catching-up: a newer generation is being fetched (or its files were refused and are fetched again); unreachable: the bucket does not answer, the last generation is served.
             * @enum {string}
             */
            state: "cold" | "current" | "catching-up" | "unreachable";
            /** @description The generation being served (0: none yet). */
            generation: number;
            publishedAt: string | null;
            /** @description The newest generation the bucket named when last asked; null for a folder. */
            bucketGeneration: number | null;
            /** @description When the bucket last answered; null for a folder or before it has. */
            lastCheckedAt: string | null;
            unreachableSince: string | null;
            /** @description This replica’s cache of lake files (LAKE_CACHE_MB); null for a folder. */
            cache: {
                bytes: number;
                limitBytes: number;
                files: number;
            } | null;
        };
        Dependency: {
            /**
             * @description temporal: where feed health is read from (and webhook deliveries handed to); keyStore: keys, quotas and rate limits (PostgreSQL or SQLite); writer: the one process that publishes the lake, seen through the generations it publishes (away: none for WRITER_QUIET_SECONDS).
             * @enum {string}
             */
            name: "temporal" | "keyStore" | "writer";
            /**
             * @description away: this process has not had an answer from it for a while, and says so in its log.
             * @enum {string}
             */
            state: "answering" | "away";
            /** @description When it stopped answering; null while it answers. */
            since: string | null;
            /** @description Why, in a few words (connection refused, no answer within 2000 ms); null while it answers. */
            reason: string | null;
            /** @description What this process does while it is away. */
            meanwhile: string;
        };
        Attribution: {
            description: string;
            disclaimer: string;
            count: number;
            sources: {
                /** @enum {string} */
                state: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act";
                agency: string;
                name: string;
                licence: string;
                url: string;
                official: boolean;
                attribution?: string;
            }[];
        };
        EventCollection: {
            /** @enum {string} */
            type: "FeatureCollection";
            features: components["schemas"]["Event"][];
            meta: {
                /** @description Events matching the filters, on every page. */
                totalEvents: number;
                /**
                 * Format: date-time
                 * @description When this answer was made.
                 */
                generatedAt: string;
                /** @description Present when more events match: pass it back as cursor. */
                nextCursor?: string;
            };
            links: {
                self: string;
                next?: string;
            };
            attribution: string;
        };
        ExportCatalogue: {
            generation: number;
            publishedAt: string | null;
            /** @description The key the list is for: `files` holds only what it may download. */
            access: {
                /** @enum {string} */
                tier: "free" | "starter" | "developer" | "business" | "pro" | "enterprise";
                lookback: string;
                entitlements: "declarations"[];
            };
            files: components["schemas"]["ExportFile"][];
            tables: {
                [key: string]: {
                    columns: {
                        name: string;
                        type: string;
                    }[];
                    /** @description Where what each column means is: the table’s Table Schema (data dictionary). */
                    schema: string;
                    /** @description The schema version of the files written now (a file’s own is in the lake’s manifest); what each version changed is in the data dictionary. */
                    schemaVersion: number;
                    partitionBy: string[];
                    access: {
                        endpoint: string;
                        lookback: boolean;
                        /** @enum {string|null} */
                        entitlement: "declarations" | null;
                    };
                    /** @description Files of this table in the generation that the key may not download (not listed). */
                    withheld: number;
                };
            };
        };
        ExportFile: {
            href: string;
            /** @enum {string} */
            format: "parquet" | "geojson" | "csv" | "arrow" | "atom";
            mediaType: string;
            table: string;
            partition: {
                [key: string]: string;
            };
            rows: number | null;
            bytes: number;
            sha256: string;
            minTime: string | null;
            maxTime: string | null;
            /** @description The stored compressed codings of the file, each with its own size and sha256: sent in one when Accept-Encoding takes it (br first, then gzip), with that sha256 as its ETag. Lake files (Parquet, compressed inside) have none. */
            encodings?: {
                /** @enum {string} */
                coding: "br" | "gzip";
                bytes: number;
                sha256: string;
            }[];
        };
        IncidentExport: {
            /** @enum {string} */
            type: "FeatureCollection";
            features: components["schemas"]["Incident"][];
            meta: {
                total_count: number;
                generatedAt: string | null;
            };
            attribution: string;
        };
        /** @description A Frictionless Table Schema (https://specs.frictionlessdata.io/table-schema/) of one lake table: every column of its files in order, with its meaning, unit and allowed values. */
        TableSchema: {
            /** @enum {string} */
            name: "incidents_live" | "incident_versions" | "archive" | "events" | "declarations" | "declaration_sources" | "gauges_latest" | "gauge_readings" | "gauge_rollups";
            description: string;
            schemaVersion: number;
            partitionBy: string[];
            fields: {
                name: string;
                /** @enum {string} */
                type: "string" | "integer" | "number" | "boolean" | "datetime" | "date" | "array" | "object" | "any";
                description: string;
                /** @description The type as the Parquet files hold it (DuckDB’s name). */
                duckdbType: string;
                unit?: string;
                constraints: {
                    required: boolean;
                    enum?: string[];
                };
            }[];
            missingValues: string[];
        };
        GaugeCollection: {
            gauges: components["schemas"]["Gauge"][];
            meta: {
                totalCount: number;
                /** @description Pass back as cursor; absent on the last page. */
                nextCursor?: string;
                generatedAt: string;
            };
            links: {
                self: string;
                next?: string;
            };
            attribution: string;
        };
        GaugeSummary: {
            /** @description Every gauge counts in total and in one of: stale, unclassified, below minor (not shown), minor, moderate, major. Stale gauges are not counted in any class. */
            summary: {
                total: number;
                minor: number;
                moderate: number;
                major: number;
                stale: number;
                unclassified: number;
                atOrAboveMinor: number;
            };
            groups: components["schemas"]["GaugeSummaryGroup"][];
            /** @description Current gauges at or above minor, most severe first; at most 500. */
            aboveMinorStations: components["schemas"]["Gauge"][];
            meta: {
                /** @enum {string} */
                groupBy: "state" | "lga";
                /** @enum {string} */
                variable: "water_level" | "rainfall";
                generatedAt: string;
            };
        };
        GaugeSummaryGroup: {
            /** @description State code or LGA code; `unknown` for the gauges without one (the national source has no state; a gauge outside every LGA has no LGA), listed last. */
            key: string;
            /** @description The LGA's name (groupBy=lga); `No LGA` or `No state` for the `unknown` group; null for a state. */
            name: string | null;
            total: number;
            minor: number;
            moderate: number;
            major: number;
            stale: number;
            unclassified: number;
            atOrAboveMinor: number;
        };
        GaugeSourceHealth: {
            /** @enum {string} */
            source: "nsw-hydstra" | "vic-hydstra" | "qld-hydstra" | "sa-aquarius" | "tas-aquarius" | "nt-aquarius" | "bom-kiwis" | "bcc-telemetry";
            /** @enum {string} */
            kind: "telemetry" | "national_archive" | "council_event";
            agency: string;
            /** @enum {string|null} */
            state: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act" | null;
            /**
             * @description As for a feed (/v1/states): stale when the poller has missed its next poll by over 2 minutes; down when its workflow is stuck or not running.
             * @enum {string}
             */
            status: "healthy" | "degraded" | "down" | "stale" | "unknown";
            lastPolled: string | null;
            lastSuccess: string | null;
            gaugeCount: number;
            /** @description Readings the last good poll brought that were new. */
            newReadings: number;
            /** @description Sites or series the source reported an error for inside a good answer. */
            skippedSeries: number;
            errorCount: number;
            /** @description Failed polls in a row (3 or more: down); 0 after a good poll. */
            consecutiveFailures: number;
            /** @description Why the last poll did not succeed; null when it did. */
            lastError: {
                /**
                 * @description What failed: dns, refused, timeout, tls, network (no HTTP answer); http-status; bad-body (malformed, empty or an HTML error page); too-large; retraction-guard (a poll that would retract too much, held back); upstream-error (a well-formed answer reporting an error of the service, often with HTTP 200); worker-timeout (no worker finished the poll in time); internal (a fault of the service); workflow-task (the poller is stuck: its workflow task fails, with the error); not-running (no poller runs for the feed).
                 * @enum {string}
                 */
                kind: "dns" | "refused" | "timeout" | "tls" | "network" | "http-status" | "bad-body" | "too-large" | "retraction-guard" | "upstream-error" | "worker-timeout" | "internal" | "workflow-task" | "not-running";
                message: string;
            } | null;
            /** @description When the poller polls next (sooner if woken); null before its first poll. */
            nextPoll: string | null;
            /** @description How often the poller polls: what it runs with (POLL_INTERVAL_SECONDS may shorten it), the catalogue’s until it has polled. */
            pollIntervalSeconds: number;
            stalenessHorizonHours: number;
        };
        GaugeReadings: {
            gaugeId: string;
            /**
             * @description The interval served (auto resolved).
             * @enum {string}
             */
            interval: "raw" | "hourly" | "daily";
            /** @description Newest first. */
            readings: (components["schemas"]["GaugeReading"] | components["schemas"]["GaugeRollupReading"])[];
            meta: {
                after: string;
                before: string;
                count: number;
                /** @description ISO timestamp: pass back as cursor for older readings; absent on the last page. */
                nextCursor?: string;
            };
        };
        GaugeRollupReading: components["schemas"]["GaugeReading"] & {
            /** @description Start of the bucket, at the source's standard-time offset. */
            time?: string;
            /** @description The bucket's peak level (water_level) or total (rainfall). */
            value?: number;
            quality?: null;
            min: number;
            max: number;
            mean: number;
            /** @description Raw readings in the bucket. */
            count: number;
        };
        GaugeDetail: {
            gauge: components["schemas"]["Gauge"];
            /** @description Raw readings of the trailing 6 hours, newest first. */
            recent: components["schemas"]["GaugeReading"][];
        };
        DeclarationSources: {
            /** @description Whether lookups can be answered now. */
            available: boolean;
            unavailableReason: string | null;
            generation: number | null;
            boundaryVersion: string | null;
            /** @description Null until the refresher has recorded its health once. */
            refresher: {
                /** @enum {string} */
                status: "healthy" | "degraded" | "down" | "unknown";
                refreshes: number;
                lastRefresh: string | null;
                /** @description Why the refresher cannot run (its workflow task keeps failing; status is then down); null when it runs. */
                stuck: string | null;
            } | null;
            sources: {
                /** @enum {string} */
                source: "nema_drfa_activations" | "nsw_disaster_declarations";
                name: string;
                publisher: string;
                url: string;
                licence: string;
                /** @enum {string} */
                instrumentType: "state_natural_disaster_declaration" | "drfa_activation_agrn" | "state_of_disaster_emergency_powers";
                /** @description What is being served; null before the first good refresh. */
                served: {
                    fetchedAt: string;
                    records: number;
                    rejected: number;
                    contentSha256: string;
                    unmappedHazards: string[];
                    documents: {
                        url: string;
                        sha256: string;
                    }[];
                } | null;
                refresh: components["schemas"]["DeclarationSourceRefresh"];
            }[];
        };
        /** @description The refresher’s view of the source. A failed or held-back refresh (retraction-guard: it would have dropped over half the records) publishes nothing: the served records stay those of the last good refresh. */
        DeclarationSourceRefresh: {
            /** @enum {string} */
            status: "healthy" | "degraded" | "down" | "unknown";
            lastAttempt: string | null;
            lastSuccess: string | null;
            /** @enum {string|null} */
            lastOutcome: "published" | "unchanged" | "guarded" | "failed" | null;
            consecutiveFailures: number;
            errorCount: number;
            lastError: {
                /** @enum {string} */
                kind: "dns" | "refused" | "timeout" | "tls" | "network" | "http-status" | "bad-body" | "too-large" | "retraction-guard" | "upstream-error" | "worker-timeout" | "internal" | "workflow-task" | "not-running";
                message: string;
            } | null;
        } | null;
        PostcodeDeclarations: {
            postcode: string;
            /**
             * Format: date
             * @example 2025-06-01
             */
            asAt: string;
            /** @enum {string} */
            matchStatus: "declared" | "partial" | "activation_only" | "not_declared" | "uncertain" | "unknown_postcode";
            lgas: components["schemas"]["LgaDeclarationDetail"][];
            /** @description Present when a suburb was given. */
            narrowing?: {
                requested: string;
                applied: boolean;
                reason: string;
                matchedSuburbs: string[];
                knownSuburbs: string[];
            };
            horizons: components["schemas"]["CurrencyHorizons"];
            /** @description Caveats of the answer: how suburbs were placed, which states publish no register, and, when the boundaries are made-up stand-ins (a demo without the real files), that the LGAs, suburbs and postcodes are made up. */
            notes: string[];
            disclaimer: string;
        };
        LgaDeclarationDetail: {
            /** @description ABS LGA 2022 code */
            code: string;
            name: string;
            /** @enum {string} */
            jurisdiction: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act" | "ot";
            /** @enum {string} */
            status: "declared" | "activation_only" | "uncertain" | "not_declared";
            reasons: string[];
            addressShare: number | null;
            suburbs: string[];
            stateInstrumentsPublished: boolean;
            records: components["schemas"]["DeclarationRecord"][];
            hiddenRecords: number;
        };
        DeclarationRecord: {
            id: string;
            agrn: number;
            /** @enum {string} */
            instrumentType: "state_natural_disaster_declaration" | "drfa_activation_agrn" | "state_of_disaster_emergency_powers";
            /** @enum {string} */
            jurisdiction: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act" | "ot";
            eventName: string;
            disasterTypes: ("bushfire" | "flood" | "storm" | "cyclone" | "rainfall" | "tropical_low" | "monsoonal_trough" | "storm_surge" | "thunderstorm" | "tornado" | "hailstorm" | "earthquake" | "landslide" | "severe_weather")[];
            area: {
                /** @enum {string} */
                type: "lga" | "sal";
                /** @description ABS LGA 2022 or SAL 2021 code */
                code: string;
                name: string;
            };
            /**
             * Format: date
             * @example 2025-06-01
             */
            startDate: string;
            /**
             * Format: date
             * @example 2025-06-01
             */
            endDate: string | null;
            /** @enum {string} */
            status: "active" | "expired";
            /** @enum {string} */
            currency: "current" | "presumed_current" | "unconfirmed" | "ended" | "lapsed" | "not_started";
            currencyNote: string;
            drfaCategories: ("A" | "B" | "C" | "D")[] | null;
            assistance: string | null;
            /** @enum {string} */
            source: "nema_drfa_activations" | "nsw_disaster_declarations";
            sourceName: string;
            /** @description The official page or dataset the record came from */
            sourceUrl: string;
        };
        /** @description Open-ended records count as current this many days from their start, then as unconfirmable until the second figure, then as lapsed (docs/adr/0012). */
        CurrencyHorizons: {
            presumedCurrentDays: number;
            unconfirmedUntilDays: number;
        };
        /** @description Never carries the coordinates asked about. */
        PointDeclarations: {
            /**
             * Format: date
             * @example 2025-06-01
             */
            asAt: string;
            /** @enum {string} */
            status: "declared" | "partial" | "activation_only" | "not_declared" | "uncertain" | "unknown_location";
            onBoundary: boolean;
            lgas: components["schemas"]["LgaDeclarationDetail"][];
            horizons: components["schemas"]["CurrencyHorizons"];
            /** @description Caveats of the answer: how suburbs were placed, which states publish no register, and, when the boundaries are made-up stand-ins (a demo without the real files), that the LGAs, suburbs and postcodes are made up. */
            notes: string[];
            disclaimer: string;
        };
        PointQuery: {
            /**
             * @description Latitude (WGS84 / GDA2020 degrees)
             * @example -28.81
             */
            lat: number;
            /**
             * @description Longitude
             * @example 153.28
             */
            lng: number;
            /**
             * Format: date
             * @description The date the answer is for (default today in eastern Australia).
             */
            as_at?: string;
            include_expired?: boolean;
            /** @enum {string} */
            instrument_type?: "state_natural_disaster_declaration" | "drfa_activation_agrn" | "state_of_disaster_emergency_powers";
        };
        AgrnDetail: {
            agrn: number;
            /**
             * Format: date
             * @example 2025-06-01
             */
            asAt: string;
            eventNames: string[];
            jurisdictions: ("nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act" | "ot")[];
            disasterTypes: ("bushfire" | "flood" | "storm" | "cyclone" | "rainfall" | "tropical_low" | "monsoonal_trough" | "storm_surge" | "thunderstorm" | "tornado" | "hailstorm" | "earthquake" | "landslide" | "severe_weather")[];
            /**
             * Format: date
             * @example 2025-06-01
             */
            startDate: string;
            instruments: components["schemas"]["DeclarationListItem"][];
            lgas: {
                code: string;
                name: string;
                /** @enum {string} */
                jurisdiction: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act" | "ot";
                records: components["schemas"]["DeclarationRecord"][];
            }[];
            localities: {
                salCode: string;
                name: string;
                /** @enum {string} */
                jurisdiction: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act" | "ot";
                lgaCodes: string[];
                records: components["schemas"]["DeclarationRecord"][];
            }[];
            horizons: components["schemas"]["CurrencyHorizons"];
            disclaimer: string;
        };
        DeclarationListItem: {
            id: string;
            agrn: number;
            /** @enum {string} */
            instrumentType: "state_natural_disaster_declaration" | "drfa_activation_agrn" | "state_of_disaster_emergency_powers";
            /** @enum {string} */
            jurisdiction: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act" | "ot";
            eventName: string;
            disasterTypes: ("bushfire" | "flood" | "storm" | "cyclone" | "rainfall" | "tropical_low" | "monsoonal_trough" | "storm_surge" | "thunderstorm" | "tornado" | "hailstorm" | "earthquake" | "landslide" | "severe_weather")[];
            /**
             * Format: date
             * @example 2025-06-01
             */
            startDate: string;
            /**
             * Format: date
             * @example 2025-06-01
             */
            endDate: string | null;
            /** @enum {string} */
            status: "active" | "expired";
            /** @enum {string} */
            currency: "current" | "presumed_current" | "unconfirmed" | "ended" | "lapsed" | "not_started";
            lgaCount: number;
            localityCount: number;
            drfaCategories: ("A" | "B" | "C" | "D")[] | null;
            /** @enum {string} */
            source: "nema_drfa_activations" | "nsw_disaster_declarations";
            sourceName: string;
            sourceUrl: string;
        };
        DeclarationList: {
            items: components["schemas"]["DeclarationListItem"][];
            meta: {
                count: number;
                /**
                 * Format: date
                 * @example 2025-06-01
                 */
                activeOn: string;
                nextCursor: string | null;
                horizons: components["schemas"]["CurrencyHorizons"];
            };
            links: {
                self: string;
                /** @description The next page (carries cursor); absent on the last page. */
                next?: string;
            };
            disclaimer: string;
        };
        StreamToken: {
            /** @description Pass as `?token=` to GET /v1/stream. */
            token: string;
            /** @description After this instant the token opens no stream. */
            expiresAt: string;
            /** @description The stream's address with the token, relative to the API. */
            stream: string;
        };
        CreatedSubscription: {
            id: string;
            /** @description The target: the webhook’s URL, or mailto: and the address of an e-mail subscription. */
            url: string;
            /**
             * @description How changes are delivered.
             * @enum {string}
             */
            channel: "webhook" | "email";
            types: string[];
            area: components["schemas"]["SubscriptionArea"];
            /** @enum {string} */
            status: "active" | "disabled";
            /** @description Why deliveries stopped, once disabled. */
            disabledReason: string | null;
            disabledAt: string | null;
            createdAt: string;
            /** @description The Standard Webhooks signing secret (whsec_…): shown this once. Verify each delivery with it. */
            secret: string;
        };
        /** @description Where changes must be: a point and radius (km, ≤ 500), a GeoJSON Polygon, an ABS LGA code, a postcode (the LGAs its suburbs lie in) or a state. */
        SubscriptionArea: {
            /** @enum {string} */
            type: "point";
            lat: number;
            lng: number;
            radiusKm: number;
        } | {
            /** @enum {string} */
            type: "polygon";
            polygon: {
                /** @enum {string} */
                type: "Polygon";
                coordinates: [
                    number,
                    number,
                    number
                ][][];
            };
        } | {
            /** @enum {string} */
            type: "lga";
            code: string;
        } | {
            /** @enum {string} */
            type: "postcode";
            postcode: string;
        } | {
            /** @enum {string} */
            type: "state";
            /** @enum {string} */
            state: "nsw" | "vic" | "qld" | "sa" | "wa" | "tas" | "nt" | "act";
        };
        Subscription: {
            id: string;
            /** @description The target: the webhook’s URL, or mailto: and the address of an e-mail subscription. */
            url: string;
            /**
             * @description How changes are delivered.
             * @enum {string}
             */
            channel: "webhook" | "email";
            types: string[];
            area: components["schemas"]["SubscriptionArea"];
            /** @enum {string} */
            status: "active" | "disabled";
            /** @description Why deliveries stopped, once disabled. */
            disabledReason: string | null;
            disabledAt: string | null;
            createdAt: string;
        };
        NewSubscription: {
            /**
             * Format: uri
             * @description An absolute https URL on a public address (a deployment allowing loopback targets also takes http to 127.0.0.1).
             */
            url: string;
            /**
             * @description The change types to receive; none or empty: every type.
             * @default []
             */
            types: ("incident.created" | "incident.updated" | "incident.retracted" | "event.formed" | "event.changed" | "event.ended" | "gauge.flood_class_changed" | "gauge.stale")[];
            area: components["schemas"]["SubscriptionArea"];
        };
        NewEmailSubscription: {
            /**
             * Format: email
             * @description Where a plain-text digest of the changes goes: one message a minute at most, over the service’s SMTP server.
             */
            email: string;
            /**
             * @description The change types to receive; none or empty: every type.
             * @default []
             */
            types: ("incident.created" | "incident.updated" | "incident.retracted" | "event.formed" | "event.changed" | "event.ended" | "gauge.flood_class_changed" | "gauge.stale")[];
            area: components["schemas"]["SubscriptionArea"];
        };
        SubscriptionList: {
            subscriptions: components["schemas"]["Subscription"][];
        };
        DeliveryList: {
            deliveries: components["schemas"]["Delivery"][];
        };
        Delivery: {
            /** @description The change id: the webhook-id of every attempt. */
            changeId: string;
            type: string;
            subject: string;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            attempts: number;
            queuedAt: string;
            lastAttemptAt: string | null;
            lastStatus: number | null;
            lastError: string | null;
            deliveredAt: string | null;
        };
        /** @description A TileJSON 3.0.0 document for one tile set. */
        TileJson: {
            /** @enum {string} */
            tilejson: "3.0.0";
            name: string;
            description: string;
            /** @description The tiles’ URL template ({z}/{x}/{y}). */
            tiles: string[];
            minzoom: number;
            maxzoom: number;
            bounds: number[];
            vector_layers: {
                id: string;
                fields: {
                    [key: string]: string;
                };
            }[];
            attribution: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
