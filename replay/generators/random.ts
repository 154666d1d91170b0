import type { Position } from '../../model/index.js';

/**
 * mulberry32: a tiny, fast, seeded generator, good enough for made-up test data. With an `index`, the
 * stream is seeded per entry, so entry k never depends on the entries generated before it.
 */
export function prng(seed: number, index?: number): () => number {
  let state = (index === undefined ? seed : seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
