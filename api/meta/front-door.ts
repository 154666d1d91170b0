import { createRoute, z } from '@hono/zod-openapi';
import { API_BASE_PATH } from '../../exports/public-paths.js';
import { jsonResponse } from '../validation.js';

/** Where to go from `/` and `/v1`: answered without a key, so a first visit is not a bare 401 or 404. */
const FrontDoor = z
  .object({
    name: z.string(),
    version: z.string(),
    description: z.string(),
    authentication: z.string(),
    links: z.object({
      docs: z.string(),
      openapi: z.string(),
      status: z.string(),
      exports: z.string(),
      incidents: z.string(),
      attribution: z.string(),
    }),
  })
  .openapi('FrontDoor');

export function frontDoorRoute(path: '/' | '/v1') {
  return createRoute({
    method: 'get',
    path,
    summary: 'Links to the documentation, the OpenAPI description, status and exports (no authentication)',
    responses: { 200: jsonResponse('Links', FrontDoor) },
  });
}

export function frontDoorBody(version: string): z.infer<typeof FrontDoor> {
  return {
    name: 'Emergency Incident Data Service',
    version,
    description:
      "Australia's emergency incidents from the official feeds of all eight states and territories, in one GeoJSON schema with CAP-aligned fields. Informational only: always follow the advice of the emergency services.",
    authentication:
      'Data endpoints need an API key: Authorization: Bearer <key>. Docs, status and attribution are open.',
    links: {
      docs: `${API_BASE_PATH}/docs`,
      openapi: `${API_BASE_PATH}/openapi.json`,
      status: `${API_BASE_PATH}/status`,
      exports: `${API_BASE_PATH}/exports`,
      incidents: `${API_BASE_PATH}/incidents`,
      attribution: `${API_BASE_PATH}/attribution`,
    },
  };
}
