import { describe, expect, it } from 'vitest';
import { pointShape, shapeOfGeometry } from '../../geo/shapes.js';
import { prng } from '../../replay/random.js';
import { SubscriptionIndex, sideInArea, type MatchSubject } from '../../subscriptions/matching.js';
import type { ResolvedArea, Subscription } from '../../subscriptions/types.js';

function subscription(id: number, resolved: ResolvedArea, types: string[] = []): Subscription {
  return {
    id: `s${id}`,
    keyId: 'k',
    url: 'https://hooks.example.org',
    types,
    area: { type: 'state', state: 'nsw' },
    resolved,
    secret: 'whsec_x',
    status: 'active',
    disabledReason: null,
    disabledAt: null,
    createdAt: '2026-01-01T00:00:00Z',
  };
}

const square = (lon: number, lat: number, size: number): [number, number][][] => [
  [
    [lon, lat],
    [lon + size, lat],
    [lon + size, lat + size],
    [lon, lat + size],
    [lon, lat],
  ],
];

describe('the subscription index', () => {
  it('matches exactly what testing every subscription would, for points and areas, types and states', () => {
    const random = prng(30);
    const uniform = (low: number, high: number) => low + random() * (high - low);
    const subscriptions = Array.from({ length: 3_000 }, (_, i) => {
      const kind = i % 4;
      const types = i % 5 === 0 ? ['incident.created'] : [];
      if (kind === 0)
        return subscription(
          i,
          {
            kind: 'circle',
            longitude: uniform(140, 154),
            latitude: uniform(-39, -28),
            radiusKm: uniform(1, 80),
          },
          types,
        );
      if (kind === 1)
        return subscription(
          i,
          {
            kind: 'polygons',
            polygons: [square(uniform(140, 153), uniform(-39, -29), uniform(0.05, 1))],
            lgaCodes: [`1${i % 50}`.padStart(5, '0')],
          },
          types,
        );
      if (kind === 2) return subscription(i, { kind: 'state', state: i % 8 === 2 ? 'vic' : 'nsw' }, types);
      return subscription(
        i,
        { kind: 'polygons', polygons: [square(uniform(140, 153), uniform(-39, -29), 0.3)], lgaCodes: [] },
        types,
      );
    });
    const index = new SubscriptionIndex(subscriptions);
    let matched = 0;
    for (let i = 0; i < 500; i++) {
      const point = pointShape(uniform(140, 154), uniform(-39, -28));
      const area = shapeOfGeometry({
        type: 'Polygon',
        coordinates: square(uniform(140, 153), uniform(-39, -29), 0.2),
      })!;
      const subject: MatchSubject = {
        type: i % 3 === 0 ? 'incident.created' : 'incident.updated',
        facets: [
          {
            states: [i % 2 ? 'nsw' : 'qld'],
            lgas: i % 7 === 0 ? ['00013'] : [],
            shape: i % 4 === 0 ? area : point,
          },
        ],
      };
      const expected = subscriptions
        .filter(
          (s) =>
            (s.types.length === 0 || s.types.includes(subject.type)) &&
            subject.facets.some((side) => sideInArea(side, s.resolved)),
        )
        .map((s) => s.id)
        .sort();
      expect(
        index
          .match(subject)
          .map((s) => s.id)
          .sort(),
        `change ${i}`,
      ).toEqual(expected);
      matched += expected.length;
    }
    // Neither everything nor nothing: the areas are where the changes are.
    expect(matched).toBeGreaterThan(500);
    expect(matched).toBeLessThan(500 * 1_000);
  });

  it('matches a change by either side, so a subscription sees an incident leave its area', () => {
    const index = new SubscriptionIndex([
      subscription(1, { kind: 'circle', longitude: 150, latitude: -33, radiusKm: 5 }),
    ]);
    const inside = { states: ['nsw'], lgas: [], shape: pointShape(150.01, -33.01) };
    const outside = { states: ['nsw'], lgas: [], shape: pointShape(152, -30) };
    expect(index.match({ type: 'incident.updated', facets: [outside, inside] })).toHaveLength(1);
    expect(index.match({ type: 'incident.updated', facets: [outside] })).toHaveLength(0);
  });
});
