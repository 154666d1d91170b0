import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { problems } from '../problem.js';
import type { AppEnv } from '../env.js';
import type { StreamDeps } from './deps.js';
import { jsonResponse, problemResponses } from '../validation.js';
import { STREAM_FILTER_NAMES, StreamFilterQuery, StreamTokenSchema } from './schemas.js';
import { streamFilters } from './stream.js';
import { STREAM_TOKEN_TTL_MS } from './tokens.js';

const tokenRoute = createRoute({
  method: 'post',
  path: '/stream/tokens',
  summary: 'A short-lived token for one stream',
  description: `A token that opens GET /v1/stream with these filters (the same parameters as the stream's) for ${STREAM_TOKEN_TTL_MS / 60_000} minutes, as \`?token=\`: for EventSource, which cannot send the Authorization header, without putting the key in a URL. The key's plan, origin allowlist and quota apply to the streams it opens; a stream stays open after its token expires, and a reconnect needs a new token (pass the last event's id as \`lastEventId\`).`,
  request: { query: StreamFilterQuery },
  responses: { 201: jsonResponse('The token', StreamTokenSchema), ...problemResponses(400, 503) },
});

export function registerStreamTokens(app: OpenAPIHono<AppEnv>, deps: StreamDeps): void {
  app.openapi(tokenRoute, (c) => {
    const codec = deps.streamTokens;
    const keyId = c.get('keyId');
    if (!codec || keyId === undefined)
      throw problems.unavailable('Stream tokens are not issued by this process.');
    // Validated here as the stream would validate them, so a token always opens its stream.
    streamFilters(c.req.valid('query'));
    const scope = new URLSearchParams(
      STREAM_FILTER_NAMES.flatMap((name) => {
        const value = c.req.query(name);
        return value === undefined || value === '' ? [] : [[name, value] as [string, string]];
      }),
    );
    scope.sort();
    const { token, expiresAt } = codec.issue(keyId, scope.toString(), deps.now().getTime());
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        token,
        expiresAt: new Date(expiresAt).toISOString(),
        stream: `/v1/stream?token=${encodeURIComponent(token)}`,
      },
      201,
    );
  });
}
