import type { IncidentRecord } from '../../model/index.js';
import type { CapEntry } from './cap-atom.js';
import { latestMessage, type IncidentVersion } from './cap-messages.js';

/** Retractions this recent appear in CAP feeds as Cancel messages (the spec's Limits). */
export const CANCEL_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether the record was retracted at or after `since` (epoch ms): CAP feeds carry it as a Cancel. */
export function retractedSince(record: IncidentRecord, since: number): boolean {
  return record.retracted && record.retracted_at !== null && Date.parse(record.retracted_at) >= since;
}

/** Whether a CAP feed built at `now` carries the record: live, or retracted within the window. */
export function inCapFeed(record: IncidentRecord, now: Date): boolean {
  return !record.retracted || retractedSince(record, now.getTime() - CANCEL_WINDOW_MS);
}

/**
 * Each record with the message of its latest version. A record always has versions in a published
 * generation; if one ever lacked them it is still published, as a first Alert at its fetch time.
 */
export function capEntries(
  records: readonly IncidentRecord[],
  versions: ReadonlyMap<string, readonly IncidentVersion[]>,
): CapEntry[] {
  return records.map((record) => {
    const known = versions.get(record.id);
    const history =
      known && known.length > 0
        ? known
        : [{ version: 1, validFrom: Date.parse(record.fetched_at), retracted: record.retracted }];
    return { record, message: latestMessage(record, history) };
  });
}
