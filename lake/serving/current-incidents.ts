import { retractedSince as wasRetractedSince, type IncidentRecord } from '../../model/index.js';

/** Each list filter and the column it matches. */
const LIST_FILTERS = {
  state: 'state',
  eventType: 'event_type',
  category: 'event_category',
  featureType: 'feature_type',
  severity: 'severity',
  urgency: 'urgency',
  certainty: 'certainty',
  warningLevel: 'warning_level',
  status: 'status',
  agency: 'agency',
} as const satisfies Record<string, keyof IncidentRecord>;
type ListFilter = keyof typeof LIST_FILTERS;

/**
 * Filters of the current incidents: a list admits a record whose column holds any of its values (no
 * list, or an empty one, admits all); a box admits points inside it; retracted records only on asking.
 */
export type CurrentIncidentFilters = {
  [K in ListFilter]?: readonly IncidentRecord[(typeof LIST_FILTERS)[K]][] | undefined;
} & {
  bbox?: { minLon: number; minLat: number; maxLon: number; maxLat: number } | undefined;
  include_retracted?: boolean | undefined;
};

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
    filters: CurrentIncidentFilters,
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

function matcher(
  filters: CurrentIncidentFilters,
  retractedSince?: number,
): (record: IncidentRecord) => boolean {
  const sets = (Object.keys(LIST_FILTERS) as ListFilter[]).flatMap((key) => {
    const values = filters[key];
    return values && values.length > 0 ? [[LIST_FILTERS[key], new Set<string>(values)] as const] : [];
  });
  const box = filters.bbox;
  const admitRetracted = (record: IncidentRecord) =>
    filters.include_retracted || (retractedSince !== undefined && wasRetractedSince(record, retractedSince));
  return (record) => {
    if (record.retracted && !admitRetracted(record)) return false;
    for (const [column, allowed] of sets) if (!allowed.has(record[column])) return false;
    if (box) {
      const { longitude, latitude } = record;
      if (longitude === null || latitude === null) return false;
      if (longitude < box.minLon || longitude > box.maxLon || latitude < box.minLat || latitude > box.maxLat)
        return false;
    }
    return true;
  };
}
