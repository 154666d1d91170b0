export { areaDraft, draftsOf, type Place, type RecordInput, type Timestamps } from '../common/drafts.js';
export { locate } from '../common/geometry.js';
export { isRecord, stringOf, withoutUndefined } from '../common/values.js';
export { lookup } from '../common/vocabulary.js';

/** What the Tasmanian parsers share: drafts from one record (common/drafts.ts) and small readers. */

/** The first number in `"533 hectares"`, `"44.444"` or `"1,234 ha"`; undefined for "Not Available". */
export function leadingNumber(text: string | undefined): number | undefined {
  const match = text?.replace(/(\d),(?=\d{3}\b)/g, '$1').match(/^\s*(\d+(?:\.\d+)?)/);
  return match ? Number(match[1]) : undefined;
}

const STREET_WORD =
  /\b(?:road|rd|street|st|lane|ln|highway|hwy|drive|dr|avenue|ave|track|court|ct|place|pl|way|parade|crescent|terrace|esplanade|tier|boulevard|circuit|close|grove)\b/i;

/**
 * Best effort: "Mary Street, SCOTTSDALE" → "SCOTTSDALE"; "Triabunna" (a place alone) → itself;
 * "Derwent Park Road" (a road alone), "Location 1" or bare numbers → "". A "TAS 7000" tail and a
 * "5km NE of" lead are dropped. Capitalisation is kept as the agency wrote it.
 */
export function suburbOf(address: string): string {
  const parts = address
    .replace(/\s*\bTAS\b\s*(?:\d{4})?\s*$/i, '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const last = (parts.at(-1) ?? '').replace(/^\d+(?:\.\d+)?\s*km\s+[NSEW]{1,3}\s+(?:of\s+)?/i, '');
  if (!/\p{L}/u.test(last)) return '';
  if (parts.length > 1) return last;
  return STREET_WORD.test(last) || /\d/.test(last) ? '' : last;
}
