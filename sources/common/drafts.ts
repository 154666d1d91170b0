import {
  areaId,
  categoryOf,
  type EventType,
  type FeatureType,
  type IncidentDetails,
  type IncidentDraft,
  type IncidentGeometry,
  type IncidentLocation,
  type IncidentSource,
  type IncidentStatus,
  type IncidentTimestamps,
  type Position,
  type WarningLevel,
} from '../../model/index.js';
import { CAP_BY_WARNING_LEVEL, type CapTriple } from './cap-defaults.js';
import { incidentGeometries, locate } from './geometry.js';

/**
 * What one upstream record becomes: an incident draft at its point (or at its polygons' centroid, or
 * with no geometry), and, when it has polygons, an area draft with the same source, vocabulary, times
 * and details.
 */

export type Timestamps = Omit<IncidentTimestamps, 'fetched'>;

/** Both times from the ones a record gives, each falling back to the other; undefined when it gives neither. */
export function eitherTimestamps(
  reported: string | undefined,
  updated: string | undefined,
): Timestamps | undefined {
  const either = updated ?? reported;
  return either ? { reported: reported ?? either, updated: updated ?? either } : undefined;
}
export type Place = Pick<IncidentLocation, 'address' | 'suburb' | 'state' | 'lga'>;
export type AreaFeatureType = Exclude<FeatureType, 'incident'>;

export interface RecordInput {
  /** The incident's id; the area's is derived from it. */
  id: string;
  source: IncidentSource;
  title: string;
  eventType: EventType;
  status: IncidentStatus;
  warningLevel: WarningLevel;
  /** The CAP triple when the feed carries one; otherwise the warning level's default. */
  cap?: CapTriple;
  timestamps: Timestamps;
  place: Place;
  details: IncidentDetails;
  /** The record's own point, if any; without one it sits at the centroid of its polygons. */
  point: Position | undefined;
  polygons: Position[][][];
  /** What the polygons are: a burnt/fire ground (`incident_area`), a warning area… */
  areaType: AreaFeatureType;
}

/** An area draft of `parent`: same source, vocabulary, times and details, its own geometry. */
export function areaDraft(
  parent: IncidentDraft,
  featureType: AreaFeatureType,
  geometry: IncidentGeometry,
): IncidentDraft {
  // The parent's place without its centroid, in its own key order.
  const { latitude: _latitude, longitude: _longitude, precision: _precision, ...place } = parent.location;
  return {
    ...parent,
    id: areaId(parent.id, featureType),
    featureType,
    parentId: parent.id,
    source: { ...parent.source },
    timestamps: { ...parent.timestamps },
    geometry,
    location: locate(place, geometry),
    details: { ...parent.details },
  };
}

/** The record's incident draft, then its area draft when it has polygons. */
export function draftsOf(input: RecordInput): IncidentDraft[] {
  const { incident: point, area } = incidentGeometries(input.point, input.polygons);
  const incident: IncidentDraft = {
    id: input.id,
    featureType: 'incident',
    source: input.source,
    title: input.title,
    eventType: input.eventType,
    eventCategory: categoryOf(input.eventType),
    status: input.status,
    warningLevel: input.warningLevel,
    ...(input.cap ?? CAP_BY_WARNING_LEVEL[input.warningLevel]),
    geometry: point,
    location: locate(input.place, point),
    details: input.details,
    timestamps: input.timestamps,
  };
  return area ? [incident, areaDraft(incident, input.areaType, area)] : [incident];
}
