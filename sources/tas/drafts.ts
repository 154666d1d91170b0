import type { DroppedRecord, IncidentDraft, UnmappedValue } from '../../model/index.js';

export { areaDraft, draftsOf, type Place, type RecordInput, type Timestamps } from '../common/drafts.js';
export { locate } from '../common/geometry.js';
export { isRecord, stringOf, withoutUndefined } from '../common/values.js';
export { lookup } from '../common/vocabulary.js';

/** What the Tasmanian parsers share: drafts from one record (common/drafts.ts), duplicates, small readers. */

/** One feature's output, kept until duplicates of its id are resolved. */
export interface ParsedRecord {
  id: string;
  /** The agency's own id (the feedId), as dropped records name it. */
  upstreamId: string;
  /** Epoch ms of `updated`, to keep the later of two copies. */
  updatedAt: number;
  drafts: IncidentDraft[];
  unmapped: UnmappedValue[];
}

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

/**
 * Keeps one record per id, the later update (the later one in the document on a tie); every record
 * left out is listed as a `duplicate`.
 */
export function keepLatest<T extends ParsedRecord>(records: readonly T[], dropped: DroppedRecord[]): T[] {
  const byId = new Map<string, T>();
  for (const record of records) {
    const previous = byId.get(record.id);
    if (previous && record.updatedAt < previous.updatedAt) {
      dropped.push({ reason: 'duplicate', upstreamId: record.upstreamId });
      continue;
    }
    if (previous) dropped.push({ reason: 'duplicate', upstreamId: previous.upstreamId });
    byId.set(record.id, record);
  }
  return [...byId.values()];
}
