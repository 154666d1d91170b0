import { STATES } from '../model/index.js';
import type {
  EventCategory,
  EventType,
  IncidentRecord,
  Severity,
  StateCode,
  WarningLevel,
} from '../model/index.js';
import type { ClusteringConfig } from '../config/clustering.js';
import { hectaresFromDetails } from './hectares.js';

/** What clustering needs of one point incident. */
export interface ClusterMember {
  id: string;
  lat: number;
  lng: number;
  eventType: EventType;
  eventCategory: EventCategory;
  /** The state the incident lies in (lowercase code). */
  state: StateCode;
  agency: string;
  suburb: string;
  severity: Severity;
  warningLevel: WarningLevel;
  /** ISO 8601 date-times, as the agency gave them. */
  reportedAt: string;
  updatedAt: string;
  /** The size the agency reports (see hectares.ts); null when it gives none. */
  hectares: number | null;
}

const STATE_CODES: ReadonlySet<string> = new Set(STATES);

function isStateCode(value: string): value is StateCode {
  return STATE_CODES.has(value);
}

function parsedDetails(details: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(details);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The member form of a record; null when it has no point to place it by. The state is where the
 * incident lies (an RFS fire in the ACT is in `act`), falling back to the publishing agency's state.
 */
export function clusterMemberFromRecord(record: IncidentRecord): ClusterMember | null {
  if (record.latitude === null || record.longitude === null) return null;
  const locationState = record.location_state.trim().toLowerCase();
  return {
    id: record.id,
    lat: record.latitude,
    lng: record.longitude,
    eventType: record.event_type,
    eventCategory: record.event_category,
    state: isStateCode(locationState) ? locationState : record.state,
    agency: record.agency,
    suburb: record.suburb.trim(),
    severity: record.severity,
    warningLevel: record.warning_level,
    reportedAt: record.reported_at,
    updatedAt: record.updated_at,
    hectares: hectaresFromDetails(parsedDetails(record.details)),
  };
}

/**
 * The members among live records: point incidents (not their area features), not retracted, in a
 * status that still counts, with coordinates. Category, type and age are judged by the clustering.
 */
export function clusterMembersFromRecords(
  records: Iterable<IncidentRecord>,
  config: Pick<ClusteringConfig, 'clusteredStatuses'>,
): ClusterMember[] {
  const statuses = new Set(config.clusteredStatuses);
  const members: ClusterMember[] = [];
  for (const record of records) {
    if (record.feature_type !== 'incident' || record.retracted || !statuses.has(record.status)) continue;
    const member = clusterMemberFromRecord(record);
    if (member) members.push(member);
  }
  return members;
}
