import { jurisdictionOf, type Jurisdiction } from '../../model/index.js';

/**
 * Suburb names compared exactly after one normalisation, the same on both sides: accents dropped,
 * case folded, apostrophes removed (`O'Connor` = `OConnor`), other punctuation and runs of spaces
 * made one space. No abbreviation expansion and no fuzzy matching: `Mt Isa` is not `Mount Isa`.
 */
export function normaliseSuburbName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A suburb as asked for: its key, and the state when the text ends with one (`Texas QLD`, `Texas (Qld)`). */
export interface SuburbQuery {
  key: string;
  jurisdiction?: Jurisdiction;
  /** The key without the state, when a state was given. */
  bareKey: string;
}

const TRAILING_STATE = /^(.*\S)[\s,]*\(?\s*(nsw|vic|qld|sa|wa|tas|nt|act)\.?\s*\)?$/i;

export function parseSuburbQuery(text: string): SuburbQuery {
  const key = normaliseSuburbName(text);
  const qualified = TRAILING_STATE.exec(text.trim());
  const jurisdiction = qualified?.[2] ? jurisdictionOf(qualified[2]) : undefined;
  const bareKey = qualified?.[1] ? normaliseSuburbName(qualified[1]) : '';
  return jurisdiction && bareKey ? { key, jurisdiction, bareKey } : { key, bareKey: key };
}

/**
 * ABS SAL names disambiguate repeated names with a bracketed state, sometimes after a region
 * (`Longwood (Vic.)`); the locality name is the part before the bracket.
 */
export function salLocalityName(salName: string): string {
  return salName.replace(/\s*\([^)]*\b(nsw|vic|qld|sa|wa|tas|nt|act|ot)\.?\)\s*$/i, '');
}
