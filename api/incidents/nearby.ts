import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { IncidentRecord } from '../../model/index.js';
import type { AppEnv } from '../env.js';
import type { IncidentDeps } from './deps.js';
import { collectionResponses, respondWithPage } from './collection.js';
import { featureJsonWithDistance } from './feature-json.js';
import { NearbyQuery } from './schemas.js';

const nearbyRoute = createRoute({
  method: 'get',
  path: '/incidents/nearby',
  summary: 'Incidents within a radius of a point, nearest first',
  description:
    'Point incidents within `radius` km (great-circle distance) of lat/lng, sorted by distance; each feature carries properties.distanceKm. Up to `limit` are returned; meta.total_count counts all within the radius.',
  request: { query: NearbyQuery },
  responses: collectionResponses('Nearby incidents', 400),
});

type Filterable = Pick<
  IncidentRecord,
  | 'state'
  | 'event_type'
  | 'event_category'
  | 'severity'
  | 'urgency'
  | 'certainty'
  | 'warning_level'
  | 'status'
  | 'agency'
>;

/** The nearby filters as one predicate, applied while the index is walked. */
function matcher(query: NearbyQuery): (record: IncidentRecord) => boolean {
  const checks: [keyof Filterable, readonly string[] | undefined][] = [
    ['state', query.state],
    ['event_type', query.eventType],
    ['event_category', query.eventCategory],
    ['severity', query.severity],
    ['urgency', query.urgency],
    ['certainty', query.certainty],
    ['warning_level', query.warningLevel],
    ['status', query.status],
    ['agency', query.agency],
  ];
  const active = checks.filter(
    (check): check is [keyof Filterable, readonly string[]] => check[1] !== undefined,
  );
  return (record) =>
    (query.include_retracted || !record.retracted) &&
    active.every(([column, allowed]) => allowed.includes(record[column]));
}

export function registerNearby(app: OpenAPIHono<AppEnv>, deps: Pick<IncidentDeps, 'store' | 'now'>): void {
  app.openapi(nearbyRoute, async (c) => {
    const query = c.req.valid('query');
    const index = await deps.store.spatial();
    const { total, nearest } = index.nearest(query.lng, query.lat, query.radius, query.limit, matcher(query));
    const distances = new Map(
      nearest.map(({ record, distanceKm }) => [record, Math.round(distanceKm * 1000) / 1000]),
    );
    return respondWithPage(
      c,
      { records: nearest.map((hit) => hit.record), total, hasMore: total > nearest.length },
      {
        format: query.format,
        source: 'live',
        generatedAt: deps.now(),
        featureJson: (record) => featureJsonWithDistance(record, distances.get(record) ?? 0),
      },
    );
  });
}
