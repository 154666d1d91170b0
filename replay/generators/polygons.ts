import type { Position } from '../../model/index.js';

/** Closed, roughly round made-up rings a few kilometres across, scattered near a point. */
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
    const ring: Position[] = Array.from({ length: vertices }, (_, vertex) => {
      const angle = (2 * Math.PI * vertex) / vertices;
      const radius = 0.005 + random() * 0.02;
      return [centreLng + radius * Math.cos(angle), centreLat + radius * Math.sin(angle)];
    });
    const [first] = ring;
    if (first) ring.push([first[0], first[1]]);
    return [ring];
  });
}
