import { DateTime } from 'luxon';
import {
  incidentId,
  type EventType,
  type IncidentLocation,
  type IncidentSource,
  type UnmappedValue,
} from '../../model/index.js';
import { featureParts, featuresOf, readJsonBody } from '../common/body-text.js';
import { collectRecords, type CollectedRecord, type RecordCollector } from '../common/collector.js';
import { draftsOf } from '../common/drafts.js';
import { MalformedFeedError } from '../common/errors.js';
import { flattenGeometry } from '../common/geometry.js';
import { toIso } from '../common/time.js';
import type { FeedParser } from '../common/types.js';
import { stringOf, tidy, withoutEmpty, ZONE } from './criimson-common.js';
import { eventTypeOf } from './criimson-vocabulary.js';
import { warningLevelOf } from './cfs-warning-vocabulary.js';
import { isRecord } from '../common/values.js';

/**
 * SA CFS public warning points, an ArcGIS FeatureServer query answered as GeoJSON
 * (services.geohub.sa.gov.au … Hosted/CFS_Warning_Points_Public/FeatureServer/0/query?f=geojson;
 * FEEDS.md section 5). UNVERIFIED: the only sample (2020) is an empty FeatureCollection (with
 * `exceededTransferLimit` and `crs`), which is zero warnings. The property names read here are the
 * ones peers use (aus-emergency-map: `incident_id`, `objectid`, `icon`, `last_edited_date`; the layer's
 * query filters on `public` and `expiry`), plus ArcGIS editor tracking (`created_date`), looked up
 * case-insensitively. ArcGIS dates are epoch milliseconds.
 * - id: `sa-cfs-warning-<incident_id>` (else globalid/objectid), distinct from the incident's own id;
 * - warningLevel from the first of warning_level / alert_level / icon / category (unknown → none,
 *   reported); eventType from incident_type / type / hazard (CRIIMSON types), bushfire when absent
 *   (CFS public warnings are bushfire warnings); status active (the query lists current warnings);
 * - a warning is its own record: a featureType 'incident' draft at its point (or its polygons'
 *   centroid) plus a 'warning_area' draft when it has polygons;
 * - every property passes through to details.
 * An ArcGIS error object (served with 200) is malformed.
 * Unmapped fields are reported as: warning_level, type.
 */

const FEED = 'SA CFS GeoHub CFS_Warning_Points_Public';
const LEVEL_FIELDS = ['warning_level', 'alert_level', 'icon', 'category'];
const TYPE_FIELDS = ['incident_type', 'type', 'hazard'];
const TITLE_FIELDS = ['title', 'name', 'incident_name', 'location'];
const ID_FIELDS = ['incident_id', 'globalid', 'objectid'];
const DEFAULT_EVENT_TYPE: EventType = 'bushfire';

function readFeatures(body: Uint8Array): unknown[] {
  const document = readJsonBody(body, FEED);
  if (isRecord(document) && isRecord(document.error)) {
    const { code, message } = document.error;
    throw new MalformedFeedError(`${FEED}: ArcGIS error ${stringOf(code) ?? ''}: ${stringOf(message) ?? ''}`);
  }
  return featuresOf(document, FEED);
}

/** Properties by lower-case name: ArcGIS field names keep whatever case the layer was published with. */
function lowerCaseKeys(properties: Record<string, unknown>): Map<string, unknown> {
  return new Map(Object.entries(properties).map(([key, value]) => [key.toLowerCase(), value]));
}

function firstText(fields: Map<string, unknown>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const text = stringOf(fields.get(name))?.trim();
    if (text) return text;
  }
  return undefined;
}

/** Epoch milliseconds (number or digits), or ISO 8601 (Adelaide when it has no offset) → ISO in Adelaide. */
function timeOf(value: unknown): string | undefined {
  let dateTime: DateTime | undefined;
  if (typeof value === 'number' && Number.isFinite(value))
    dateTime = DateTime.fromMillis(value, { zone: ZONE });
  else if (typeof value === 'string' && /^\d{10,}$/.test(value.trim()))
    dateTime = DateTime.fromMillis(Number(value.trim()), { zone: ZONE });
  else if (typeof value === 'string' && value.trim() !== '')
    dateTime = DateTime.fromISO(value.trim(), { zone: ZONE }).setZone(ZONE);
  return dateTime ? toIso(dateTime) : undefined;
}

function parseFeature(feature: unknown, collector: RecordCollector): CollectedRecord | undefined {
  const { properties, geometry } = featureParts(feature);
  const fields = lowerCaseKeys(properties);
  const upstreamId = firstText(fields, ID_FIELDS)?.replace(/^\{(.*)\}$/, '$1');
  if (!upstreamId) {
    collector.drop('no-id', '');
    return undefined;
  }
  const updated = timeOf(fields.get('last_edited_date')) ?? timeOf(fields.get('created_date'));
  const reported = timeOf(fields.get('created_date')) ?? updated;
  if (!updated || !reported) {
    collector.drop('no-timestamps', upstreamId);
    return undefined;
  }
  const source: IncidentSource = { state: 'sa', agency: 'cfs', feedId: `warning-${upstreamId}` };
  const id = incidentId(source);
  const unmapped: UnmappedValue[] = [];

  const levelRaw = firstText(fields, LEVEL_FIELDS) ?? '';
  const level = warningLevelOf(levelRaw);
  if (level === undefined) unmapped.push({ field: 'warning_level', value: levelRaw, incidentId: id });
  const warningLevel = level ?? 'none';
  const typeRaw = firstText(fields, TYPE_FIELDS);
  const typed = typeRaw === undefined ? DEFAULT_EVENT_TYPE : eventTypeOf(typeRaw);
  if (typed === undefined) unmapped.push({ field: 'type', value: typeRaw ?? '', incidentId: id });
  const eventType = typed ?? 'other';

  const flat = flattenGeometry(geometry);
  const title = tidy(firstText(fields, TITLE_FIELDS)) || levelRaw || 'CFS warning';
  const place: IncidentLocation = {
    address: tidy(stringOf(fields.get('location'))),
    suburb: tidy(stringOf(fields.get('suburb'))),
    state: 'sa',
    lga: tidy(stringOf(fields.get('lga'))),
  };
  const details = withoutEmpty({ ...properties, source_id: upstreamId, warning_level_raw: levelRaw });
  const drafts = draftsOf({
    id,
    source,
    title,
    eventType,
    status: 'active',
    warningLevel,
    timestamps: { reported, updated },
    place,
    details,
    point: flat.points[0],
    polygons: flat.polygons,
    areaType: 'warning_area',
  });
  return { id, upstreamId, updatedAt: Date.parse(updated), drafts, unmapped };
}

export const parseSaCfsWarningPoints: FeedParser = (body) => collectRecords(readFeatures(body), parseFeature);
