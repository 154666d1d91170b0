import { prng } from '../generators/random.js';

/** The generators' one seeded PRNG (mulberry32), under the name the archive generator uses. */
export const seededRandom = (seed: number): (() => number) => prng(seed);

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
