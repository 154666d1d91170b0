import { createRoute, type OpenAPIHono, type z } from '@hono/zod-openapi';
import { isAtOrAbove } from '../../gauges/index.js';
import { problems } from '../problem.js';
import type { AppEnv } from '../env.js';
import { jsonResponse, problemResponses } from '../validation.js';
import { viewJson, type GaugeView } from './catalogue.js';
import type { GaugeDeps } from './deps.js';
import { GaugeListQuery } from './params.js';
import { GaugeCollectionSchema } from './schemas.js';
import { PerSecondAnswers } from '../per-second-answers.js';
import { linkWith, selfLink } from '../request-links.js';

const listRoute = createRoute({
  method: 'get',
  path: '/gauges',
  summary: 'River and rain gauges with their latest reading and flood class',
  description:
    'Active gauges sorted by id. `floodClass` keeps current (not stale) water-level gauges at or above that class. Paging by `cursor` from meta.nextCursor.',
  request: { query: GaugeListQuery },
  responses: { 200: jsonResponse('Gauges', GaugeCollectionSchema), ...problemResponses(400, 401) },
});

function matches(query: GaugeListQuery, gauge: GaugeView): boolean {
  if (gauge.variable !== query.variable) return false;
  if (query.state && gauge.state !== query.state) return false;
  if (query.lga && gauge.lga !== query.lga) return false;
  if (query.source && gauge.source !== query.source) return false;
  if (
    query.floodClass &&
    (gauge.readingStatus !== 'current' || !isAtOrAbove(gauge.floodClass, query.floodClass))
  ) {
    return false;
  }
  const box = query.bbox;
  if (box) {
    if (gauge.latitude === null || gauge.longitude === null) return false;
    if (gauge.longitude < box.minLon || gauge.longitude > box.maxLon) return false;
    if (gauge.latitude < box.minLat || gauge.latitude > box.maxLat) return false;
  }
  return true;
}

/** Gauges sorted by id: the first one after `afterKey`, by halving. */
function firstAfter(gauges: readonly GaugeView[], afterKey: string | undefined): number {
  if (afterKey === undefined) return 0;
  let low = 0;
  let high = gauges.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (gauges[middle]!.id <= afterKey) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The page after `afterKey` of the gauges of the query's variable that match it, and how many match
 * in all. Filtered by nothing but the variable, that is a slice of the index; otherwise one pass that
 * keeps the page's gauges and only counts the others.
 */
function pageOf(
  candidates: readonly GaugeView[],
  query: GaugeListQuery,
  afterKey: string | undefined,
  limit: number,
): { page: GaugeView[]; totalCount: number; more: boolean } {
  const filtered = query.state || query.lga || query.source || query.floodClass || query.bbox;
  if (!filtered) {
    const start = firstAfter(candidates, afterKey);
    return {
      page: candidates.slice(start, start + limit),
      totalCount: candidates.length,
      more: start + limit < candidates.length,
    };
  }
  const page: GaugeView[] = [];
  let totalCount = 0;
  let more = false;
  for (const gauge of candidates) {
    if (!matches(query, gauge)) continue;
    totalCount += 1;
    if (afterKey !== undefined && gauge.id <= afterKey) continue;
    if (page.length < limit) page.push(gauge);
    else more = true;
  }
  return { page, totalCount, more };
}

export function registerList(app: OpenAPIHono<AppEnv>, deps: GaugeDeps): void {
  // Gauge views change at most once a second: each page is written once a second.
  const pages = new PerSecondAnswers({ 'cache-control': 'private, max-age=60' });
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    if (query.floodClass && query.variable === 'rainfall') {
      throw problems.invalidParameter(
        'floodClass: rainfall gauges carry no flood class; use it with variable=water_level.',
      );
    }
    const { cursor, limit, ...filters } = query;
    const { fingerprint, afterKey } = deps.cursors.resume({ cursor }, filters);
    const nowMs = deps.now().getTime();
    return pages.respond<z.infer<typeof GaugeCollectionSchema>>(c, nowMs, async () => {
      const candidates = await deps.catalogue.viewsOf(nowMs, query.variable);
      const { page, totalCount, more } = pageOf(candidates, query, afterKey, limit);
      const last = page.at(-1);
      const nextCursor = more && last ? deps.cursors.encode(last.id, fingerprint) : undefined;
      const meta = {
        totalCount,
        ...(nextCursor ? { nextCursor } : {}),
        generatedAt: new Date(nowMs).toISOString(),
      };
      const links = {
        self: selfLink(c),
        ...(nextCursor ? { next: linkWith(c, (next) => next.set('cursor', nextCursor)) } : {}),
      };
      // The text of { gauges, meta, links, attribution }, each gauge's text made once a second.
      return `{"gauges":[${page.map(viewJson).join(',')}],"meta":${JSON.stringify(meta)},"links":${JSON.stringify(links)},"attribution":"/v1/attribution"}`;
    });
  });
}
