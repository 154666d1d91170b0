import type { Jurisdiction, LgaRef } from '../../model/index.js';

/**
 * LGA names as registers write them, matched to ABS codes. Registers drop hyphens and the ABS
 * disambiguating bracket (`Mid Coast` for `Mid-Coast`, `Bayside` for `Bayside (NSW)`), mix case
 * (`Ku-Ring-Gai`), and shorten names with a generic last word (`Bega` for `Bega Valley`,
 * `Nambucca` for `Nambucca Valley`): such a short form is accepted only when no other LGA of the
 * jurisdiction has it.
 */
export function normaliseLgaName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const GENERIC_LAST_WORD = /\s(?:shire|regional|council|city|municipality|valley|plains)$/;
/** Longest LGA name in words, to bound the split search. */
const MAX_WORDS = 6;

export interface LgaNameMatcher {
  match(name: string): LgaRef | undefined;
  /**
   * Text holding several names separated only by spaces (a register cell read as text): the longest
   * known name at each position, left to right; words matching none come back as `unmatched` runs.
   */
  split(text: string): { lgas: LgaRef[]; unmatched: string[] };
}

export function lgaNameMatcher(lgas: readonly LgaRef[], jurisdiction: Jurisdiction): LgaNameMatcher {
  const byName = new Map<string, LgaRef>();
  const inJurisdiction = lgas.filter((lga) => lga.jurisdiction === jurisdiction);
  for (const lga of inJurisdiction) byName.set(normaliseLgaName(lga.name), lga);
  const shortForms = new Map<string, LgaRef[]>();
  for (const lga of inJurisdiction) {
    const full = normaliseLgaName(lga.name);
    const short = full.replace(GENERIC_LAST_WORD, '');
    if (short !== full && !byName.has(short)) shortForms.set(short, [...(shortForms.get(short) ?? []), lga]);
  }
  for (const [short, candidates] of shortForms) {
    const only = candidates.length === 1 ? candidates[0] : undefined;
    if (only) byName.set(short, only);
  }

  const match = (name: string) => byName.get(normaliseLgaName(name));
  const split = (text: string) => {
    const words = normaliseLgaName(text).split(' ').filter(Boolean);
    const found: LgaRef[] = [];
    const unmatched: string[] = [];
    let pending: string[] = [];
    for (let at = 0; at < words.length;) {
      let hit: { lga: LgaRef; length: number } | undefined;
      for (let length = Math.min(MAX_WORDS, words.length - at); length > 0 && !hit; length -= 1) {
        const lga = byName.get(words.slice(at, at + length).join(' '));
        if (lga) hit = { lga, length };
      }
      if (hit) {
        if (pending.length > 0) unmatched.push(pending.join(' '));
        pending = [];
        if (!found.includes(hit.lga)) found.push(hit.lga);
        at += hit.length;
      } else {
        pending.push(words[at] ?? '');
        at += 1;
      }
    }
    if (pending.length > 0) unmatched.push(pending.join(' '));
    return { lgas: found, unmatched };
  };
  return { match, split };
}
