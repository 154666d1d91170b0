import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { notModified } from '../http-cache.js';
import { problems } from '../problem.js';
import type { AppEnv, ExportDeps } from '../types.js';
import { notModifiedResponse, problemResponses, validationHook } from '../validation.js';
import { ATOM_MEDIA_TYPE } from '../incidents/cap-responses.js';
import { API_BASE_PATH, CAP_FEED_PATH } from '../../exports/public-paths.js';
import { StaticFileCache } from './static-file.js';

const capFeedRoute = createRoute({
  method: 'get',
  path: CAP_FEED_PATH.slice(API_BASE_PATH.length),
  summary: 'The whole CAP Atom feed, as a static file',
  description:
    'Written after every warehouse commit: every current incident and area feature, each entry inlining the CAP-AU alert of its latest version, and incidents retracted within the last 7 days as Cancel messages. Unpaged. Conditional requests (If-None-Match, If-Modified-Since) answer 304.',
  responses: {
    200: {
      description: 'The feed',
      content: { [ATOM_MEDIA_TYPE]: { schema: z.string() } },
    },
    ...notModifiedResponse,
    ...problemResponses(503),
  },
});

/** Static export files, served with validators from the file itself. */
export function exportRoutes(deps: ExportDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const capFeed = deps.capFeedFile ? new StaticFileCache(deps.capFeedFile) : undefined;
  app.openapi(capFeedRoute, async (c) => {
    const file = await capFeed?.read();
    if (!file) throw problems.unavailable('The CAP feed is written after the first warehouse commit.');
    const headers = {
      etag: file.etag,
      'last-modified': file.lastModified,
      // Per key like every data answer (quota headers), so never from a shared cache.
      'cache-control': 'private, max-age=60',
    };
    if (
      notModified(
        c.req.header('if-none-match'),
        c.req.header('if-modified-since'),
        file.etag,
        file.lastModified,
      )
    ) {
      return c.body(null, 304, headers);
    }
    return c.body(new Uint8Array(file.body), 200, {
      ...headers,
      'content-type': `${ATOM_MEDIA_TYPE}; charset=utf-8`,
    });
  });
  return app;
}
