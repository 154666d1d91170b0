import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../types.js';
import { notModifiedResponse, problemResponses } from '../validation.js';
import { assertCollectionFormat, GEOJSON, respondWithPage } from './collection.js';
import { filtersOf, whereClause } from './list-query.js';
import { keysetPage } from './paging.js';
import { IncidentCollectionSchema, IncidentListQuery } from './schemas.js';

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
      content: {
        [GEOJSON]: { schema: IncidentCollectionSchema },
        'application/json': { schema: IncidentCollectionSchema },
        'text/csv': { schema: { type: 'string' } },
      },
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
    const { conditions, params } = whereClause(filters);
    const page = await keysetPage(deps.store, deps.cursors, {
      from: 'incidents',
      where: conditions,
      params,
      limit: query.limit,
      filters,
      cursor: query.cursor,
      after: query.after,
    });
    return respondWithPage(c, page, { format: query.format, source: 'live', generatedAt: deps.now() });
  });
}
