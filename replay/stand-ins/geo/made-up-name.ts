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
