import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { toFeature } from '../../exports/geojson.js';
import { problems } from '../problem.js';
import type { AppEnv } from '../env.js';
import type { CapDeps } from './deps.js';
import { notModifiedResponse, problemResponses } from '../validation.js';
import { CAP_MEDIA_TYPE } from '../../exports/cap/cap-document.js';
import { respondWithAlert } from './cap-responses.js';
import { GEOJSON } from './collection.js';
import { IncidentFeatureSchema, IncidentParams, SingleIncidentQuery } from './schemas.js';

const oneRoute = createRoute({
  method: 'get',
  path: '/incidents/{id}',
  summary: 'One incident',
  description:
    'The incident as a GeoJSON Feature, retracted ones included (see properties.retraction). format=cap-au serves the CAP-AU alert of its latest version (application/cap+xml): an Alert for the first version, an Update for later ones and a Cancel once retracted, each referencing the earlier messages of the incident.',
  request: { params: IncidentParams, query: SingleIncidentQuery },
  responses: {
    200: {
      description: 'The incident',
      content: {
        [GEOJSON]: { schema: IncidentFeatureSchema },
        [CAP_MEDIA_TYPE]: {
          schema: { type: 'string' as const, description: 'format=cap-au: a CAP 1.2 alert' },
        },
      },
    },
    ...notModifiedResponse,
    ...problemResponses(400, 404),
  },
});

export function registerOne(app: OpenAPIHono<AppEnv>, deps: CapDeps): void {
  app.openapi(oneRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { format } = c.req.valid('query');
    const record = (await deps.store.liveIncidents()).get(id);
    if (!record) throw problems.notFound(`No incident has the id ${id}.`);
    if (format === 'cap-au') return respondWithAlert(c, deps, record);
    return c.json(toFeature(record), 200, { 'Content-Type': GEOJSON });
  });
}
