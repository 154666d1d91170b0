import {
  incidentId,
  type EventType,
  type IncidentSource,
  type IncidentStatus,
  type Position,
  type WarningLevel,
  STATE_TIME_ZONES,
} from '../../model/index.js';
import { featureParts, readFeatureCollection } from '../common/body-text.js';
import { LatestById, RecordCollector, type CollectedRecord } from '../common/collector.js';
import { flattenGeometry } from '../common/geometry.js';
import { htmlToPlainLines } from '../common/html.js';
import { parseIsoTimeInZone } from '../common/iso-time.js';
import { positionFromLatLonText } from '../common/lat-lon-text.js';
import { positionFromLatLng } from '../common/lat-lng-fields.js';
import { collectedDrafts, timedRecord, timeFieldReader } from '../common/record-times.js';
import type { FeedParser } from '../common/types.js';
import {
  areaDraft,
  isRecord,
  leadingNumber,
  lookup,
  stringOf,
  suburbOf,
  withoutUndefined,
  type Timestamps,
} from './drafts.js';
import {
  tasAlertEventCodeOf,
  tasAlertFeedTypeOf,
  tasAlertStatusOf,
  tasAlertTypeNameOf,
  tasAlertWarningLevelOf,
  type TasAlertFeedType,
} from './tasalert-vocabulary.js';
import { FALLBACK } from './tfs-vocabulary.js';
import type { Report } from '../common/vocabulary.js';

/**
 * TasALERT https://alert.tas.gov.au/data/data.geojson (FEEDS.md section 7): incidents and warnings of
 * the Tasmanian Government's emergency portal, one FeatureCollection.
 *
 * - Ids: `tas-tasalert-<properties.id>`. The portal does not say which agency an incident belongs to
 *   (`incidentSource` is the dispatch system, "escad"), so the portal is the agency, as `emv` for VIC.
 * - A feature is an incident (`feedType=incident`) or a warning (`feedType=warning`, with `alertLevel` in
 *   snake_case). Both become an 'incident' draft at their point. A warning's nested `incident` object
 *   is the incident it is about: it becomes its own draft (unless the same id is a feature of the
 *   document, which then wins) and its `burntAreaGeometry` polygon becomes that incident's
 *   `incident_area`. Polygons in a warning's own geometry become its `warning_area`.
 * - A warning carries no status: it takes its incident's, else `active` (a published warning is current).
 * - Geometry is a GeometryCollection[Point], possibly empty; without a point the `location` object
 *   stands in (`lat`/`lng`, else its `value` string, latitude first).
 * - Times are ISO with `Z`, `+00:00` or `+11:00`: reported ← callTime, created; updated ← changed,
 *   created. All rendered in Hobart time.
 * Unmapped fields are reported as: feedType, alertLevel, status, type.name, type.eventCode, callTime,
 * created, changed.
 */

const FEED = 'TasALERT data.geojson';
const ZONE = STATE_TIME_ZONES.tas;
const AGENCY = 'tasalert';

interface Context {
  /** The warning a nested incident was found in. */
  warningId?: string;
  /** A nested incident's warning's type, for a nested incident without one. */
  inheritedType?: unknown;
}

/** A parsed record and what the document says about it beyond its drafts. */
interface TasAlertRecord extends CollectedRecord {
  nested: boolean;
}

/** `location: {lat, lng, value: "lat, lng"}` → [lng, lat]. */
function locationPoint(location: unknown): Position | undefined {
  if (!isRecord(location)) return undefined;
  const fromFields = positionFromLatLng(location.lat, location.lng);
  if (fromFields) return fromFields;
  const value = stringOf(location.value);
  return value === undefined ? undefined : positionFromLatLonText(value);
}

function timestampsOf(properties: Record<string, unknown>, report: Report): Timestamps | undefined {
  const read = timeFieldReader(report, (text) => parseIsoTimeInZone(text, ZONE));
  const time = (field: string) => read(field, stringOf(properties[field]));
  const callTime = time('callTime');
  const created = time('created');
  const changed = time('changed');
  const reported = callTime ?? created ?? changed;
  const updated = changed ?? created ?? callTime;
  return reported && updated ? { reported, updated } : undefined;
}

function eventTypeOf(type: unknown, report: Report): { eventType: EventType; name?: string; code?: string } {
  const name = isRecord(type) ? stringOf(type.name) : stringOf(type);
  const code = isRecord(type) ? stringOf(type.eventCode) : undefined;
  const eventType =
    (name !== undefined ? tasAlertTypeNameOf(name) : undefined) ??
    (code !== undefined ? tasAlertEventCodeOf(code) : undefined);
  if (eventType) return { eventType, name, code };
  if (name !== undefined) report('type.name', name);
  if (code !== undefined) report('type.eventCode', code);
  return { eventType: FALLBACK.eventType, name, code };
}

function kindOf(properties: Record<string, unknown>, nested: boolean, report: Report): TasAlertFeedType {
  if (nested) return 'incident';
  const raw = stringOf(properties.feedType);
  const kind = raw === undefined ? undefined : tasAlertFeedTypeOf(raw);
  if (raw !== undefined && kind === undefined) report('feedType', raw);
  if (kind) return kind;
  return properties.alertLevel !== undefined || isRecord(properties.incident) ? 'warning' : 'incident';
}

function warningLevelOf(properties: Record<string, unknown>, report: Report): WarningLevel {
  const raw = stringOf(properties.alertLevel) ?? '';
  return lookup(report, 'alertLevel', raw, tasAlertWarningLevelOf, FALLBACK.warningLevel);
}

function statusOf(
  properties: Record<string, unknown>,
  report: Report,
): { status: IncidentStatus; raw?: string } {
  const linked = isRecord(properties.incident) ? stringOf(properties.incident.status) : undefined;
  const raw = stringOf(properties.status) ?? linked;
  if (raw === undefined) return { status: 'active' };
  return { status: lookup(report, 'status', raw, tasAlertStatusOf, FALLBACK.status), raw };
}

/** Details passed through when present and not null. */
function present(value: unknown): unknown {
  return value === null || value === '' ? undefined : value;
}

/** What a record's details need beyond its properties. */
interface DetailsInput {
  source: IncidentSource;
  nested: boolean;
  type: { name?: string; code?: string };
  statusRaw: string | undefined;
  warningId: string | undefined;
}

function recordDetailsOf(properties: Record<string, unknown>, input: DetailsInput): Record<string, unknown> {
  const { source, type } = input;
  const burntArea = stringOf(properties.burntArea);
  const sizeHa = leadingNumber(burntArea);
  const linkedIncident = isRecord(properties.incident) ? stringOf(properties.incident.id)?.trim() : undefined;
  const bodyHtml = stringOf(properties.bodyHtml);
  const reviewDatetime = stringOf(properties.reviewDatetime);

  return withoutUndefined({
    description: bodyHtml === undefined ? undefined : htmlToPlainLines(bodyHtml),
    feed_type: stringOf(properties.feedType) ?? (input.nested ? 'incident' : undefined),
    alert_level: stringOf(properties.alertLevel),
    type: type.name,
    event_code: type.code,
    event_icon: isRecord(properties.type) ? stringOf(properties.type.eventIcon) : undefined,
    status_raw: input.statusRaw,
    size_ha: sizeHa,
    burnt_area: burntArea !== undefined && sizeHa === undefined ? burntArea : undefined,
    area: present(stringOf(properties.area)?.trim()),
    cad_id: present(stringOf(properties.number)?.trim()),
    incident_source: stringOf(properties.incidentSource),
    pinned: typeof properties.pinned === 'boolean' ? properties.pinned : undefined,
    group_key: present(properties.groupKey),
    review_datetime:
      reviewDatetime === undefined ? undefined : (parseIsoTimeInZone(reviewDatetime, ZONE) ?? reviewDatetime),
    nearby_safer_place: present(properties.nearbySaferPlace),
    evacuation_centre: present(properties.evacuationCentre),
    incident_id: linkedIncident ? incidentId({ ...source, feedId: linkedIncident }) : undefined,
    warning_id: input.warningId,
    source_id: source.feedId,
  });
}

/** The record's point and areas: an incident's burnt area joins its own geometry. */
function shapesOf(properties: Record<string, unknown>, geometry: unknown, kind: ReturnType<typeof kindOf>) {
  const flat = flattenGeometry(geometry);
  const point = flat.points[0] ?? locationPoint(properties.location);
  const polygons = [...flat.polygons];
  if (kind === 'incident') polygons.push(...flattenGeometry(properties.burntAreaGeometry).polygons);
  return { point, polygons };
}

/** Where the record is: its address, else the area it names. */
function placeOf(properties: Record<string, unknown>) {
  const address = stringOf(properties.address)?.trim() ?? '';
  return {
    address: address || (stringOf(properties.area)?.trim() ?? ''),
    suburb: suburbOf(address),
    state: 'tas',
    lga: '',
  };
}

function parseRecord(
  properties: Record<string, unknown>,
  geometry: unknown,
  context: Context,
  collector: RecordCollector,
): TasAlertRecord | undefined {
  const feedId = stringOf(properties.id)?.trim();
  const title = stringOf(properties.title)?.trim() ?? '';
  if (!feedId) {
    collector.drop('no-id', title);
    return undefined;
  }
  const nested = context.warningId !== undefined;
  const source: IncidentSource = { state: 'tas', agency: AGENCY, feedId };
  const id = incidentId(source);
  const started = timedRecord(id, feedId, collector, (report) => timestampsOf(properties, report));
  if (!started) return undefined;
  const { report } = started;
  const kind = kindOf(properties, nested, report);
  const warningLevel =
    kind === 'warning' || properties.alertLevel !== undefined ? warningLevelOf(properties, report) : 'none';
  const { status, raw: statusRaw } = statusOf(properties, report);
  const type = eventTypeOf(properties.type ?? context.inheritedType, report);

  const { point, polygons } = shapesOf(properties, geometry, kind);
  const details = recordDetailsOf(properties, {
    source,
    nested,
    type,
    statusRaw,
    warningId: context.warningId,
  });
  const place = placeOf(properties);
  const record = collectedDrafts(
    started,
    {
      id,
      source,
      title: title || place.address || type.name?.trim() || '',
      eventType: type.eventType,
      status,
      warningLevel,
      place,
      details,
      point,
      polygons,
      areaType: kind === 'warning' ? 'warning_area' : 'incident_area',
    },
    feedId,
  );
  return { ...record, nested };
}

/**
 * A nested incident whose id is also a feature of the document: the feature wins, and takes the nested
 * copy's burnt area when it has none of its own.
 */
function withNestedArea(record: TasAlertRecord, nestedCopy: TasAlertRecord | undefined): TasAlertRecord {
  const [incident] = record.drafts;
  const nestedArea = nestedCopy?.drafts.find((draft) => draft.featureType === 'incident_area');
  if (!incident || !nestedArea?.geometry || record.drafts.length > 1) return record;
  if (incident.details.feed_type === 'warning') return record;
  return { ...record, drafts: [incident, areaDraft(incident, 'incident_area', nestedArea.geometry)] };
}

export const parseTasAlertData: FeedParser = (body) => {
  const collector = new RecordCollector();
  const features: TasAlertRecord[] = [];
  // A copy nested in a warning is not a record of the document: of several, the latest, silently.
  const nested = new LatestById<TasAlertRecord>();
  for (const feature of readFeatureCollection(body, FEED)) {
    const { properties, geometry } = featureParts(feature);
    const record = parseRecord(properties, geometry, {}, collector);
    if (record) features.push(record);
    const incident = properties.incident;
    if (!record || !isRecord(incident)) continue;
    const context = { warningId: record.id, inheritedType: properties.type };
    const copy = parseRecord(incident, incident.geometry, context, collector);
    if (copy) nested.add(copy);
  }
  // Features first, each taking its nested copy's burnt area; then the incidents only found nested.
  for (const record of features) collector.add(withNestedArea(record, nested.get(record.id)));
  const featureIds = new Set(features.map((record) => record.id));
  for (const copy of nested.values()) if (!featureIds.has(copy.id)) collector.add(copy);
  return collector.result();
};
