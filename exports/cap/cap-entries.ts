import {
  CANCEL_WINDOW_MS,
  retractedSince,
  type IncidentRecord,
  type IncidentVersion,
} from '../../model/index.js';
import type { CapEntry } from './cap-atom.js';
import { latestMessage } from './cap-messages.js';

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
