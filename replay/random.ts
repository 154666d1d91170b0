/**
 * The one seeded generator of every made-up input (feed documents, gauges, the archive, the
 * declaration and geography stand-ins, event sequences): the same seed always makes the same data.
 * mulberry32: tiny, fast, good enough for made-up test data. With an `index`, the stream is seeded
 * per entry, so entry k never depends on the entries generated before it.
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

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

/** An item by weight: `[[item, weight], …]`. */
export function weighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let target = random() * total;
  for (const [item, weight] of items) {
    target -= weight;
    if (target < 0) return item;
  }
  return items[items.length - 1]![0];
}
