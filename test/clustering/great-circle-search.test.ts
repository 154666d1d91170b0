import { distance } from 'geokdbush';
import KDBush from 'kdbush';
import { describe, expect, it } from 'vitest';
import { capBoxes, candidatesWithin } from '../../clustering/great-circle-search.js';
import { prng } from '../../replay/random.js';

/** Points spread over the whole globe, poles and the antimeridian included. */
function globe(count: number, seed: number): { lng: number; lat: number }[] {
  const random = prng(seed);
  return Array.from({ length: count }, () => ({
    lng: random() * 360 - 180,
    // Uniform on the sphere, so the polar caps get their share.
    lat: (Math.asin(random() * 2 - 1) * 180) / Math.PI,
  }));
}

function indexOf(points: readonly { lng: number; lat: number }[]): KDBush {
  const index = new KDBush(points.length);
  for (const point of points) index.add(point.lng, point.lat);
  return index.finish();
}

describe('great-circle candidate search', () => {
  it('finds exactly the points within the distance, wherever the centre lies', () => {
    const points = globe(4000, 7);
    const index = indexOf(points);
    const centres = [
      ...globe(150, 8),
      { lng: 179.9, lat: -16 },
      { lng: -179.95, lat: 52 },
      { lng: 12, lat: 89.5 },
      { lng: -70, lat: -89.9 },
    ];
    let found = 0;
    for (const centre of centres) {
      for (const km of [15, 300, 2500]) {
        const within = (j: number) => distance(centre.lng, centre.lat, points[j]!.lng, points[j]!.lat) <= km;
        const expected = points.map((_, j) => j).filter(within);
        const actual = candidatesWithin(index, centre.lng, centre.lat, km).filter(within);
        expect(
          actual.sort((a, b) => a - b),
          `${km} km of ${centre.lng},${centre.lat}`,
        ).toEqual(expected);
        found += expected.length;
      }
    }
    expect(found).toBeGreaterThan(1000);
  });

  it('splits a box at the antimeridian and opens it fully around a pole', () => {
    const across = capBoxes(179.9, -16, 50);
    expect(across).toHaveLength(2);
    expect(across[0]![2]).toBe(180);
    expect(across[1]![0]).toBe(-180);
    expect(capBoxes(10, 89.9, 50)).toEqual([[-180, expect.any(Number), 180, 90]]);
    const [[west, south, east, north]] = capBoxes(150, -33, 15) as [[number, number, number, number]];
    // 15 km is about 0.135° of latitude and, at 33° S, about 0.161° of longitude.
    expect(north - south).toBeCloseTo(0.27, 2);
    expect(east - west).toBeCloseTo(0.322, 2);
  });
});
