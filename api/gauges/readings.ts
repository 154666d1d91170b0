import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { autoInterval, DAY_MS } from '../../gauges/index.js';
import { problems } from '../problem.js';
import { assertLookback } from '../tier-access.js';
import type { AppEnv } from '../env.js';
import { jsonResponse, problemResponses } from '../validation.js';
import type { GaugeDeps } from './deps.js';
import { GaugeParams, ReadingsQuery } from './params.js';
import { rawReadings, rollupReadings } from './readings-query.js';
import { ReadingsBodySchema } from './schemas.js';

const readingsRoute = createRoute({
  method: 'get',
  path: '/gauges/{id}/readings',
  summary: 'Reading history of one gauge (paid plans), newest first',
  description:
    "Raw readings are kept 30 days (and inside flood-event windows forever), hourly rollups 90 days, daily rollups forever. A rollup reading is a bucket aligned to the source's standard time; its value is the peak level or the rainfall total. Paging: pass meta.nextCursor (an ISO timestamp) back as `cursor`.",
  request: { params: GaugeParams, query: ReadingsQuery },
  responses: { 200: jsonResponse('Readings', ReadingsBodySchema), ...problemResponses(400, 401, 403, 404) },
});

/** The window when `after` is not given. */
const DEFAULT_WINDOW_MS = 7 * DAY_MS;

export function registerReadings(app: OpenAPIHono<AppEnv>, deps: GaugeDeps): void {
  app.openapi(readingsRoute, async (c) => {
    const { id } = c.req.valid('param');
    const query = c.req.valid('query');
    const now = deps.now();
    const beforeMs = query.before ? Date.parse(query.before) : now.getTime();
    const afterMs = query.after ? Date.parse(query.after) : beforeMs - DEFAULT_WINDOW_MS;
    assertLookback(c.get('tier'), new Date(afterMs), now, 'Gauge readings');
    if (afterMs >= beforeMs) throw problems.invalidParameter('after: must be earlier than before.');
    const gauge = await deps.catalogue.byId(id);
    if (!gauge) throw problems.notFound(`No active gauge has the id ${id}.`);
    let atLeast: number | undefined;
    if (query.above) {
      if (gauge.variable === 'rainfall') {
        throw problems.invalidParameter('above: rainfall gauges carry no flood class levels.');
      }
      // A class whose level is not published selects nothing: no level is inferred.
      atLeast = gauge.thresholds?.[query.above] ?? Infinity;
    }
    const cursorMs = query.cursor ? Date.parse(query.cursor) : undefined;
    const interval = query.interval === 'auto' ? autoInterval(afterMs, now.getTime()) : query.interval;
    const window = {
      afterMs,
      beforeMs: cursorMs === undefined ? beforeMs : Math.min(beforeMs, cursorMs),
      atLeast: atLeast === Infinity ? undefined : atLeast,
      limit: query.limit,
    };
    const page =
      atLeast === Infinity
        ? { readings: [], more: false }
        : interval === 'raw'
          ? await rawReadings(deps.store, gauge, window)
          : await rollupReadings(deps.store, gauge, interval, window);
    const last = page.readings.at(-1);
    c.header('cache-control', 'private, max-age=60');
    return c.json(
      {
        gaugeId: gauge.id,
        interval,
        readings: page.readings,
        meta: {
          after: new Date(afterMs).toISOString(),
          before: new Date(beforeMs).toISOString(),
          count: page.readings.length,
          ...(page.more && last ? { nextCursor: last.time } : {}),
        },
      },
      200,
    );
  });
}
