import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { summarizeGauges } from '../../gauges/index.js';
import { problems } from '../problem.js';
import type { AppEnv } from '../types.js';
import { problemResponses } from '../validation.js';
import { viewAt, type GaugeView } from './catalogue.js';
import type { GaugeDeps } from './deps.js';
import { SummaryQuery } from './params.js';
import { SummaryBodySchema } from './schemas.js';

const summaryRoute = createRoute({
  method: 'get',
  path: '/gauges/summary',
  summary: 'Counts of gauges at or above each flood class, grouped by state or LGA',
  description:
    'Stale gauges are counted apart (stale) and in no class; gauges without published levels are unclassified. groupBy=lga needs state.',
  request: { query: SummaryQuery },
  responses: {
    200: { description: 'Summary', content: { 'application/json': { schema: SummaryBodySchema } } },
    ...problemResponses(400, 401),
  },
});

export function registerSummary(app: OpenAPIHono<AppEnv>, deps: GaugeDeps): void {
  app.openapi(summaryRoute, async (c) => {
    const query = c.req.valid('query');
    if (query.groupBy === 'lga' && !query.state) {
      throw problems.invalidParameter('groupBy: lga needs a state (state=nsw, …).');
    }
    const nowMs = deps.now().getTime();
    const views: GaugeView[] = [];
    const lgaNames = new Map<string, string>();
    for (const gauge of await deps.catalogue.gauges()) {
      if (gauge.variable !== query.variable || (query.state && gauge.state !== query.state)) continue;
      views.push(viewAt(gauge, nowMs));
      if (gauge.lga !== null && gauge.lgaName !== null) lgaNames.set(gauge.lga, gauge.lgaName);
    }
    const summary = summarizeGauges(views, { groupBy: query.groupBy });
    c.header('cache-control', 'private, max-age=60');
    return c.json(
      {
        summary: summary.summary,
        groups: summary.groups.map((group) => ({
          ...group,
          name: query.groupBy === 'lga' && group.key !== null ? (lgaNames.get(group.key) ?? null) : null,
        })),
        aboveMinorStations: summary.aboveMinorStations,
        meta: {
          groupBy: query.groupBy,
          variable: query.variable,
          generatedAt: new Date(nowMs).toISOString(),
        },
      },
      200,
    );
  });
}
