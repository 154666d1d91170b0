import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { eventFeature } from '../../clustering/event-feature.js';
import { toFeature } from '../../exports/geojson.js';
import { GEOJSON } from '../incidents/collection.js';
import { problems } from '../problem.js';
import type { AppEnv } from '../env.js';
import type { EventDeps } from './deps.js';
import { notModifiedResponse, problemResponses } from '../validation.js';
import { EventFeatureSchema, EventParams, SingleEventQuery } from './schemas.js';

const oneRoute = createRoute({
  method: 'get',
  path: '/events/{id}',
  summary: 'One clustered event',
  description:
    'The event as a GeoJSON Feature, ended ones included (properties.isActive false) for 7 days after they end. include_incidents=true embeds its incidents in properties.incidents. An id that is not a UUID names no event: 404.',
  request: { params: EventParams, query: SingleEventQuery },
  responses: {
    200: { description: 'The event', content: { [GEOJSON]: { schema: EventFeatureSchema } } },
    ...notModifiedResponse,
    ...problemResponses(400, 404),
  },
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function registerOneEvent(app: OpenAPIHono<AppEnv>, deps: Pick<EventDeps, 'store'>): void {
  app.openapi(oneRoute, async (c) => {
    const id = c.req.valid('param').id.toLowerCase();
    const { include_incidents } = c.req.valid('query');
    const event = UUID.test(id) ? (await deps.store.events()).get(id) : undefined;
    if (!event) throw problems.notFound(`No event has the id ${c.req.valid('param').id}.`);
    const feature = eventFeature(event);
    if (!include_incidents) return c.json(feature, 200, { 'Content-Type': GEOJSON });
    const live = await deps.store.liveIncidents();
    const incidents = event.memberIds.flatMap((memberId) => {
      const record = live.get(memberId);
      return record ? [toFeature(record)] : [];
    });
    return c.json({ ...feature, properties: { ...feature.properties, incidents } }, 200, {
      'Content-Type': GEOJSON,
    });
  });
}
