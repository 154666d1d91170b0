import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../types.js';
import { notModifiedResponse, problemResponses } from '../validation.js';
import { assertCollectionFormat, collectionContent, respondWithPage } from './collection.js';
import { queryFingerprint } from '../cursor.js';
import { filtersOf } from './list-query.js';
import { IncidentListQuery } from './schemas.js';

const listRoute = createRoute({
  method: 'get',
  path: '/incidents',
  summary: 'Current incidents',
  description:
    'A GeoJSON FeatureCollection of current incidents (point incidents unless featureType is given), paged by an opaque cursor. format=json serves the same document as application/json; format=csv serves the spec columns, with the next page in a Link header.',
  request: { query: IncidentListQuery },
  responses: {
    200: {
      description: 'A page of incidents',
      content: collectionContent,
    },
    ...notModifiedResponse,
    ...problemResponses(400, 406),
  },
});

export function registerList(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    assertCollectionFormat(query.format);
    const filters = filtersOf(query);
    const fingerprint = queryFingerprint(filters);
    const token = query.after ?? query.cursor;
    const afterKey =
      token === undefined
        ? undefined
        : deps.cursors.decode(token, fingerprint, query.after !== undefined ? 'after' : 'cursor');
    const { records, total, more } = (await deps.store.liveIncidents()).page(filters, afterKey, query.limit);
    const last = records[records.length - 1];
    const nextCursor = more && last ? deps.cursors.encode(last.id, fingerprint) : undefined;
    return respondWithPage(
      c,
      { records, total, nextCursor },
      { format: query.format, source: 'live', generatedAt: deps.now() },
    );
  });
}
