import type { EventType, Position, UnmappedValue, WarningLevel } from '../../model/index.js';
import { featureParts, featuresOf, readJsonBody } from '../common/body-text.js';
import { LatestById, RecordCollector, type CollectedRecord, type Ranked } from '../common/collector.js';
import { areaGeometry, centroidOf, flattenGeometry, pointGeometry } from '../common/geometry.js';
import { htmlToPlainLines } from '../common/html.js';
import { parseIsoTimeInZone } from '../common/iso-time.js';
import { timeFieldReader } from '../common/record-times.js';
import type { FeedParser } from '../common/types.js';
import { geometryInDegrees } from '../common/web-mercator.js';
import {
  draftOf,
  lookup,
  numberOf,
  placeOf,
  qfdIncidentId,
  QLD_ZONE,
  sourceOf,
  startQfdRecord,
  suburbOf,
  type DraftBase,
  type Report,
  type Timestamps,
  withoutEmpty,
} from './qfd-drafts.js';
import {
  eventTypeInText,
  FALLBACK,
  groupedTypeOf,
  higherWarningLevel,
  statusOf,
  warningLevelOf,
} from './qfd-vocabulary.js';
import { isRecord, trimmedText } from '../common/values.js';

/**
 * QFD bushfireAlert.json on S3: a GeoJSON FeatureCollection `name: "QFDWarnings"` (FEEDS.md section 4).
 * WRITTEN FROM FEEDS.md's FIELD LIST (peer parsers and sample metadata): no raw sample of this format
 * was available. One collection mixes incident Points (`UniqueID` a CAD number such as `QF7-26-062341`,
 * WarningLevel usually Information) and warning Polygons (`WARN-550`, Advice and above).
 * - Ids: `UniqueID`, never OBJECTID. A warning polygon whose UniqueID matches an incident becomes that
 *   incident's `warning_area` (and raises its warning level); any other polygon is a warning in its own
 *   right: an `incident` at its centroid (or its Latitude/Longitude) plus its `warning_area`.
 * - Geometry may be EPSG:3857 metres (by `crs` or by magnitude) or degrees with a third ordinate;
 *   incident points prefer the WGS84 `Latitude`/`Longitude` properties.
 * - Times: `ItemDateTimeLocal_ISO` (with offset, fractional seconds sometimes) is both reported and
 *   updated; `PublishDateLocal_ISO` is only a fallback, since a fresh publish date does not mean the
 *   event changed. `ItemExpiryDateTimeLocal_ISO` stays in the feed after it elapses: kept in details.
 * Unmapped fields are reported as: WarningLevel, CurrentStatus, GroupedType, EventType,
 * ItemDateTimeLocal_ISO, PublishDateLocal_ISO, ItemExpiryDateTimeLocal_ISO, coordinates.
 */

const FEED = 'QFD bushfireAlert.json';

/** One feature, before features sharing a UniqueID are put together. */
interface FeatureRecord extends Ranked {
  uniqueId: string;
  base: DraftBase;
  position?: Position;
  polygons: Position[][][];
  updatedAt: number;
  unmapped: UnmappedValue[];
}

/** HTML-bearing text fields as plain text, one line per block. */
function textOf(value: unknown): string | undefined {
  const text = trimmedText(value);
  return text === undefined ? undefined : htmlToPlainLines(text);
}

/** A boolean, number or string flag as given (`MultipleWarnings`, `MessageSent`). */
function flagOf(value: unknown): unknown {
  return typeof value === 'boolean' || typeof value === 'number' ? value : trimmedText(value);
}

function readDocument(body: Uint8Array): { features: unknown[]; crs: unknown } {
  const document = readJsonBody(body, FEED);
  const features = featuresOf(document, FEED);
  return { features, crs: (document as Record<string, unknown>).crs };
}

/** A `*Local_ISO` value: one without an offset is Brisbane wall-clock time. */
function localIsoTime(text: string): string | undefined {
  return parseIsoTimeInZone(text, QLD_ZONE, QLD_ZONE);
}

/** Reads a `*Local_ISO` property by name; an unreadable one is reported under that name. */
function localTimeReader(properties: Record<string, unknown>, report: Report) {
  const read = timeFieldReader(report, localIsoTime);
  return (field: string): string | undefined => read(field, trimmedText(properties[field]));
}

function timestampsOf(properties: Record<string, unknown>, report: Report): Timestamps | undefined {
  const read = localTimeReader(properties, report);
  const time = read('ItemDateTimeLocal_ISO') ?? read('PublishDateLocal_ISO');
  return time ? { reported: time, updated: time } : undefined;
}

/** Burns first (a call to action names them whatever the group), then GroupedType, then the text. */
function eventTypeOf(properties: Record<string, unknown>, report: Report): EventType {
  const text = [trimmedText(properties.CallToAction), trimmedText(properties.WarningTitle)].join(' ');
  const named = eventTypeInText(text);
  if (named === 'burn_off') return named;
  const groupedType = trimmedText(properties.GroupedType) ?? '';
  if (groupedType !== '') {
    return lookup(report, 'GroupedType', groupedType, groupedTypeOf, FALLBACK.eventType);
  }
  if (named) return named;
  const eventType = trimmedText(properties.EventType) ?? '';
  // The bushfire alert feed's generic "Fire" (or nothing at all) is a bushfire.
  if (eventType === '' || eventType.toLowerCase() === 'fire') return 'bushfire';
  report('EventType', eventType);
  return FALLBACK.eventType;
}

/** WGS84 `Latitude`/`Longitude` properties, as numbers or strings. */
function propertyPosition(properties: Record<string, unknown>, report: Report): Position | undefined {
  const latitude = numberOf(properties.Latitude);
  const longitude = numberOf(properties.Longitude);
  if (latitude === undefined || longitude === undefined) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) {
    report('coordinates', `${String(properties.Latitude)},${String(properties.Longitude)}`);
    return undefined;
  }
  return [longitude, latitude];
}

/** What a feature's details take from its parsing beyond the properties. */
interface DetailsInput {
  uniqueId: string;
  level: string;
  rawStatus: string;
  locality: string | undefined;
  warningTitle: string | undefined;
  /** `ItemExpiryDateTimeLocal_ISO` as read (its unreadable text is reported, and kept as given). */
  expires: string | undefined;
}

function featureDetailsOf(properties: Record<string, unknown>, input: DetailsInput): Record<string, unknown> {
  const expiryText = trimmedText(properties.ItemExpiryDateTimeLocal_ISO);
  const publishedText = trimmedText(properties.PublishDateLocal_ISO);
  return withoutEmpty({
    description: textOf(properties.WarningText),
    warning_title: input.warningTitle,
    call_to_action: trimmedText(properties.CallToAction),
    warning_level: input.level,
    warning_level_sort: numberOf(properties.WarningLevelSort),
    warning_type_level: trimmedText(properties.WarningType_Level),
    warning_area: textOf(properties.WarningArea),
    header: textOf(properties.Header),
    impacts: textOf(properties.Impacts),
    should_do: textOf(properties.ShouldDo),
    leave_safely: textOf(properties.LeaveSafely),
    further_information: textOf(properties.FurtherInformation),
    status_raw: input.rawStatus,
    type: trimmedText(properties.EventType),
    grouped_type: trimmedText(properties.GroupedType),
    jurisdiction: trimmedText(properties.Jurisdiction),
    locality: input.locality,
    vehicles_assigned: numberOf(properties.VehiclesAssigned),
    vehicles_on_route: numberOf(properties.VehiclesOnRoute),
    vehicles_on_scene: numberOf(properties.VehiclesOnScene),
    multiple_warnings: flagOf(properties.MultipleWarnings),
    message_sent: flagOf(properties.MessageSent),
    published: publishedText ? (localIsoTime(publishedText) ?? publishedText) : undefined,
    expires: input.expires ?? expiryText,
    item_date_time_utm: trimmedText(properties.ItemDateTimeUTM),
    object_id: numberOf(properties.OBJECTID) ?? trimmedText(properties.OBJECTID),
    source_id: input.uniqueId,
  });
}

function parseFeature(feature: unknown, crs: unknown, collector: RecordCollector): FeatureRecord | undefined {
  const { properties, geometry: featureGeometry } = featureParts(feature);
  const name = trimmedText(properties.OBJECTID) ?? '';
  const started = startQfdRecord(trimmedText(properties.UniqueID), name, collector, (report) =>
    timestampsOf(properties, report),
  );
  if (!started) return undefined;
  const { uniqueId, id, unmapped, report, timestamps } = started;

  const level = trimmedText(properties.WarningLevel) ?? '';
  const warningLevel = lookup(report, 'WarningLevel', level, warningLevelOf, FALLBACK.warningLevel);
  const rawStatus = trimmedText(properties.CurrentStatus) ?? '';
  const status = lookup(report, 'CurrentStatus', rawStatus, statusOf, FALLBACK.status);
  const eventType = eventTypeOf(properties, report);
  const expires = localTimeReader(properties, report)('ItemExpiryDateTimeLocal_ISO');

  const geometry = geometryInDegrees(featureGeometry, isRecord(feature) ? (feature.crs ?? crs) : crs);
  const flat = flattenGeometry(geometry);
  const address = trimmedText(properties.Location) ?? '';
  const locality = trimmedText(properties.Locality);
  const warningTitle = trimmedText(properties.WarningTitle);
  const base: DraftBase = {
    source: sourceOf(uniqueId),
    title: warningTitle || address || uniqueId,
    eventType,
    status,
    warningLevel,
    timestamps,
    place: placeOf(address, locality || suburbOf(address)),
    details: featureDetailsOf(properties, { uniqueId, level, rawStatus, locality, warningTitle, expires }),
  };
  const record: FeatureRecord = {
    id,
    upstreamId: uniqueId,
    uniqueId,
    base,
    polygons: flat.polygons,
    updatedAt: Date.parse(timestamps.updated),
    unmapped,
  };
  const position = propertyPosition(properties, report) ?? flat.points[0];
  if (position) record.position = position;
  return record;
}

/** An incident and, when a warning polygon shares its UniqueID, the warning's area. */
function recordOf(point: FeatureRecord | undefined, warning: FeatureRecord | undefined): CollectedRecord {
  const main = (point ?? warning)!;
  const id = qfdIncidentId(main.uniqueId);
  const area = warning ? areaGeometry(warning.polygons) : null;
  let position = main.position;
  if (!position && area) {
    const { longitude, latitude } = centroidOf(area);
    position = [longitude, latitude];
  }
  const warningLevel: WarningLevel = warning
    ? higherWarningLevel(main.base.warningLevel, warning.base.warningLevel)
    : main.base.warningLevel;
  const drafts = [
    draftOf({ ...main.base, warningLevel }, 'incident', position ? pointGeometry(position) : null),
  ];
  if (warning && area) drafts.push(draftOf(warning.base, 'warning_area', area, id));
  const unmapped =
    point && warning && point !== warning ? [...point.unmapped, ...warning.unmapped] : main.unmapped;
  const updatedAt = Math.max(point?.updatedAt ?? 0, warning?.updatedAt ?? 0);
  return { id, upstreamId: main.uniqueId, updatedAt, drafts, unmapped };
}

export const parseQldQfdBushfireAlertGeojson: FeedParser = (body) => {
  const { features, crs } = readDocument(body);
  const collector = new RecordCollector();
  // Of each kind, one feature per UniqueID; then a point and a polygon of one UniqueID are one incident.
  const points = new LatestById<FeatureRecord>();
  const warnings = new LatestById<FeatureRecord>();
  const order = new Set<string>();
  for (const feature of features) {
    const record = parseFeature(feature, crs, collector);
    if (!record) continue;
    order.add(record.id);
    collector.keepLatest(record.polygons.length > 0 ? warnings : points, record);
  }
  for (const id of order) collector.add(recordOf(points.get(id), warnings.get(id)));
  return collector.result();
};
