import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { lookupPoint } from '../../declarations/index.js';
import type { AppEnv } from '../env.js';
import type { DeclarationDeps } from './deps.js';
import { problemResponse, problems } from '../problem.js';
import { jsonBody, jsonResponse, problemResponses } from '../validation.js';
import { loadedDeclarations } from './loaded.js';
import { PointBody, todayInAustralia } from './params.js';
import { DISCLAIMER, PointResult } from './schemas.js';

export const POINT_PATH = '/declarations/point';

const BODY_MESSAGE = 'body: must be a JSON object {"lat", "lng", "as_at"?} sent as application/json';

const pointRoute = createRoute({
  method: 'post',
  path: POINT_PATH,
  summary: 'Declaration status at a point',
  description:
    'The LGAs whose 2022 boundary polygons cover the point (every one it touches when it lies on a boundary: onBoundary), each with its status on as_at. POST keeps coordinates out of URLs and logs; the call is read-only and safe to retry. Coordinates are never stored, logged or echoed (not even in a 400), and every answer carries Cache-Control: no-store. A point outside every LGA answers 200 with unknown_location. Matching is at LGA-code level.',
  request: { body: jsonBody(PointBody) },
  responses: {
    200: {
      ...jsonResponse('The point’s status', PointResult),
      headers: { 'Cache-Control': { schema: { type: 'string', example: 'no-store' } } },
    },
    ...problemResponses(400, 503),
  },
});

/**
 * Every answer of the point path, errors included, is not to be kept anywhere; a body that is not
 * JSON is an invalid body (400) like any other, answered in words of our own.
 */
const pointBodyGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const json = /^application\/(?:[\w.+-]+\+)?json\b/i.test(c.req.header('content-type') ?? '');
  const parsed = json
    ? await c.req.json<unknown>().then(
        () => true,
        () => false,
      )
    : false;
  if (c.req.method === 'POST' && !parsed) {
    c.res = problemResponse(
      c,
      problems.invalidParameter(BODY_MESSAGE, [{ parameter: 'body', detail: BODY_MESSAGE }]),
    );
  } else {
    await next();
  }
  c.res.headers.set('cache-control', 'no-store');
};

export function registerPoint(app: OpenAPIHono<AppEnv>, deps: DeclarationDeps): void {
  app.use(POINT_PATH, pointBodyGuard);
  app.openapi(pointRoute, async (c) => {
    const body = c.req.valid('json');
    const { dataset, geography } = await loadedDeclarations(deps);
    const result = lookupPoint(dataset, geography.index, {
      latitude: body.lat,
      longitude: body.lng,
      asAt: body.as_at ?? todayInAustralia(deps.now()),
      includeExpired: body.include_expired ?? false,
      ...(body.instrument_type ? { instrumentType: body.instrument_type } : {}),
    });
    return c.json({ ...result, notes: [...result.notes, ...geography.notes], disclaimer: DISCLAIMER }, 200);
  });
}
