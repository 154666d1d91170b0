import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { toFeature } from '../../exports/geojson.js';
import { problems } from '../problem.js';
import type { AppDeps, AppEnv } from '../types.js';
import { notModifiedResponse, problemResponses } from '../validation.js';
import { GEOJSON } from './collection.js';
import { IncidentFeatureSchema, IncidentParams, SingleIncidentQuery } from './schemas.js';

const oneRoute = createRoute({
  method: 'get',
  path: '/incidents/{id}',
  summary: 'One incident',
  description: 'The incident as a GeoJSON Feature, retracted ones included (see properties.retraction).',
  request: { params: IncidentParams, query: SingleIncidentQuery },
  responses: {
    200: { description: 'The incident', content: { [GEOJSON]: { schema: IncidentFeatureSchema } } },
    ...notModifiedResponse,
    ...problemResponses(400, 404, 406),
  },
});

export function registerOne(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(oneRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { format } = c.req.valid('query');
    if (format === 'cap-au') throw problems.notAcceptable('format=cap-au is not available yet; use geojson.');
    const record = (await deps.store.liveIncidents()).get(id);
    if (!record) throw problems.notFound(`No incident has the id ${id}.`);
    return c.json(toFeature(record), 200, { 'Content-Type': GEOJSON });
  });
}
