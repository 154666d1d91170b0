import {
  areaId,
  categoryOf,
  incidentId,
  type EventType,
  type FeatureType,
  type IncidentDetails,
  type IncidentDraft,
  type IncidentGeometry,
  type IncidentSource,
  type IncidentStatus,
  type Position,
  type UnmappedValue,
  type WarningLevel,
  STATE_TIME_ZONES,
} from '../../model/index.js';
import { suburbReader } from '../common/address.js';
import { CAP_BY_WARNING_LEVEL } from '../common/cap-defaults.js';
import type { CollectedRecord } from '../common/collector.js';
import type { Place, Timestamps } from '../common/drafts.js';
import { centroidOf, pointGeometry } from '../common/geometry.js';

export type { Place, Timestamps } from '../common/drafts.js';
export { numberOf, withoutEmpty } from '../common/values.js';

/** What the three bushfireAlert parsers (GeoJSON, Atom, KML) share: ids, places and draft assembly. */

export const QLD_ZONE = STATE_TIME_ZONES.qld;
export const AGENCY = 'qfd';

export type { Report } from '../common/vocabulary.js';

/** Every variant names an incident by its CAD number (`QF4-20-041465`): the same id in all of them. */
export function sourceOf(uniqueId: string): IncidentSource {
  return { state: 'qld', agency: AGENCY, feedId: uniqueId.trim() };
}

export function qfdIncidentId(uniqueId: string): string {
  return incidentId(sourceOf(uniqueId));
}

/** `29-45 Mapleton Forest Rd, Mapleton` → `Mapleton`; no comma, no suburb. Best effort (common/address.ts). */
export const suburbOf = suburbReader({ state: 'QLD', alone: () => '' });

export function placeOf(address: string, suburb = suburbOf(address), lga = ''): Place {
  return { address, suburb, state: 'qld', lga };
}

/** Looks a raw value up; an unknown one is reported and falls back. */
export { lookup } from '../common/vocabulary.js';

export interface DraftBase {
  source: IncidentSource;
  title: string;
  eventType: EventType;
  status: IncidentStatus;
  warningLevel: WarningLevel;
  timestamps: Timestamps;
  place: Place;
  details: IncidentDetails;
}

/** One draft: the CAP triple from the warning level, the location at the geometry's centroid. */
export function draftOf(
  base: DraftBase,
  featureType: FeatureType,
  geometry: IncidentGeometry | null,
  parentId?: string,
): IncidentDraft {
  const id = incidentId(base.source);
  const draft: IncidentDraft = {
    id: featureType === 'incident' ? id : areaId(id, featureType),
    featureType,
    source: base.source,
    title: base.title,
    eventType: base.eventType,
    eventCategory: categoryOf(base.eventType),
    status: base.status,
    warningLevel: base.warningLevel,
    ...CAP_BY_WARNING_LEVEL[base.warningLevel],
    geometry,
    location: geometry ? { ...base.place, ...centroidOf(geometry), precision: 'exact' } : { ...base.place },
    details: { ...base.details },
    timestamps: { ...base.timestamps },
  };
  if (parentId !== undefined) draft.parentId = parentId;
  return draft;
}

/** A record of one incident, at its point or without geometry (the Atom and KML variants). */
export function incidentRecord(
  base: DraftBase,
  position: Position | undefined,
  unmapped: UnmappedValue[],
): CollectedRecord {
  return {
    id: incidentId(base.source),
    upstreamId: base.source.feedId,
    updatedAt: Date.parse(base.timestamps.updated),
    drafts: [draftOf(base, 'incident', position ? pointGeometry(position) : null)],
    unmapped,
  };
}
