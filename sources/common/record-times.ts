import type { UnmappedValue } from '../../model/index.js';
import type { CollectedRecord, RecordCollector } from './collector.js';
import { draftsOf, type RecordInput, type Timestamps } from './drafts.js';
import { type Report, unmappedFor } from './vocabulary.js';

/**
 * A record's times: each time field read the same way, the record dropped when none can be read, and
 * collected at its update time once it has its drafts.
 */

/** Reads one time field: blank text is no time, and text `parse` cannot read is reported under the field. */
export type TimeFieldReader = (field: string, text: string | undefined) => string | undefined;

export function timeFieldReader(
  report: Report,
  parse: (text: string) => string | undefined,
): TimeFieldReader {
  return (field, text) => {
    if (text === undefined || text.trim() === '') return undefined;
    const parsed = parse(text);
    if (!parsed) report(field, text);
    return parsed;
  };
}

/** A record that has its times, with the unmapped values its vocabulary lookups report into. */
export interface TimedRecord {
  unmapped: UnmappedValue[];
  report: Report;
  timestamps: Timestamps;
}

/**
 * The unmapped values of incident `id` and the times `readTimes` finds; undefined once the record is
 * dropped as `no-timestamps` under `upstreamId`, without the time values it could not read.
 */
export function timedRecord(
  id: string,
  upstreamId: string,
  collector: RecordCollector,
  readTimes: (report: Report) => Timestamps | undefined,
): TimedRecord | undefined {
  const { unmapped, report } = unmappedFor(id);
  const timestamps = readTimes(report);
  if (!timestamps) {
    collector.drop('no-timestamps', upstreamId);
    return undefined;
  }
  return { unmapped, report, timestamps };
}

/** The drafts of a timed record (common/drafts.ts), with its unmapped values, ready for the one-per-id rule. */
export function collectedDrafts(
  record: TimedRecord,
  input: Omit<RecordInput, 'timestamps'>,
  upstreamId: string,
): CollectedRecord {
  return {
    id: input.id,
    upstreamId,
    updatedAt: Date.parse(record.timestamps.updated),
    drafts: draftsOf({ ...input, timestamps: record.timestamps }),
    unmapped: record.unmapped,
  };
}
