import type { ClusterMember } from '../../clustering/index.js';
import { categoryOf } from '../../model/index.js';

/** Near Katoomba: a made-up origin that fixture positions are measured from. */
export const ORIGIN = { lng: 150.3, lat: -33.7 };
export const NOW = '2026-01-10T06:00:00.000Z';

const KM_PER_DEGREE_LAT = 111.195;

/** [lng, lat] of the point `east` km east and `north` km north of `from` (flat-earth, fine at tens of km). */
export function offset(east: number, north: number, from = ORIGIN): { lng: number; lat: number } {
  const lat = from.lat + north / KM_PER_DEGREE_LAT;
  const lng = from.lng + east / (KM_PER_DEGREE_LAT * Math.cos((from.lat * Math.PI) / 180));
  return { lng, lat };
}

/** A bushfire member at `east`/`north` km from ORIGIN, current at NOW; any field may be overridden. */
export function member(
  id: string,
  east: number,
  north: number,
  overrides: Partial<ClusterMember> = {},
): ClusterMember {
  const eventType = overrides.eventType ?? 'bushfire';
  return {
    id,
    ...offset(east, north),
    eventType,
    eventCategory: categoryOf(eventType),
    state: 'nsw',
    agency: 'rfs',
    suburb: `Place ${id}`,
    severity: 'Minor',
    warningLevel: 'advice',
    reportedAt: '2026-01-10T01:00:00.000Z',
    updatedAt: '2026-01-10T05:00:00.000Z',
    hectares: null,
    ...overrides,
  };
}

/** A line of members 5 km apart going east from `startKm` (one cluster at the fire radius). */
export function line(prefix: string, count: number, startKm = 0, north = 0): ClusterMember[] {
  return Array.from({ length: count }, (_, i) => member(`${prefix}${i + 1}`, startKm + i * 5, north));
}

/** Deterministic shuffle (a fixed permutation per seed), to show order does not matter. */
export function shuffled<T>(values: readonly T[], seed: number): T[] {
  const out = [...values];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
