import { stringify } from 'csv-stringify/sync';
import type { IncidentRecord } from '../model/index.js';

/** The spec's CSV columns, in its order. */
export const CSV_COLUMNS = [
  'id',
  'state',
  'agency',
  'feed_id',
  'title',
  'event_type',
  'status',
  'warning_level',
  'severity',
  'urgency',
  'certainty',
  'lng',
  'lat',
  'address',
  'suburb',
  'lga',
  'location_state',
  'reported_at',
  'updated_at',
  'fetched_at',
  'is_retracted',
  'retracted_at',
  'retraction_reason',
] as const;

function csvRow(record: IncidentRecord): (string | number | boolean | null)[] {
  return [
    record.id,
    record.state,
    record.agency,
    record.feed_id,
    record.title,
    record.event_type,
    record.status,
    record.warning_level,
    record.severity,
    record.urgency,
    record.certainty,
    record.longitude,
    record.latitude,
    record.address,
    record.suburb,
    record.lga,
    record.location_state,
    record.reported_at,
    record.updated_at,
    record.fetched_at,
    record.retracted,
    record.retracted_at,
    record.retraction_reason,
  ];
}

/** RFC 4180: CRLF line ends, fields quoted when they need it, a header row. */
export function toCsv(records: readonly IncidentRecord[]): string {
  return stringify(records.map(csvRow), {
    header: true,
    columns: [...CSV_COLUMNS],
    record_delimiter: 'windows',
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
}
