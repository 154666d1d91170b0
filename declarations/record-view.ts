import { DECLARATION_SOURCES, type DeclarationRecord, type DeclarationRecordView } from '../model/index.js';
import type { RecordStanding } from './currency.js';

export function toRecordView(record: DeclarationRecord, standing: RecordStanding): DeclarationRecordView {
  return {
    id: record.id,
    agrn: record.agrn,
    instrumentType: record.instrumentType,
    jurisdiction: record.jurisdiction,
    eventName: record.eventName,
    disasterTypes: record.disasterTypes,
    area: record.area,
    startDate: record.startDate,
    endDate: record.endDate,
    status: standing.status,
    currency: standing.currency,
    currencyNote: standing.note,
    drfaCategories: record.drfa?.categories ?? null,
    assistance: record.assistance,
    source: record.source,
    sourceName: DECLARATION_SOURCES[record.source].name,
    sourceUrl: record.sourceUrl,
  };
}

/** Newest first, then by id: the order of every record list. */
export function byStartDescending(
  a: { startDate: string; id: string },
  b: { startDate: string; id: string },
): number {
  return b.startDate.localeCompare(a.startDate) || a.id.localeCompare(b.id);
}
