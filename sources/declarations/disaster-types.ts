import type { DisasterType } from '../../model/index.js';

/**
 * Hazard wording → disaster types. Longer phrases come first and are consumed, so `storm surge`,
 * `thunderstorm` and `hailstorm` do not also read as `storm`, nor `tropical low` as `rainfall`.
 */
const PHRASES: [RegExp, DisasterType][] = [
  [/storm surge/gi, 'storm_surge'],
  [/thunder\s*storms?/gi, 'thunderstorm'],
  [/hail\s*storms?|\bhail\b/gi, 'hailstorm'],
  [/(?:low\s*\/\s*)?tropical lows?|\blows?\b/gi, 'tropical_low'],
  [/(?:trough\s*\/\s*)?monsoonal troughs?|\btroughs?\b|monsoon/gi, 'monsoonal_trough'],
  [/severe weather|weather events?/gi, 'severe_weather'],
  [/bush\s*fires?|wild\s*fires?|\bfires?\b/gi, 'bushfire'],
  [/flood(?:s|ing)?/gi, 'flood'],
  [/\bstorms?\b/gi, 'storm'],
  [/cyclones?/gi, 'cyclone'],
  [/rain(?:fall)?/gi, 'rainfall'],
  [/tornado(?:es)?/gi, 'tornado'],
  [/earthquakes?/gi, 'earthquake'],
  [/land\s*slides?|land\s*slips?/gi, 'landslide'],
];

/** Words that carry no hazard (`NSW Storms and floods`). */
const FILLER = /\b(?:and|or|nsw|severe|the|of|associated|event|events)\b|[^a-z]+/gi;

export interface FoldedHazards {
  types: DisasterType[];
  /** Text left over that names no known hazard. */
  leftover: string | null;
}

export function foldHazards(phrase: string): FoldedHazards {
  const types = new Set<DisasterType>();
  let rest = phrase;
  for (const [pattern, type] of PHRASES) {
    rest = rest.replace(pattern, () => {
      types.add(type);
      return ' ';
    });
  }
  const leftover = rest.replace(FILLER, ' ').trim();
  return { types: [...types], leftover: leftover || null };
}

/** Several phrases (the DRFA table's comma list): every type, and every phrase naming none. */
export function foldHazardList(phrases: readonly string[]): { types: DisasterType[]; unmapped: string[] } {
  const types = new Set<DisasterType>();
  const unmapped: string[] = [];
  for (const phrase of phrases) {
    const folded = foldHazards(phrase);
    folded.types.forEach((type) => types.add(type));
    if (folded.leftover) unmapped.push(phrase);
  }
  return { types: [...types], unmapped };
}
