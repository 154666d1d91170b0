interface Document {
  paths?: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

/**
 * Adds the stream token to the access rules documentAccess wrote: GET /v1/stream takes the key, or a
 * stream token as `?token=` (the access gate's `keyFromRequest`).
 */
export function documentStreamToken<D extends object>(document: D): D {
  const copy = document as Document;
  copy.components ??= {};
  copy.components.securitySchemes = {
    ...copy.components.securitySchemes,
    streamToken: {
      type: 'apiKey',
      in: 'query',
      name: 'token',
      description:
        'A stream token from POST /v1/stream/tokens: opens GET /v1/stream, with the filters it was issued for, for 5 minutes.',
    },
  };
  const get = copy.paths?.['/v1/stream']?.get;
  if (get) get.security = [{ bearerAuth: [] }, { streamToken: [] }];
  return document;
}
