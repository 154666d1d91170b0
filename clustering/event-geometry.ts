import { centroid } from '@turf/centroid';
import { convex } from '@turf/convex';
import { multiPoint } from '@turf/helpers';
import type { EventGeometry, Position } from '../model/index.js';

/** Whether at least three different positions are among `positions`. */
function hasThreeDistinct(positions: readonly Position[]): boolean {
  const [first] = positions;
  if (!first) return false;
  let second: Position | undefined;
  for (const position of positions) {
    if (position[0] === first[0] && position[1] === first[1]) continue;
    if (!second) second = position;
    else if (position[0] !== second[0] || position[1] !== second[1]) return true;
  }
  return false;
}

/**
 * The convex hull of the positions when at least three distinct ones span an area, else their
 * centroid. Rings wind counter-clockwise (RFC 7946's right-hand rule).
 */
export function eventGeometry(positions: readonly Position[]): EventGeometry {
  const points = multiPoint(positions.map(([lng, lat]) => [lng, lat]));
  // Collinear points have no hull: convex() gives null and the centroid stands in.
  const hull = hasThreeDistinct(positions) ? convex(points) : null;
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
