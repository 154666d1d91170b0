import {
  incidentId,
  type DroppedRecord,
  type IncidentDetails,
  type IncidentLocation,
  type Position,
  type UnmappedValue,
} from '../../model/index.js';
import { flattenGeometry } from '../common/geometry.js';
import { positionFromLatLng, positionsFromLatLngObjects } from '../common/lat-lng-fields.js';
import {
  addressOf,
  classify,
  esaSource,
  isRecord,
  paragraphs,
  stringOf,
  suburbFromTitle,
  trimmedText,
  timestampsOf,
  withoutUndefined,
  type Classification,
  type Report,
  type Timestamps,
} from './esa-fields.js';

/**
 * One record of the ESA website's JSON (`act-gov-esa/incidents/feed`, and the same keys where the
 * `…/incidents/polygon` endpoint carries them), read into the parts both parsers build drafts from.
 * FEEDS.md section 9 "Website JSON fields": ACT CAD incidents (`event_type: incident`, or no
 * `event_type` in the 2024 schema), ACT warnings (`event_type: "warning group warning"`) and NSW RFS
 * incidents the site mirrors (`region: nsw`), which are left out as `republished`.
 */

/** NSW RFS guid with `/:.` → `_`: `https___incidents_rfs_nsw_gov_au_api_v1_incidents_638848`. */
const RFS_MIRROR_ID = /^https?_+incidents_rfs_nsw_gov_au_/i;
/** Keys the site generates from the RFS description, e.g. `major_fire_update_as_at_9_jan_2026_5:52pm`. */
const RFS_DESCRIPTION_KEY = /^major_fire_update_as_at_/i;
/** The Drupal node a warning is published as (its descriptions end "More - <this URL>"). */
const NODE_URL = 'https://esa.act.gov.au/node/';

/** `event_type` of records read as incidents ("burnt area" is the RFS mirror's; the ESA's own would be one too). */
const INCIDENT_EVENT_TYPES = new Set(['', 'incident', 'burnt area']);

export type WebsiteRecordKind = 'incident' | 'warning';

export interface WebsiteRecord {
  kind: WebsiteRecordKind;
  feedId: string;
  id: string;
  title: string;
  classification: Classification;
  timestamps: Timestamps;
  /** Without coordinates: the parser adds them from the geometry it serves. */
  place: IncidentLocation;
  details: IncidentDetails;
  point?: Position;
  unmapped: UnmappedValue[];
}

export type WebsiteRecordResult =
  { record: WebsiteRecord } | { dropped: DroppedRecord; unmapped: UnmappedValue[] };

/** True for the NSW RFS incidents the website republishes (we poll NSW RFS directly). */
export function isNswRfsMirror(record: Record<string, unknown>): boolean {
  return (
    trimmedText(record.region)?.toLowerCase() === 'nsw' ||
    RFS_MIRROR_ID.test(trimmedText(record.id) ?? '') ||
    Object.keys(record).some((key) => RFS_DESCRIPTION_KEY.test(key))
  );
}

/** The upstream id of a record, or its title when it has none (for `dropped`). */
export function upstreamIdOf(record: unknown): string {
  if (!isRecord(record)) return '';
  return trimmedText(record.id) ?? trimmedText(record.incident_number) ?? trimmedText(record.title) ?? '';
}

/**
 * `[{lat, lng}, …]` as one polygon, or `[[{lat, lng}, …], …]` as its outer ring and holes; rings are
 * validated and closed as every other geometry is (common/geometry.ts). Undefined without a valid ring.
 */
export function polygonOfLatLngObjects(coordinates: unknown): Position[][] | undefined {
  if (!Array.isArray(coordinates) || coordinates.length === 0) return undefined;
  const rings = coordinates.every(Array.isArray)
    ? coordinates.map(positionsFromLatLngObjects)
    : [positionsFromLatLngObjects(coordinates)];
  return flattenGeometry({ type: 'Polygon', coordinates: rings }).polygons[0];
}

function kindOf(record: Record<string, unknown>, report: Report): WebsiteRecordKind {
  const eventType = trimmedText(record.event_type)?.toLowerCase() ?? '';
  if (eventType.includes('warning') || (eventType === '' && 'warning_level' in record)) return 'warning';
  if (!INCIDENT_EVENT_TYPES.has(eventType)) report('event_type', stringOf(record.event_type) ?? '');
  return 'incident';
}

/** The alert level field that says something: `alert_level`, else the 2024 `alert_status`. */
function alertLevelOf(record: Record<string, unknown>): [field: string, value: string] {
  const alertLevel = trimmedText(record.alert_level);
  if (alertLevel !== undefined) return ['alert_level', alertLevel];
  const alertStatus = trimmedText(record.alert_status);
  if (alertStatus !== undefined) return ['alert_status', alertStatus];
  return ['alert_level', ''];
}

function incidentParts(record: Record<string, unknown>, feedId: string, report: Report) {
  const type = stringOf(record.type) ?? '';
  const status = stringOf(record.status) ?? '';
  const title = trimmedText(record.title) ?? trimmedText(record.incident) ?? type.trim();
  const level = alertLevelOf(record);
  return {
    title,
    classification: classify({ type: ['type', type], status: ['status', status], level }, report),
    timestamps: timestampsOf(
      {
        reported: ['time_of_call', stringOf(record.time_of_call)],
        updated: ['updated', stringOf(record.updated) ?? stringOf(record.last_updated)],
      },
      report,
    ),
    suburb: trimmedText(record.suburb) ?? suburbFromTitle(title, type),
    details: withoutUndefined({
      agency: trimmedText(record.agency),
      cad_id: feedId,
      source_id: feedId,
      incident_number: trimmedText(record.incident_number),
      type: type.trim() || undefined,
      type_description: paragraphs(record.type_description),
      status_raw: status,
      status_description: paragraphs(record.status_description),
      status_filter_label: trimmedText(record.status_filter_label),
      alert_level: level[1] || undefined,
      alert_time: trimmedText(record.alert_time),
      description: paragraphs(record.description),
      source_url: trimmedText(record.link),
    }),
  };
}

function warningParts(record: Record<string, unknown>, feedId: string, report: Report) {
  const type = stringOf(record.type) ?? '';
  const status = stringOf(record.status) ?? '';
  const level: [string, string] =
    trimmedText(record.warning_level) !== undefined || trimmedText(record.alert_level) === undefined
      ? ['warning_level', trimmedText(record.warning_level) ?? '']
      : ['alert_level', trimmedText(record.alert_level) ?? ''];
  const nodeId = trimmedText(record.node_id);
  return {
    title: trimmedText(record.title) ?? type.trim(),
    classification: classify({ type: ['type', type], status: ['status', status], level }, report),
    timestamps: timestampsOf(
      {
        reported: ['time_of_call', stringOf(record.time_of_call)],
        updated: ['last_updated', stringOf(record.last_updated) ?? stringOf(record.updated)],
      },
      report,
    ),
    suburb: '',
    details: withoutUndefined({
      agency: trimmedText(record.agency),
      warning_id: feedId,
      source_id: feedId,
      node_id: nodeId,
      uuid: trimmedText(record.uuid),
      banner_check: trimmedText(record.banner_check),
      // Plain text upstream; U+FFFD replacement characters are kept as published.
      description: paragraphs(record.description),
      warning_level: level[1] || undefined,
      type: type.trim() || undefined,
      type_description: paragraphs(record.type_description),
      status_raw: status,
      source_url: nodeId ? `${NODE_URL}${nodeId}` : trimmedText(record.link),
    }),
  };
}

export function readWebsiteRecord(value: unknown): WebsiteRecordResult {
  if (!isRecord(value)) return { dropped: { reason: 'no-id', upstreamId: '' }, unmapped: [] };
  if (isNswRfsMirror(value)) {
    return { dropped: { reason: 'republished', upstreamId: upstreamIdOf(value) }, unmapped: [] };
  }
  const feedId = trimmedText(value.id) ?? trimmedText(value.incident_number);
  if (feedId === undefined) {
    return { dropped: { reason: 'no-id', upstreamId: upstreamIdOf(value) }, unmapped: [] };
  }
  const id = incidentId(esaSource(feedId));
  const unmapped: UnmappedValue[] = [];
  const report: Report = (field, raw) => {
    unmapped.push({ field, value: raw, incidentId: id });
  };

  const region = trimmedText(value.region)?.toLowerCase();
  if (region !== undefined && region !== 'act') report('region', stringOf(value.region) ?? '');
  const kind = kindOf(value, report);
  const parts =
    kind === 'warning' ? warningParts(value, feedId, report) : incidentParts(value, feedId, report);
  if (!parts.timestamps) {
    return { dropped: { reason: 'no-timestamps', upstreamId: feedId }, unmapped };
  }
  const point = positionFromLatLng(value.latitude, value.longitude);
  return {
    record: {
      kind,
      feedId,
      id,
      title: parts.title,
      classification: parts.classification,
      timestamps: parts.timestamps,
      place: { address: addressOf(trimmedText(value.location)), suburb: parts.suburb, state: 'act', lga: '' },
      details: parts.details,
      ...(point ? { point } : {}),
      unmapped,
    },
  };
}
