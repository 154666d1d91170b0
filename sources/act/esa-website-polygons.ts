import { areaId, type FeatureType, type IncidentDraft, type Position } from '../../model/index.js';
import { readJsonBody } from '../common/body-text.js';
import { RecordCollector } from '../common/collector.js';
import { MalformedFeedError } from '../common/errors.js';
import { areaGeometry } from '../common/geometry.js';
import type { FeedParser } from '../common/types.js';
import { isRecord, locate, stringOf, trimmedText } from './esa-fields.js';
import {
  isNswRfsMirror,
  polygonOfLatLngObjects,
  readWebsiteRecord,
  upstreamIdOf,
  type WebsiteRecord,
} from './esa-website-records.js';

/**
 * ACT ESA website polygon endpoint, https://esa.act.gov.au/act-gov-esa/incidents/polygon (FEEDS.md
 * section 9): `[{title, event_type, type: "Polygon", coordinates: [{lat, lng}, …]}]`, one entry per
 * piece of an area, coordinates as `{lat, lng}` objects rather than GeoJSON.
 *
 * Every entry seen so far is a NSW RFS burnt area (`event_type: "burnt area"`, no id, no time, titled
 * like the mirrored RFS incident): those are dropped as `republished`, once per title, since the NSW RFS
 * feed we poll carries the same areas. An entry that is the ESA's own (region `act`, or another event
 * type) is read with the website feed's keys: its `id` names the incident or warning it belongs to
 * (`act-esa-<id>`), warnings give a `warning_area`, anything else an `incident_area`, and the pieces of
 * one area are served together (a MultiPolygon when there are several).
 * Unmapped fields are reported as the website feed's, plus `coordinates` (no valid ring).
 */

const FEED = 'ACT ESA website polygon endpoint';
const NSW_BURNT_AREA = 'burnt area';

type AreaType = Extract<FeatureType, 'incident_area' | 'warning_area'>;

interface Area {
  record: WebsiteRecord;
  featureType: AreaType;
  polygons: Position[][][];
}

function isRepublished(entry: Record<string, unknown>): boolean {
  if (isNswRfsMirror(entry)) return true;
  const eventType = trimmedText(entry.event_type)?.toLowerCase();
  return trimmedText(entry.region) === undefined && eventType === NSW_BURNT_AREA;
}

/** The entry's record keys without its geometry (`type` is "Polygon" here, not a CAD type). */
function recordKeys(entry: Record<string, unknown>): Record<string, unknown> {
  const { coordinates: _coordinates, ...rest } = entry;
  if (trimmedText(rest.type)?.toLowerCase() === 'polygon') delete rest.type;
  return rest;
}

function areaDraft(area: Area): IncidentDraft {
  const { record, featureType } = area;
  const geometry = areaGeometry(area.polygons);
  return {
    id: areaId(record.id, featureType),
    featureType,
    parentId: record.id,
    source: { state: 'act', agency: 'esa', feedId: record.feedId },
    title: record.title,
    ...record.classification,
    geometry,
    location: locate(record.place, geometry),
    details: record.details,
    timestamps: record.timestamps,
  };
}

export const parseActEsaWebsitePolygons: FeedParser = (body) => {
  const document = readJsonBody(body, FEED);
  if (!Array.isArray(document)) throw new MalformedFeedError(`${FEED}: not a JSON array of polygons`);

  const collector = new RecordCollector();
  const republished = new Set<string>();
  // The pieces of one area are merged, not competing: one record per area once all are read.
  const areas = new Map<string, Area>();
  for (const entry of document as unknown[]) {
    if (isRecord(entry) && isRepublished(entry)) {
      const upstreamId = upstreamIdOf(entry);
      if (!republished.has(upstreamId)) collector.drop('republished', upstreamId);
      republished.add(upstreamId);
      continue;
    }
    const result = readWebsiteRecord(isRecord(entry) ? recordKeys(entry) : entry);
    if ('dropped' in result) {
      collector.drop(result.dropped.reason, result.dropped.upstreamId, result.unmapped);
      continue;
    }
    const { record } = result;
    const polygon = isRecord(entry) ? polygonOfLatLngObjects(entry.coordinates) : undefined;
    if (!polygon) {
      const geometryType = isRecord(entry) ? stringOf(entry.type) : undefined;
      collector.report({ field: 'coordinates', value: geometryType ?? '', incidentId: record.id });
      continue;
    }
    const featureType: AreaType = record.kind === 'warning' ? 'warning_area' : 'incident_area';
    const key = areaId(record.id, featureType);
    const area = areas.get(key);
    if (area) area.polygons.push(polygon);
    else areas.set(key, { record, featureType, polygons: [polygon] });
  }
  for (const [id, area] of areas) {
    const { feedId, timestamps, unmapped } = area.record;
    collector.add({
      id,
      upstreamId: feedId,
      updatedAt: Date.parse(timestamps.updated),
      drafts: [areaDraft(area)],
      unmapped,
    });
  }
  return collector.result();
};
