import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { GAUGE_LIMITS } from '../../model/index.js';
import { HOUR_MS } from '../../gauges/index.js';
import { problems } from '../problem.js';
import type { AppEnv } from '../env.js';
import { jsonResponse, problemResponses } from '../validation.js';
import { viewAt } from './catalogue.js';
import type { GaugeDeps } from './deps.js';
import { GaugeParams } from './params.js';
import { rawReadings } from './readings-query.js';
import { GaugeDetailSchema } from './schemas.js';

const oneRoute = createRoute({
  method: 'get',
  path: '/gauges/{id}',
  summary: 'One gauge and its raw readings of the trailing 6 hours',
  request: { params: GaugeParams },
  responses: { 200: jsonResponse('The gauge', GaugeDetailSchema), ...problemResponses(401, 404) },
});

/** More than the 6-hour window can hold at one reading a minute. */
const RECENT_LIMIT = 1000;

export function registerOne(app: OpenAPIHono<AppEnv>, deps: GaugeDeps): void {
  app.openapi(oneRoute, async (c) => {
    const { id } = c.req.valid('param');
    const gauge = await deps.catalogue.byId(id);
    if (!gauge) throw problems.notFound(`No active gauge has the id ${id}.`);
    const nowMs = deps.now().getTime();
    const { readings } = await rawReadings(deps.store, gauge, {
      afterMs: nowMs - GAUGE_LIMITS.recentWindowHours * HOUR_MS,
      beforeMs: nowMs + 1,
      limit: RECENT_LIMIT,
    });
    c.header('cache-control', 'private, max-age=60');
    return c.json({ gauge: viewAt(gauge, nowMs), recent: readings }, 200);
  });
}
