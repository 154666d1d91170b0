import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { isAtOrAbove } from '../../gauges/index.js';
import { problems } from '../problem.js';
import type { AppEnv } from '../types.js';
import { problemResponses } from '../validation.js';
import type { GaugeView } from './catalogue.js';
import type { GaugeDeps } from './deps.js';
import { GaugeListQuery } from './params.js';
import { GaugeCollectionSchema } from './schemas.js';
import { linkWith, selfLink } from '../request-links.js';

const listRoute = createRoute({
  method: 'get',
  path: '/gauges',
  summary: 'River and rain gauges with their latest reading and flood class',
  description:
    'Active gauges sorted by id. `floodClass` keeps current (not stale) water-level gauges at or above that class. Paging by `cursor` from meta.nextCursor.',
  request: { query: GaugeListQuery },
  responses: {
    200: { description: 'Gauges', content: { 'application/json': { schema: GaugeCollectionSchema } } },
    ...problemResponses(400, 401),
  },
});

function matches(query: GaugeListQuery, gauge: GaugeView): boolean {
  if (gauge.variable !== query.variable) return false;
  if (query.state && gauge.state !== query.state) return false;
  if (query.lga && gauge.lga !== query.lga) return false;
  if (query.source && gauge.source !== query.source) return false;
  if (
    query.floodClass &&
    (gauge.readingStatus !== 'current' || !isAtOrAbove(gauge.floodClass, query.floodClass))
  ) {
    return false;
  }
  const box = query.bbox;
  if (box) {
    if (gauge.latitude === null || gauge.longitude === null) return false;
    if (gauge.longitude < box.minLon || gauge.longitude > box.maxLon) return false;
    if (gauge.latitude < box.minLat || gauge.latitude > box.maxLat) return false;
  }
  return true;
}

export function registerList(app: OpenAPIHono<AppEnv>, deps: GaugeDeps): void {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    if (query.floodClass && query.variable === 'rainfall') {
      throw problems.invalidParameter(
        'floodClass: rainfall gauges carry no flood class; use it with variable=water_level.',
      );
    }
    const { cursor, limit, ...filters } = query;
    const { fingerprint, afterKey } = deps.cursors.resume({ cursor }, filters);
    const nowMs = deps.now().getTime();
    const matched = (await deps.catalogue.viewsAt(nowMs)).filter((gauge) => matches(query, gauge));
    const start = afterKey === undefined ? 0 : matched.findIndex((gauge) => gauge.id > afterKey);
    const page = start < 0 ? [] : matched.slice(start, start + limit);
    const last = page.at(-1);
    const more = start >= 0 && start + limit < matched.length;
    const nextCursor = more && last ? deps.cursors.encode(last.id, fingerprint) : undefined;
    c.header('cache-control', 'private, max-age=60');
    return c.json(
      {
        gauges: page,
        meta: {
          totalCount: matched.length,
          ...(nextCursor ? { nextCursor } : {}),
          generatedAt: new Date(nowMs).toISOString(),
        },
        links: {
          self: selfLink(c),
          ...(nextCursor ? { next: linkWith(c, (next) => next.set('cursor', nextCursor)) } : {}),
        },
        attribution: '/v1/attribution',
      },
      200,
    );
  });
}
