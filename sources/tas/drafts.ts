import { suburbReader } from '../common/address.js';

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
 * Best effort (common/address.ts): "Mary Street, SCOTTSDALE" → "SCOTTSDALE"; "Triabunna" (a place
 * alone) → itself; "Derwent Park Road" (a road alone), "Location 1" or bare numbers → "".
 * Capitalisation is kept as the agency wrote it.
 */
export const suburbOf = suburbReader({
  state: 'TAS',
  alone: (part) => (STREET_WORD.test(part) || /\d/.test(part) ? '' : part),
});
