import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { eventFeature } from '../../clustering/event-feature.js';
import type { EventFilters } from '../../lake/serving/events.js';
import { GEOJSON, nextLink } from '../incidents/collection.js';
import type { AppEnv } from '../env.js';
import type { EventDeps } from './deps.js';
import { notModifiedResponse, problemResponses } from '../validation.js';
import { listKeyText, parseListKey } from './list-key.js';
import { EventCollectionSchema, EventListQuery } from './schemas.js';
import { selfLink } from '../request-links.js';

const listRoute = createRoute({
  method: 'get',
  path: '/events',
  summary: 'Clustered events',
  description:
    'Groups of related incidents formed by density-based spatial clustering (docs/adr/0011-event-clustering.md), as a GeoJSON FeatureCollection, most recently updated first. Active events only unless include_inactive=true. Paged by an opaque cursor (meta.nextCursor).',
  request: { query: EventListQuery },
  responses: {
    200: {
      description: 'A page of events',
      content: { [GEOJSON]: { schema: EventCollectionSchema } },
    },
    ...notModifiedResponse,
    ...problemResponses(400),
  },
});

export function registerEventList(app: OpenAPIHono<AppEnv>, deps: EventDeps): void {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const filters: EventFilters = {
      state: query.state,
      eventType: query.eventType,
      severity: query.severity,
      warningLevel: query.warningLevel,
      includeInactive: query.include_inactive,
    };
    const { fingerprint, afterKey } = deps.cursors.resume({ cursor: query.cursor }, filters);
    const after = afterKey === undefined ? undefined : parseListKey(afterKey);
    const { events, total, more } = (await deps.store.events()).page(filters, after, query.limit);
    const last = events[events.length - 1];
    const nextCursor = more && last ? deps.cursors.encode(listKeyText(last), fingerprint) : undefined;
    const next = nextLink(c, nextCursor, 'cursor');
    const body = {
      type: 'FeatureCollection' as const,
      features: events.map(eventFeature),
      meta: {
        totalEvents: total,
        generatedAt: deps.now().toISOString(),
        ...(nextCursor ? { nextCursor } : {}),
      },
      links: { self: selfLink(c), ...(next ? { next } : {}) },
      attribution: '/v1/attribution',
    };
    return c.json(body, 200, { 'Content-Type': GEOJSON });
  });
}
