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
