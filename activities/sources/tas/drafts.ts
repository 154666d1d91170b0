import {
  areaId,
  categoryOf,
  type DroppedRecord,
  type EventType,
  type IncidentDetails,
  type IncidentDraft,
  type IncidentGeometry,
  type IncidentLocation,
  type IncidentSource,
  type IncidentStatus,
  type IncidentTimestamps,
  type Position,
  type UnmappedValue,
  type WarningLevel,
} from '../../../model/index.js';
import { CAP_BY_WARNING_LEVEL } from '../common/cap-defaults.js';
import { areaGeometry, centroidOf, pointGeometry } from '../common/geometry.js';

/** What the Tasmanian parsers share: building drafts from one record, and small readers. */

export type Timestamps = Omit<IncidentTimestamps, 'fetched'>;
export type Place = Pick<IncidentLocation, 'address' | 'suburb' | 'state' | 'lga'>;

export interface RecordInput {
  id: string;
  source: IncidentSource;
  title: string;
  eventType: EventType;
  status: IncidentStatus;
  warningLevel: WarningLevel;
  timestamps: Timestamps;
  place: Place;
  details: IncidentDetails;
  /** The record's own point, if any; without one it sits at the centroid of its polygons. */
  point: Position | undefined;
  polygons: Position[][][];
  /** What the polygons are: a burnt/fire ground (`incident_area`) or a warning area. */
  areaType: 'incident_area' | 'warning_area';
}

/** One feature's output, kept until duplicates of its id are resolved. */
export interface ParsedRecord {
  id: string;
  /** The agency's own id (the feedId), as dropped records name it. */
  upstreamId: string;
  /** Epoch ms of `updated`, to keep the later of two copies. */
  updatedAt: number;
  drafts: IncidentDraft[];
  unmapped: UnmappedValue[];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** The first number in `"533 hectares"`, `"44.444"` or `"1,234 ha"`; undefined for "Not Available". */
export function leadingNumber(text: string | undefined): number | undefined {
  const match = text?.replace(/(\d),(?=\d{3}\b)/g, '$1').match(/^\s*(\d+(?:\.\d+)?)/);
  return match ? Number(match[1]) : undefined;
}

export function withoutUndefined(record: Record<string, unknown>): IncidentDetails {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

const STREET_WORD =
  /\b(?:road|rd|street|st|lane|ln|highway|hwy|drive|dr|avenue|ave|track|court|ct|place|pl|way|parade|crescent|terrace|esplanade|tier|boulevard|circuit|close|grove)\b/i;

/**
 * Best effort: "Mary Street, SCOTTSDALE" → "SCOTTSDALE"; "Triabunna" (a place alone) → itself;
 * "Derwent Park Road" (a road alone), "Location 1" or bare numbers → "". A "TAS 7000" tail and a
 * "5km NE of" lead are dropped. Capitalisation is kept as the agency wrote it.
 */
export function suburbOf(address: string): string {
  const parts = address
    .replace(/\s*\bTAS\b\s*(?:\d{4})?\s*$/i, '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const last = (parts.at(-1) ?? '').replace(/^\d+(?:\.\d+)?\s*km\s+[NSEW]{1,3}\s+(?:of\s+)?/i, '');
  if (!/\p{L}/u.test(last)) return '';
  if (parts.length > 1) return last;
  return STREET_WORD.test(last) || /\d/.test(last) ? '' : last;
}

export function locate(place: Place, geometry: IncidentGeometry | null): IncidentLocation {
  return geometry ? { ...place, ...centroidOf(geometry), precision: 'exact' } : { ...place };
}

/** An area draft of `parent`: same source, vocabulary, times and details, its own geometry. */
export function areaDraft(
  parent: IncidentDraft,
  featureType: 'incident_area' | 'warning_area',
  geometry: IncidentGeometry,
): IncidentDraft {
  const { address, suburb, state, lga } = parent.location;
  return {
    ...parent,
    id: areaId(parent.id, featureType),
    featureType,
    parentId: parent.id,
    timestamps: { ...parent.timestamps },
    geometry,
    location: locate({ address, suburb, state, lga }, geometry),
    details: { ...parent.details },
  };
}

/** The record's point draft (at its point, else at its polygons' centroid, else null) and its area. */
export function draftsOf(input: RecordInput): IncidentDraft[] {
  const area = areaGeometry(input.polygons);
  let point: IncidentGeometry | null = input.point ? pointGeometry(input.point) : null;
  if (!point && area) {
    const { longitude, latitude } = centroidOf(area);
    point = pointGeometry([longitude, latitude]);
  }
  const incident: IncidentDraft = {
    id: input.id,
    featureType: 'incident',
    source: input.source,
    title: input.title,
    eventType: input.eventType,
    eventCategory: categoryOf(input.eventType),
    status: input.status,
    warningLevel: input.warningLevel,
    ...CAP_BY_WARNING_LEVEL[input.warningLevel],
    geometry: point,
    location: locate(input.place, point),
    details: input.details,
    timestamps: input.timestamps,
  };
  return area ? [incident, areaDraft(incident, input.areaType, area)] : [incident];
}

/** Looks a raw value up; an unknown one is reported and falls back. */
export function lookup<T>(
  report: (field: string, value: string) => void,
  field: string,
  raw: string,
  map: (raw: string) => T | undefined,
  fallback: T,
): T {
  const value = map(raw);
  if (value === undefined) report(field, raw);
  return value ?? fallback;
}

/**
 * Keeps one record per id, the later update (the later one in the document on a tie); every record
 * left out is listed as a `duplicate`.
 */
export function keepLatest<T extends ParsedRecord>(records: readonly T[], dropped: DroppedRecord[]): T[] {
  const byId = new Map<string, T>();
  for (const record of records) {
    const previous = byId.get(record.id);
    if (previous && record.updatedAt < previous.updatedAt) {
      dropped.push({ reason: 'duplicate', upstreamId: record.upstreamId });
      continue;
    }
    if (previous) dropped.push({ reason: 'duplicate', upstreamId: previous.upstreamId });
    byId.set(record.id, record);
  }
  return [...byId.values()];
}
