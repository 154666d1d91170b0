/** mulberry32: a small seeded generator for made-up stand-in data (same seed, same files). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ONSETS = ['Bar', 'Cor', 'Dun', 'Gil', 'Kar', 'Lin', 'Mur', 'Nar', 'Tal', 'War', 'Yar', 'Bel'];
const MIDDLES = ['a', 'o', 'i', 'e', 'u', 'ra', 'lo', 'me'];
const ENDINGS = ['bin', 'dale', 'gong', 'la', 'mont', 'ridge', 'ton', 'wood', 'vale', 'rook'];

/** A made-up place name, the same for the same number. */
export function madeUpName(n: number): string {
  const onset = ONSETS[n % ONSETS.length] ?? 'Bar';
  const middle = MIDDLES[Math.floor(n / ONSETS.length) % MIDDLES.length] ?? 'a';
  const ending = ENDINGS[Math.floor(n / (ONSETS.length * MIDDLES.length)) % ENDINGS.length] ?? 'ton';
  const repeat = Math.floor(n / (ONSETS.length * MIDDLES.length * ENDINGS.length));
  return `${onset}${middle}${ending}${repeat > 0 ? ` ${repeat + 1}` : ''}`;
}
