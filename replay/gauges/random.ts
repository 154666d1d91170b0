/** Seeded randomness for the gauge generators: the same seed always renders the same documents. */

export { prng } from '../generators/random.js';

/** A value in [0, 1) fixed by three integers: noise at (gauge, time slot) without generator state. */
export function hash01(a: number, b: number, c = 0): number {
  let h =
    Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(c, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}
