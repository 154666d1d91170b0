import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { toFeature } from '../../exports/geojson.js';
import { decodeCursor, encodeCursor, queryFingerprint } from '../cursor.js';
import { problems } from '../problem.js';
import type { AppEnv, AppDeps } from '../types.js';
import { problemResponses, validationHook } from '../validation.js';
import { filtersOf, whereClause } from './list-query.js';
import {
  IncidentCollectionSchema,
  IncidentFeatureSchema,
  IncidentListQuery,
  IncidentParams,
  SingleIncidentQuery,
} from './schemas.js';

const GEOJSON = 'application/geo+json';

const listRoute = createRoute({
  method: 'get',
  path: '/incidents',
  summary: 'Current incidents as a GeoJSON FeatureCollection',
  request: { query: IncidentListQuery },
  responses: {
    200: { description: 'A page of incidents', content: { [GEOJSON]: { schema: IncidentCollectionSchema } } },
    ...problemResponses(400, 406),
  },
});

const oneRoute = createRoute({
  method: 'get',
  path: '/incidents/{id}',
  summary: 'One incident',
  request: { params: IncidentParams, query: SingleIncidentQuery },
  responses: {
    200: { description: 'The incident', content: { [GEOJSON]: { schema: IncidentFeatureSchema } } },
    ...problemResponses(400, 404, 406),
  },
});

/** Rebuilds the request's own query string with the cursor replaced by `after`. */
function nextLink(path: string, url: URL, cursor: string): string {
  const params = new URLSearchParams(url.search);
  params.delete('cursor');
  params.set('after', cursor);
  return `${path}?${params.toString()}`;
}

export function incidentRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    if (query.format !== 'geojson' && query.format !== 'json') {
      throw problems.notAcceptable(`format=${query.format} is not available yet; use geojson or json.`);
    }
    const filters = filtersOf(query);
    const fingerprint = queryFingerprint(filters);
    const token = query.after ?? query.cursor;
    const afterKey =
      token === undefined ? undefined : decodeCursor(token, fingerprint, query.after ? 'after' : 'cursor');

    await deps.store.refreshIfDue();
    const where = whereClause(filters);
    const [count] = await deps.store.query<{ n: number }>(
      `SELECT count(*)::INTEGER AS n FROM incidents ${where.sql}`,
      where.params,
    );
    const pageWhere =
      afterKey === undefined
        ? where.sql
        : `${where.sql ? `${where.sql} AND` : 'WHERE'} id > $${where.params.length + 1}`;
    const pageParams = afterKey === undefined ? where.params : [...where.params, afterKey];
    const rows = await deps.store.incidents(
      `SELECT * FROM incidents ${pageWhere} ORDER BY id LIMIT ${query.limit + 1}`,
      pageParams,
    );
    const hasMore = rows.length > query.limit;
    const page = rows.slice(0, query.limit);
    const url = new URL(c.req.url);
    const nextCursor = hasMore ? encodeCursor(page[page.length - 1]!.id, fingerprint) : undefined;
    const body = {
      type: 'FeatureCollection' as const,
      features: page.map(toFeature),
      meta: {
        total_count: count?.n ?? 0,
        has_more: hasMore,
        ...(nextCursor ? { next_cursor: nextCursor } : {}),
        generatedAt: deps.now().toISOString(),
        source: 'live' as const,
      },
      links: {
        self: `${url.pathname}${url.search}`,
        ...(nextCursor ? { next: nextLink(url.pathname, url, nextCursor) } : {}),
      },
      attribution: '/v1/attribution',
    };
    return c.json(body, 200, { 'Content-Type': query.format === 'json' ? 'application/json' : GEOJSON });
  });

  app.openapi(oneRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { format } = c.req.valid('query');
    if (format === 'cap-au') throw problems.notAcceptable('format=cap-au is not available yet; use geojson.');
    await deps.store.refreshIfDue();
    const [record] = await deps.store.incidents('SELECT * FROM incidents WHERE id = $1', [id]);
    if (!record) throw problems.notFound(`No incident has the id ${id}.`);
    return c.json(toFeature(record), 200, { 'Content-Type': GEOJSON });
  });

  return app;
}
