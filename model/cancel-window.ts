import type { IncidentRecord } from './record.js';

/**
 * Retractions this recent appear in CAP feeds as Cancel messages (the spec's Limits), so the live set
 * keeps them that long before they retire.
 */
export const CANCEL_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether the record was retracted at or after `since` (epoch ms): CAP feeds carry it as a Cancel. */
export function retractedSince(record: IncidentRecord, since: number): boolean {
  return record.retracted && record.retracted_at !== null && Date.parse(record.retracted_at) >= since;
}
