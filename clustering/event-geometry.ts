import { centroid } from '@turf/centroid';
import { convex } from '@turf/convex';
import { featureCollection, point } from '@turf/helpers';
import type { EventGeometry, Position } from '../model/index.js';

/**
 * The convex hull of the positions when at least three distinct ones span an area, else their
 * centroid. Rings wind counter-clockwise (RFC 7946's right-hand rule).
 */
export function eventGeometry(positions: readonly Position[]): EventGeometry {
  const points = featureCollection(positions.map((position) => point([...position])));
  const distinct = new Set(positions.map(([lng, lat]) => `${lng},${lat}`));
  // Collinear points have no hull: convex() gives null and the centroid stands in.
  const hull = distinct.size >= 3 ? convex(points) : null;
  if (hull) {
    const ring = hull.geometry.coordinates[0]!.map(([lng, lat]) => [lng!, lat!] as Position);
    return { type: 'Polygon', coordinates: [signedArea(ring) < 0 ? ring.reverse() : ring] };
  }
  const [lng, lat] = centroid(points).geometry.coordinates;
  return { type: 'Point', coordinates: [lng!, lat!] };
}

/** Twice the signed planar area of a closed ring: positive when it winds counter-clockwise. */
function signedArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) {
    const [x1, y1] = ring[i - 1]!;
    const [x2, y2] = ring[i]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}
