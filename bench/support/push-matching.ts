import { pointShape, shapeOfGeometry, type Shape } from '../../geo/shapes.js';
import { prng } from '../../replay/random.js';
import { SubscriptionIndex, sideInArea, type MatchSubject } from '../../subscriptions/matching.js';
import type { ResolvedArea, Subscription } from '../../subscriptions/types.js';
import { percentile } from './push-records.js';

export interface MatchingFigures {
  subscriptions: number;
  changes: number;
  buildMs: number;
  p50Us: number;
  p95Us: number;
  meanMatches: number;
  /** Testing every subscription, for the same changes: the index's baseline. */
  scanP50Us: number;
}

/** Where Australians live, roughly: subscriptions and changes cluster around these (lng, lat). */
const CENTRES: readonly [number, number][] = [
  [151.2, -33.87],
  [144.96, -37.81],
  [153.03, -27.47],
  [115.86, -31.95],
  [138.6, -34.93],
  [147.33, -42.88],
  [149.13, -35.28],
  [130.84, -12.46],
  [150.9, -34.42],
  [146.8, -19.26],
];

/**
 * (c) Matching: `subscriptions` made-up subscriptions (circles of 2–50 km, polygons of 1–40 km, states,
 * some for one change type) around the population centres, and `changes` incident changes there; the
 * time to match each against the index, and against every subscription in turn.
 */
export function matchingFigures(subscriptions: number, changes: number): MatchingFigures {
  const random = prng(3030);
  const near = (spreadDegrees: number): [number, number] => {
    const [lng, lat] = CENTRES[Math.floor(random() * CENTRES.length)]!;
    return [lng + (random() - 0.5) * 2 * spreadDegrees, lat + (random() - 0.5) * 2 * spreadDegrees];
  };
  const states = ['nsw', 'vic', 'qld', 'wa', 'sa', 'tas', 'act', 'nt'] as const;
  const all: Subscription[] = Array.from({ length: subscriptions }, (_, i) => {
    const [lng, lat] = near(2);
    const roll = random();
    const size = 0.01 + random() * 0.35;
    const resolved: ResolvedArea =
      roll < 0.6
        ? { kind: 'circle', longitude: lng, latitude: lat, radiusKm: 2 + random() * 48 }
        : roll < 0.97
          ? {
              kind: 'polygons',
              polygons: [
                [
                  [
                    [lng, lat],
                    [lng + size, lat],
                    [lng + size, lat + size],
                    [lng, lat + size],
                    [lng, lat],
                  ],
                ],
              ],
              lgaCodes: [],
            }
          : { kind: 'state', state: states[i % states.length]! };
    return {
      id: `s${i}`,
      keyId: 'bench',
      url: 'https://hooks.example.org',
      types: random() < 0.3 ? ['incident.created'] : [],
      area: { type: 'state', state: 'nsw' },
      resolved,
      secret: 'whsec_bench',
      status: 'active',
      disabledReason: null,
      disabledAt: null,
      createdAt: '2026-01-01T00:00:00Z',
    };
  });
  const built = performance.now();
  const index = new SubscriptionIndex(all);
  const buildMs = performance.now() - built;
  const subjects: MatchSubject[] = Array.from({ length: changes }, (_, i) => {
    const [lng, lat] = near(2.5);
    const shape: Shape =
      i % 10 === 0
        ? shapeOfGeometry({
            type: 'Polygon',
            coordinates: [
              [
                [lng, lat],
                [lng + 0.1, lat],
                [lng + 0.1, lat + 0.1],
                [lng, lat + 0.1],
                [lng, lat],
              ],
            ],
          })!
        : pointShape(lng, lat);
    const side = { states: [states[i % states.length]!], lgas: [], shape };
    return { type: i % 3 === 0 ? 'incident.created' : 'incident.updated', facets: [side, side] };
  });
  const timings: number[] = [];
  let matches = 0;
  for (const subject of subjects) {
    const started = performance.now();
    matches += index.match(subject).length;
    timings.push((performance.now() - started) * 1000);
  }
  const scan: number[] = [];
  for (const subject of subjects.slice(0, 100)) {
    const started = performance.now();
    all.filter(
      (subscription) =>
        (subscription.types.length === 0 || subscription.types.includes(subject.type)) &&
        subject.facets.some((side) => sideInArea(side, subscription.resolved)),
    );
    scan.push((performance.now() - started) * 1000);
  }
  return {
    subscriptions,
    changes,
    buildMs,
    p50Us: percentile(timings, 0.5),
    p95Us: percentile(timings, 0.95),
    meanMatches: matches / changes,
    scanP50Us: percentile(scan, 0.5),
  };
}
