import { retractedSince as wasRetractedSince } from '../../exports/cap/cap-entries.js';
import type { IncidentRecord } from '../../model/index.js';
import type { IncidentFilters } from './list-query.js';

const LIST_FILTERS: [keyof IncidentFilters, keyof IncidentRecord][] = [
  ['state', 'state'],
  ['eventType', 'event_type'],
  ['category', 'event_category'],
  ['featureType', 'feature_type'],
  ['severity', 'severity'],
  ['urgency', 'urgency'],
  ['certainty', 'certainty'],
  ['warningLevel', 'warning_level'],
  ['status', 'status'],
  ['agency', 'agency'],
];

/**
 * The current incidents of one serving generation, held sorted by id: the list endpoint filters and
 * pages them in memory (a few thousand rows) instead of asking DuckDB twice per request. Built from
 * the generation's in-memory DuckDB table, so both always agree.
 */
export class CurrentIncidents {
  private readonly byId: Map<string, IncidentRecord>;

  constructor(private readonly sorted: IncidentRecord[]) {
    this.byId = new Map(sorted.map((record) => [record.id, record]));
  }

  get(id: string): IncidentRecord | undefined {
    return this.byId.get(id);
  }

  get all(): readonly IncidentRecord[] {
    return this.sorted;
  }

  /**
   * The matching records after `afterKey` (exclusive), up to `limit`, and how many match in all.
   * `retractedSince` (epoch ms) also admits records retracted at or after it (CAP feeds' Cancels).
   */
  page(
    filters: IncidentFilters,
    afterKey: string | undefined,
    limit: number,
    { retractedSince }: { retractedSince?: number } = {},
  ): { records: IncidentRecord[]; total: number; more: boolean } {
    const accept = matcher(filters, retractedSince);
    const records: IncidentRecord[] = [];
    let total = 0;
    let more = false;
    for (const record of this.sorted) {
      if (!accept(record)) continue;
      total++;
      if (afterKey !== undefined && record.id <= afterKey) continue;
      if (records.length < limit) records.push(record);
      else more = true;
    }
    return { records, total, more };
  }
}

function matcher(filters: IncidentFilters, retractedSince?: number): (record: IncidentRecord) => boolean {
  const sets = LIST_FILTERS.flatMap(([key, column]) => {
    const values = filters[key] as readonly string[] | undefined;
    return values && values.length > 0 ? [[column, new Set<string>(values)] as const] : [];
  });
  const box = filters.bbox;
  const admitRetracted = (record: IncidentRecord) =>
    filters.include_retracted || (retractedSince !== undefined && wasRetractedSince(record, retractedSince));
  return (record) => {
    if (record.retracted && !admitRetracted(record)) return false;
    for (const [column, allowed] of sets) if (!allowed.has(record[column] as string)) return false;
    if (box) {
      const { longitude, latitude } = record;
      if (longitude === null || latitude === null) return false;
      if (longitude < box.minLon || longitude > box.maxLon || latitude < box.minLat || latitude > box.maxLat)
        return false;
    }
    return true;
  };
}
