import {
  areaId,
  categoryOf,
  incidentId,
  type FeatureType,
  type IncidentDraft,
  type IncidentGeometry,
  type IncidentSource,
  type Position,
  STATE_TIME_ZONES,
} from '../../model/index.js';
import { suburbReader } from '../common/address.js';
import { CAP_BY_WARNING_LEVEL } from '../common/cap-defaults.js';
import type { CollectedRecord, RecordCollector } from '../common/collector.js';
import type { Place, Timestamps } from '../common/drafts.js';
import { centroidOf, pointGeometry } from '../common/geometry.js';
import { timedRecord, type TimedRecord } from '../common/record-times.js';
import type { Report } from '../common/vocabulary.js';

import { withoutEmpty } from '../common/values.js';

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

/** A record of any variant, once it has its CAD number and its times. */
export interface QfdRecordStart extends TimedRecord {
  uniqueId: string;
  id: string;
}

/**
 * Every variant starts a record alike: without a CAD number it is dropped as `no-id` (named by
 * `name`), then without a readable time as `no-timestamps` (common/record-times.ts).
 */
export function startQfdRecord(
  uniqueId: string | undefined,
  name: string,
  collector: RecordCollector,
  readTimes: (report: Report) => Timestamps | undefined,
): QfdRecordStart | undefined {
  if (!uniqueId) {
    collector.drop('no-id', name);
    return undefined;
  }
  const id = qfdIncidentId(uniqueId);
  const timed = timedRecord(id, uniqueId, collector, readTimes);
  return timed && { ...timed, uniqueId, id };
}

/** `29-45 Mapleton Forest Rd, Mapleton` → `Mapleton`; no comma, no suburb. Best effort (common/address.ts). */
export const suburbOf = suburbReader({ state: 'QLD', alone: () => '' });

export function placeOf(address: string, suburb = suburbOf(address), lga = ''): Place {
  return { address, suburb, state: 'qld', lga };
}

/** Looks a raw value up; an unknown one is reported and falls back. */
export { lookup } from '../common/vocabulary.js';

/** A draft's own fields, read once for its incident and any area of the same record. */
export interface DraftBase extends Pick<
  IncidentDraft,
  'source' | 'title' | 'eventType' | 'status' | 'warningLevel' | 'details'
> {
  timestamps: Timestamps;
  place: Place;
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

/** What the Atom and KML variants read of an incident besides its record start. */
export interface IncidentReading extends Pick<
  DraftBase,
  'title' | 'eventType' | 'status' | 'warningLevel' | 'details'
> {
  /** The address the place is read from. */
  address: string;
}

/** A record of one incident, at its point or without geometry (the Atom and KML variants). */
export function incidentRecord(
  start: QfdRecordStart,
  reading: IncidentReading,
  position: Position | undefined,
): CollectedRecord {
  const { address, details, ...read } = reading;
  const base: DraftBase = {
    ...read,
    source: sourceOf(start.uniqueId),
    timestamps: start.timestamps,
    place: placeOf(address),
    // Empty values are left out.
    details: withoutEmpty(details),
  };
  return {
    id: start.id,
    upstreamId: base.source.feedId,
    updatedAt: Date.parse(base.timestamps.updated),
    drafts: [draftOf(base, 'incident', position ? pointGeometry(position) : null)],
    unmapped: start.unmapped,
  };
}
