import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { GAUGE_SOURCES } from '../../config/gauge-sources.js';
import { lastPollError, reportStatus } from '../../model/index.js';
import type { AppEnv } from '../env.js';
import { jsonResponse, problemResponses } from '../validation.js';
import type { GaugeDeps } from './deps.js';
import { GaugeSourceHealthSchema } from './schemas.js';
import { gaugeSourceItem } from './source-health.js';

const sourcesRoute = createRoute({
  method: 'get',
  path: '/gauges/sources',
  summary: 'Health of every gauge source, from its poller',
  description:
    'Each of the eight polling sources with the health its poller reports (read at most every few seconds).',
  responses: {
    200: jsonResponse('Gauge source health', z.object({ sources: z.array(GaugeSourceHealthSchema) })),
    ...problemResponses(401),
  },
});

const ITEMS = GAUGE_SOURCES.map(gaugeSourceItem);

export function registerSources(app: OpenAPIHono<AppEnv>, deps: GaugeDeps): void {
  app.openapi(sourcesRoute, async (c) => {
    const health = deps.gaugeHealth ? await deps.gaugeHealth.read(ITEMS) : [];
    const now = deps.now();
    c.header('cache-control', 'no-cache');
    return c.json(
      {
        sources: GAUGE_SOURCES.map((source, index) => {
          const entry = health[index];
          return {
            source: source.name,
            kind: source.kind,
            agency: source.agency,
            state: source.state,
            status: reportStatus(entry, now),
            lastPolled: entry?.lastPolled ?? null,
            lastSuccess: entry?.lastSuccess ?? null,
            gaugeCount: entry?.gaugeCount ?? 0,
            newReadings: entry?.newReadings ?? 0,
            skippedSeries: entry?.skippedSeries ?? 0,
            errorCount: entry?.errorCount ?? 0,
            consecutiveFailures: entry?.consecutiveFailures ?? 0,
            lastError: (entry && lastPollError(entry)) ?? null,
            nextPoll: entry?.nextPollAt ?? null,
            // What the poller runs with (a setting may shorten it); the catalogue's until it has polled.
            pollIntervalSeconds: entry?.pollIntervalSeconds ?? source.pollIntervalSeconds,
            stalenessHorizonHours: source.stalenessHorizonHours,
          };
        }),
      },
      200,
    );
  });
}
