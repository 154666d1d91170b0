import type {
  Certainty,
  EventCategory,
  EventType,
  FeatureType,
  IncidentStatus,
  Precision,
  Severity,
  StateCode,
  Urgency,
  WarningLevel,
} from './enums.js';
import type { IncidentGeometry } from './geometry.js';

export interface IncidentSource {
  state: StateCode;
  /** Short agency code, lower case, as used in ids (e.g. `rfs`). */
  agency: string;
  /** The upstream identifier of the incident within its agency. */
  feedId: string;
}

export interface IncidentLocation {
  address: string;
  suburb: string;
  state: string;
  lga: string;
  /** Centroid of the geometry; absent when geometry is null. */
  latitude?: number;
  longitude?: number;
  precision?: Precision;
}

/** Every timestamp is ISO 8601 with an explicit offset. */
export interface IncidentTimestamps {
  reported: string;
  updated: string;
  fetched: string;
}

export interface IncidentRetraction {
  retracted: boolean;
  retractedAt?: string;
  reason?: string;
}

export type IncidentDetails = Record<string, unknown>;

/** The normalised incident, the unit the warehouse stores and the API serves. */
export interface Incident {
  id: string;
  featureType: FeatureType;
  /** For area features: the id of the incident they belong to. */
  parentId?: string;
  source: IncidentSource;
  title: string;
  eventType: EventType;
  eventCategory: EventCategory;
  status: IncidentStatus;
  warningLevel: WarningLevel;
  severity: Severity;
  urgency: Urgency;
  certainty: Certainty;
  geometry: IncidentGeometry | null;
  location: IncidentLocation;
  details: IncidentDetails;
  timestamps: IncidentTimestamps;
  retraction: IncidentRetraction;
}

/** What a parser produces: everything except what the service itself adds at fetch and commit time. */
export type IncidentDraft = Omit<Incident, 'timestamps' | 'retraction'> & {
  timestamps: Omit<IncidentTimestamps, 'fetched'>;
};

/** A parsed draft as fetched at `fetchedAt`: live (not retracted) until a good poll no longer lists it. */
export function normalise(draft: IncidentDraft, fetchedAt: string): Incident {
  return {
    ...draft,
    timestamps: { ...draft.timestamps, fetched: fetchedAt },
    retraction: { retracted: false },
  };
}

/** An upstream value that no mapping table recognised; counted, never dropped silently. */
export interface UnmappedValue {
  field: string;
  value: string;
  incidentId: string;
}

/** A record a parser left out on purpose, with why: never silently. */
export interface DroppedRecord {
  /** `republished`: another feed we poll is its source; `test-record`: a permanent test entry; `duplicate`: seen twice. */
  reason: 'republished' | 'test-record' | 'duplicate' | 'no-id' | 'no-timestamps';
  upstreamId: string;
}

export interface ParseResult {
  incidents: IncidentDraft[];
  unmapped: UnmappedValue[];
  /** Every record left out, in document order; empty when none was. */
  dropped: DroppedRecord[];
}

export function incidentId(source: IncidentSource): string {
  return `${source.state}-${source.agency}-${source.feedId}`;
}

const AREA_SUFFIX: Record<Exclude<FeatureType, 'incident'>, string> = {
  incident_area: 'area',
  warning_area: 'warning',
  fire_ban_area: 'fireban',
};

/** Area features keep their incident's source and take a suffixed id, so both stay stable across polls. */
export function areaId(parentId: string, featureType: Exclude<FeatureType, 'incident'>): string {
  return `${parentId}-${AREA_SUFFIX[featureType]}`;
}
