import type { Position } from '../../model/index.js';

/**
 * A closed made-up ring around [lng, lat]: `vertices` points evenly round, each at a distance (in
 * degrees) `radius()` draws, then the first point again.
 */
export function ringAround(lng: number, lat: number, vertices: number, radius: () => number): Position[] {
  const ring: Position[] = Array.from({ length: vertices }, (_, vertex) => {
    const angle = (2 * Math.PI * vertex) / vertices;
    const distance = radius();
    return [lng + distance * Math.cos(angle), lat + distance * Math.sin(angle)];
  });
  const [first] = ring;
  if (first) ring.push([first[0], first[1]]);
  return ring;
}

/** `count` closed, roughly round rings a few kilometres across, scattered near [lng, lat]. */
export function polygonsAround(
  lng: number,
  lat: number,
  count: number,
  random: () => number,
): Position[][][] {
  return Array.from({ length: count }, () => {
    const centreLng = lng + (random() - 0.5) * 0.1;
    const centreLat = lat + (random() - 0.5) * 0.1;
    const vertices = 5 + Math.floor(random() * 4);
    return [ringAround(centreLng, centreLat, vertices, () => 0.005 + random() * 0.02)];
  });
}
