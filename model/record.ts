import type { Incident, IncidentLocation, IncidentSource } from './incident.js';

/**
 * The flat row form of an Incident: one column per filterable field, geometry and details as JSON
 * text. The warehouse stores it, the serving Parquet carries it, the API reads it back. Every value
 * is JSON-safe (no bigint, no Date); enumerated fields keep the Incident's types. Its columns and their
 * types: lake/incident-columns.ts.
 */
export interface IncidentRecord {
  id: string;
  feature_type: Incident['featureType'];
  parent_id: string | null;
  state: IncidentSource['state'];
  agency: string;
  feed_id: string;
  title: string;
  event_type: Incident['eventType'];
  event_category: Incident['eventCategory'];
  status: Incident['status'];
  warning_level: Incident['warningLevel'];
  severity: Incident['severity'];
  urgency: Incident['urgency'];
  certainty: Incident['certainty'];
  address: string;
  suburb: string;
  lga: string;
  location_state: string;
  latitude: number | null;
  longitude: number | null;
  precision: NonNullable<IncidentLocation['precision']> | null;
  geometry: string | null;
  details: string;
  reported_at: string;
  updated_at: string;
  fetched_at: string;
  retracted: boolean;
  retracted_at: string | null;
  retraction_reason: string | null;
}

export function toRecord(incident: Incident): IncidentRecord {
  const { location, retraction } = incident;
  return {
    id: incident.id,
    feature_type: incident.featureType,
    parent_id: incident.parentId ?? null,
    state: incident.source.state,
    agency: incident.source.agency,
    feed_id: incident.source.feedId,
    title: incident.title,
    event_type: incident.eventType,
    event_category: incident.eventCategory,
    status: incident.status,
    warning_level: incident.warningLevel,
    severity: incident.severity,
    urgency: incident.urgency,
    certainty: incident.certainty,
    address: location.address,
    suburb: location.suburb,
    lga: location.lga,
    location_state: location.state,
    latitude: location.latitude ?? null,
    longitude: location.longitude ?? null,
    precision: location.precision ?? null,
    geometry: incident.geometry ? JSON.stringify(incident.geometry) : null,
    details: JSON.stringify(incident.details),
    reported_at: incident.timestamps.reported,
    updated_at: incident.timestamps.updated,
    fetched_at: incident.timestamps.fetched,
    retracted: retraction.retracted,
    retracted_at: retraction.retractedAt ?? null,
    retraction_reason: retraction.reason ?? null,
  };
}

export function fromRecord(record: IncidentRecord): Incident {
  const incident: Incident = {
    id: record.id,
    featureType: record.feature_type,
    source: { state: record.state, agency: record.agency, feedId: record.feed_id },
    title: record.title,
    eventType: record.event_type,
    eventCategory: record.event_category,
    status: record.status,
    warningLevel: record.warning_level,
    severity: record.severity,
    urgency: record.urgency,
    certainty: record.certainty,
    geometry: record.geometry === null ? null : (JSON.parse(record.geometry) as Incident['geometry']),
    location: {
      address: record.address,
      suburb: record.suburb,
      state: record.location_state,
      lga: record.lga,
      ...(record.latitude !== null && record.longitude !== null
        ? { latitude: record.latitude, longitude: record.longitude }
        : {}),
      ...(record.precision !== null ? { precision: record.precision } : {}),
    },
    details: JSON.parse(record.details) as Record<string, unknown>,
    timestamps: { reported: record.reported_at, updated: record.updated_at, fetched: record.fetched_at },
    retraction: {
      retracted: record.retracted,
      ...(record.retracted_at !== null ? { retractedAt: record.retracted_at } : {}),
      ...(record.retraction_reason !== null ? { reason: record.retraction_reason } : {}),
    },
  };
  if (record.parent_id !== null) incident.parentId = record.parent_id;
  return incident;
}

/** Archive rows carry these besides the record columns (null when the source did not say). */
export interface ArchiveFields {
  event_start_date: string | null;
  event_end_date: string | null;
  magnitude: number | null;
  magnitude_scale: string | null;
  impact_deaths: number | null;
  impact_affected: number | null;
  impact_economic: number | null;
  glide_number: string | null;
}

/** `properties.archive`: each key only when populated. */
export function archiveProperties(fields: ArchiveFields): Record<string, string | number> {
  const entries: [string, string | number | null][] = [
    ['eventStartDate', fields.event_start_date],
    ['eventEndDate', fields.event_end_date],
    ['magnitude', fields.magnitude],
    ['magnitudeScale', fields.magnitude_scale],
    ['impactDeaths', fields.impact_deaths],
    ['impactAffected', fields.impact_affected],
    ['impactEconomic', fields.impact_economic],
    ['glideNumber', fields.glide_number],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string | number] => entry[1] !== null));
}
