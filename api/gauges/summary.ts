import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { summarizeGauges, UNKNOWN_GROUP } from '../../gauges/index.js';
import { problems } from '../problem.js';
import type { AppEnv } from '../env.js';
import { jsonResponse, problemResponses } from '../validation.js';
import type { GaugeView } from './catalogue.js';
import type { GaugeDeps } from './deps.js';
import { SummaryQuery } from './params.js';
import { SummaryBodySchema } from './schemas.js';

const summaryRoute = createRoute({
  method: 'get',
  path: '/gauges/summary',
  summary: 'Counts of gauges at or above each flood class, grouped by state or LGA',
  description:
    'Stale gauges are counted apart (stale) and in no class; gauges without published levels are unclassified. groupBy=lga needs state. Gauges without a state (the national source) or outside every LGA are grouped under the key `unknown` ("No state", "No LGA"), last.',
  request: { query: SummaryQuery },
  responses: { 200: jsonResponse('Summary', SummaryBodySchema), ...problemResponses(400, 401) },
});

/** What the `unknown` group holds, by grouping. */
const UNKNOWN_GROUP_NAMES = { state: 'No state', lga: 'No LGA' } as const;

export function registerSummary(app: OpenAPIHono<AppEnv>, deps: GaugeDeps): void {
  app.openapi(summaryRoute, async (c) => {
    const query = c.req.valid('query');
    if (query.groupBy === 'lga' && !query.state) {
      throw problems.invalidParameter('groupBy: lga needs a state (state=nsw, …).');
    }
    const nowMs = deps.now().getTime();
    const views: GaugeView[] = [];
    const lgaNames = new Map<string, string>();
    for (const gauge of await deps.catalogue.viewsAt(nowMs)) {
      if (gauge.variable !== query.variable || (query.state && gauge.state !== query.state)) continue;
      views.push(gauge);
      if (gauge.lga !== null && gauge.lgaName !== null) lgaNames.set(gauge.lga, gauge.lgaName);
    }
    const summary = summarizeGauges(views, { groupBy: query.groupBy });
    const groupName = (key: string): string | null => {
      if (key === UNKNOWN_GROUP) return UNKNOWN_GROUP_NAMES[query.groupBy];
      return query.groupBy === 'lga' ? (lgaNames.get(key) ?? null) : null;
    };
    c.header('cache-control', 'private, max-age=60');
    return c.json(
      {
        summary: summary.summary,
        groups: summary.groups.map((group) => ({ ...group, name: groupName(group.key) })),
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
