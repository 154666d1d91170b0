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
