import type { DuckDBValue } from '@duckdb/node-api';
import type { IncidentListQuery } from './schemas.js';

/** Filters of the incident list that narrow the rows; paging and format are not part of it. */
export type IncidentFilters = Pick<
  IncidentListQuery,
  | 'state'
  | 'eventType'
  | 'category'
  | 'featureType'
  | 'severity'
  | 'urgency'
  | 'certainty'
  | 'warningLevel'
  | 'status'
  | 'agency'
  | 'bbox'
  | 'include_retracted'
>;

const LIST_COLUMNS: [keyof IncidentFilters, string][] = [
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

export function filtersOf(query: IncidentListQuery): IncidentFilters {
  return {
    state: query.state,
    eventType: query.eventType,
    category: query.category,
    // Point incidents only unless a feature type is asked for.
    featureType: query.featureType ?? ['incident'],
    severity: query.severity,
    urgency: query.urgency,
    certainty: query.certainty,
    warningLevel: query.warningLevel,
    status: query.status,
    agency: query.agency,
    bbox: query.bbox,
    include_retracted: query.include_retracted,
  };
}

/** Builds WHERE conditions from the filters, with every value bound as a parameter. */
export function whereClause(filters: IncidentFilters): { conditions: string[]; params: DuckDBValue[] } {
  const conditions: string[] = [];
  const params: DuckDBValue[] = [];
  const bind = (value: DuckDBValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  for (const [key, column] of LIST_COLUMNS) {
    const values = filters[key] as string[] | undefined;
    if (values && values.length > 0) conditions.push(`${column} IN (${values.map(bind).join(', ')})`);
  }
  if (filters.bbox) {
    const { minLon, minLat, maxLon, maxLat } = filters.bbox;
    conditions.push(
      `longitude BETWEEN ${bind(minLon)} AND ${bind(maxLon)} AND latitude BETWEEN ${bind(minLat)} AND ${bind(maxLat)}`,
    );
  }
  if (!filters.include_retracted) conditions.push('NOT retracted');
  return { conditions, params };
}
