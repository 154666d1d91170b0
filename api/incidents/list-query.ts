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
