import {
  incidentId,
  STATE_TIME_ZONES,
  type Certainty,
  type EventType,
  type IncidentDetails,
  type IncidentDraft,
  type IncidentLocation,
  type IncidentSource,
  type IncidentStatus,
  type ParseResult,
  type Position,
  type Severity,
  type StateCode,
  type Urgency,
  type WarningLevel,
} from '../../model/index.js';
import {
  capCertaintyOf,
  capMsgTypeOf,
  capSeverityOf,
  capStatusOf,
  capUrgencyOf,
  eventTypeOfCapEventValue,
  warningLevelOfAlertLevel,
  type CapMsgType,
} from './cap-au.js';
import type { CapTriple } from './cap-defaults.js';
import { collectRecords, type CollectedRecord, type RecordCollector } from './collector.js';
import { draftsOf } from './drafts.js';
import { MalformedFeedError } from './errors.js';
import { flattenGeometry } from './geometry.js';
import { htmlToPlainLines } from './html.js';
import { parseIsoTimeInZone } from './iso-time.js';
import { positionFromLatLonText } from './lat-lon-text.js';
import { positionsFromDelimitedLatLon } from './lat-lon-sequence.js';
import type { FeedParser } from './types.js';
import { lookup, unmappedFor } from './vocabulary.js';
import { asList, isXmlNode, readXml, trimmedTextOf, type XmlNode } from './xml.js';
import { withoutUndefined } from './values.js';

/**
 * A generic CAP 1.2 / CAP-AU reader (CAP 1.1 and 1.0 read the same way), and a parser factory on top.
 *
 * Documents: a single `<alert>`; an EDXL-DE 1.0 `<EDXLDistribution>` whose `contentObject`s embed
 * alerts (the "CAP-AU feed" of NSW RFS, QLD, WA, TAS); an Atom `<feed>` whose entries inline alerts
 * in `<content>` (an Atom index that only links to alerts is not readable here: MalformedFeedError).
 * Namespace prefixes do not matter (`cap:alert`, `alert` in a default namespace, any prefix).
 *
 * The reader keeps values as published (trimmed strings); the vocabularies (CAP triple, event codes,
 * status, msgType, alert levels) are in common/cap-au.ts. Geometry is read as
 * GeoJSON [lng, lat]: `<polygon>` "lat,lon lat,lon …" (rings closed, invalid pairs dropped) and
 * `<circle>` "lat,lon radius-km" (its centre; a 0 radius is the usual point marker).
 *
 * {@link createCapParser} turns alerts into drafts: status Test/Exercise/System/Draft → dropped as
 * `test-record`; no id → `no-id`; no usable time → `no-timestamps`; then one record per upstream id (the
 * latest `sent` wins, older ones are dropped as `duplicate`: common/collector.ts); an incident whose latest message is a
 * Cancel or Error, or whose alert a Cancel/Error references, is omitted (it has ended); Ack messages
 * carry no incident. Each alert gives one 'incident' draft at its circle centre (else its polygons'
 * centroid) plus one area draft ('warning_area' by default) for its polygons.
 */

export interface CapValuePair {
  valueName: string;
  value: string;
}

export interface CapCircle {
  centre: Position;
  /** Kilometres, as CAP writes it; 0 when absent or unreadable. */
  radiusKm: number;
}

export interface CapArea {
  areaDesc: string;
  /** Each polygon as GeoJSON rings ([outer]); unreadable or too short polygons are left out. */
  polygons: Position[][][];
  circles: CapCircle[];
  geocodes: CapValuePair[];
}

export interface CapResource {
  resourceDesc: string;
  mimeType?: string;
  uri?: string;
}

/** One `<info>`; enumerations as published (mapped by the caller). */
export interface CapInfo {
  /** `en-US` when absent, as CAP says. */
  language: string;
  categories: string[];
  event: string;
  responseTypes: string[];
  urgency: string;
  severity: string;
  certainty: string;
  audience?: string;
  eventCodes: CapValuePair[];
  effective?: string;
  onset?: string;
  expires?: string;
  senderName?: string;
  headline?: string;
  description?: string;
  instruction?: string;
  web?: string;
  contact?: string;
  parameters: CapValuePair[];
  resources: CapResource[];
  areas: CapArea[];
}

export interface CapReference {
  sender: string;
  identifier: string;
  sent: string;
}

export interface CapAlert {
  identifier: string;
  sender: string;
  sent: string;
  status: string;
  msgType: string;
  source?: string;
  scope: string;
  restriction?: string;
  addresses?: string;
  codes: string[];
  note?: string;
  /** `sender,identifier,sent` triples; a malformed one keeps its text as identifier. */
  references: CapReference[];
  /** Incident ids the alert belongs to (`<incidents>`, white-space separated, quotes honoured). */
  incidents: string[];
  infos: CapInfo[];
}

const ARRAY_TAGS = [
  'alert',
  'info',
  'area',
  'polygon',
  'circle',
  'geocode',
  'parameter',
  'eventCode',
  'resource',
  'category',
  'responseType',
  'code',
  'contentObject',
  'xmlContent',
  'embeddedXMLContent',
  'entry',
  'content',
];

/** Trimmed text of the first element called `name`, or undefined when empty. */
function texts(node: XmlNode, name: string): string[] {
  return asList(node[name])
    .map(trimmedTextOf)
    .filter((value) => value !== undefined);
}

function nodes(node: XmlNode, name: string): XmlNode[] {
  return asList(node[name]).filter(isXmlNode);
}

function pairs(node: XmlNode, name: string): CapValuePair[] {
  return nodes(node, name).map((pair) => ({
    valueName: trimmedTextOf(pair.valueName) ?? '',
    value: trimmedTextOf(pair.value) ?? '',
  }));
}

/** `"a b" c` → ['a b', 'c']. */
function spaceSeparated(value: string | undefined): string[] {
  if (!value) return [];
  return [...value.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? '');
}

function polygonOf(value: string): Position[][] | undefined {
  // Tolerates "lat, lon" with a space after the comma, and newline-separated pairs.
  const { positions } = positionsFromDelimitedLatLon(value.trim().replace(/\s*,\s*/g, ','), /\s+/, ',');
  const [polygon] = flattenGeometry({ type: 'Polygon', coordinates: [positions] }).polygons;
  return polygon;
}

function circleOf(value: string): CapCircle | undefined {
  const [centre = '', radius = '0'] = value
    .trim()
    .replace(/\s*,\s*/g, ',')
    .split(/\s+/);
  const position = positionFromLatLonText(centre, { exponent: true });
  if (!position) return undefined;
  const radiusKm = Number(radius);
  return { centre: position, radiusKm: Number.isFinite(radiusKm) && radiusKm > 0 ? radiusKm : 0 };
}

function readArea(node: XmlNode): CapArea {
  return {
    areaDesc: trimmedTextOf(node.areaDesc) ?? '',
    polygons: texts(node, 'polygon')
      .map(polygonOf)
      .filter((polygon) => polygon !== undefined),
    circles: texts(node, 'circle')
      .map(circleOf)
      .filter((circle) => circle !== undefined),
    geocodes: pairs(node, 'geocode'),
  };
}

function readInfo(node: XmlNode): CapInfo {
  return withoutUndefined({
    language: trimmedTextOf(node.language) ?? 'en-US',
    categories: texts(node, 'category'),
    event: trimmedTextOf(node.event) ?? '',
    responseTypes: texts(node, 'responseType'),
    urgency: trimmedTextOf(node.urgency) ?? '',
    severity: trimmedTextOf(node.severity) ?? '',
    certainty: trimmedTextOf(node.certainty) ?? '',
    audience: trimmedTextOf(node.audience),
    eventCodes: pairs(node, 'eventCode'),
    effective: trimmedTextOf(node.effective),
    onset: trimmedTextOf(node.onset),
    expires: trimmedTextOf(node.expires),
    senderName: trimmedTextOf(node.senderName),
    headline: trimmedTextOf(node.headline),
    description: trimmedTextOf(node.description),
    instruction: trimmedTextOf(node.instruction),
    web: trimmedTextOf(node.web),
    contact: trimmedTextOf(node.contact),
    parameters: pairs(node, 'parameter'),
    resources: nodes(node, 'resource').map((resource) =>
      withoutUndefined({
        resourceDesc: trimmedTextOf(resource.resourceDesc) ?? '',
        mimeType: trimmedTextOf(resource.mimeType),
        uri: trimmedTextOf(resource.uri),
      }),
    ),
    areas: nodes(node, 'area').map(readArea),
  });
}

function readAlert(node: XmlNode): CapAlert {
  return withoutUndefined({
    identifier: trimmedTextOf(node.identifier) ?? '',
    sender: trimmedTextOf(node.sender) ?? '',
    sent: trimmedTextOf(node.sent) ?? '',
    status: trimmedTextOf(node.status) ?? '',
    msgType: trimmedTextOf(node.msgType) ?? '',
    source: trimmedTextOf(node.source),
    scope: trimmedTextOf(node.scope) ?? '',
    restriction: trimmedTextOf(node.restriction),
    addresses: trimmedTextOf(node.addresses),
    codes: texts(node, 'code'),
    note: trimmedTextOf(node.note),
    references: spaceSeparated(trimmedTextOf(node.references)).map((triple) => {
      const [sender = '', identifier, sent = ''] = triple.split(',');
      return identifier === undefined
        ? { sender: '', identifier: triple, sent: '' }
        : { sender, identifier, sent };
    }),
    incidents: spaceSeparated(trimmedTextOf(node.incidents)),
    infos: nodes(node, 'info').map(readInfo),
  });
}

/** The alert elements of a document, in document order. */
function alertNodes(rootName: string, root: XmlNode, feedName: string): XmlNode[] {
  if (rootName === 'alert') return [root];
  if (rootName === 'EDXLDistribution') {
    return nodes(root, 'contentObject')
      .flatMap((content) => nodes(content, 'xmlContent'))
      .flatMap((xml) => nodes(xml, 'embeddedXMLContent'))
      .flatMap((embedded) => nodes(embedded, 'alert'));
  }
  // Atom: alerts inlined in entries' <content>, or (as a test fixture of SA CFS does) in the feed itself.
  const entries = nodes(root, 'entry');
  const alerts = [
    ...nodes(root, 'alert'),
    ...entries.flatMap((entry) => nodes(entry, 'content')).flatMap((content) => nodes(content, 'alert')),
  ];
  if (alerts.length === 0 && entries.length > 0) {
    throw new MalformedFeedError(
      `${feedName}: an Atom index whose entries link to CAP alerts instead of inlining them`,
    );
  }
  return alerts;
}

/** Every alert of a CAP, EDXL-DE or Atom document. MalformedFeedError when the body is none of them. */
export function readCapAlerts(body: Uint8Array | string, feedName: string): CapAlert[] {
  const { rootName, root } = readXml(body, feedName, ['alert', 'EDXLDistribution', 'feed'], {
    arrayTags: ARRAY_TAGS,
  });
  return alertNodes(rootName, root, feedName).map(readAlert);
}

/**
 * The info blocks to read: those in the first of `languages` present (exact tag, any case), else
 * those whose primary language matches (`en` for `en-AU`), else all of them.
 */
export function preferredInfos(alert: CapAlert, languages: readonly string[] = ['en-AU']): CapInfo[] {
  const lower = (value: string): string => value.trim().toLowerCase();
  for (const language of languages) {
    const exact = alert.infos.filter((info) => lower(info.language) === lower(language));
    if (exact.length > 0) return exact;
  }
  for (const language of languages) {
    const primary = lower(language).split('-')[0] ?? '';
    const matching = alert.infos.filter((info) => lower(info.language).split('-')[0] === primary);
    if (matching.length > 0) return matching;
  }
  return alert.infos;
}

/** The first non-empty value of a parameter (name compared case-insensitively) across the infos. */
export function capParameter(infos: readonly CapInfo[], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const info of infos) {
    for (const parameter of info.parameters) {
      if (parameter.valueName.toLowerCase() === wanted && parameter.value !== '') return parameter.value;
    }
  }
  return undefined;
}

/** Every parameter by name (the first non-empty value of each), for details. */
export function capParameters(infos: readonly CapInfo[]): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const info of infos) {
    for (const { valueName, value } of info.parameters) {
      if (valueName !== '' && (parameters[valueName] ?? '') === '') parameters[valueName] = value;
    }
  }
  return parameters;
}

export interface CapGeometry {
  /** The first circle's centre. */
  point?: Position;
  /** Every polygon of every area, duplicates (the same area in several infos) left out. */
  polygons: Position[][][];
  circles: CapCircle[];
}

export function capGeometry(infos: readonly CapInfo[]): CapGeometry {
  const seen = new Set<string>();
  const polygons: Position[][][] = [];
  const circles: CapCircle[] = [];
  for (const area of infos.flatMap((info) => info.areas)) {
    for (const polygon of area.polygons) {
      const key = JSON.stringify(polygon);
      if (seen.has(key)) continue;
      seen.add(key);
      polygons.push(polygon);
    }
    for (const circle of area.circles) {
      const key = JSON.stringify(circle);
      if (seen.has(key)) continue;
      seen.add(key);
      circles.push(circle);
    }
  }
  const point = circles[0]?.centre;
  return point ? { point, polygons, circles } : { polygons, circles };
}

export type CapReport = (field: string, value: string) => void;

export interface CapEventTypeReading {
  eventType: EventType;
  /** False when neither an event code nor the event name was recognised (eventType is then `other`). */
  known: boolean;
  /** The values that were tried, in order: every eventCode value, then `<event>`. */
  values: string[];
}

/**
 * The eventType of the infos' event codes and event name: the first that names a specific type wins;
 * else `other`, known when at least one value is a CAP-AU code or name.
 */
export function capEventTypeOf(infos: readonly CapInfo[]): CapEventTypeReading {
  const values = [
    ...new Set(
      infos
        .flatMap((info) => [...info.eventCodes.map((code) => code.value), info.event])
        .filter((v) => v !== ''),
    ),
  ];
  let known = false;
  for (const value of values) {
    const eventType = eventTypeOfCapEventValue(value);
    if (eventType === undefined) continue;
    if (eventType !== 'other') return { eventType, known: true, values };
    known = true;
  }
  return { eventType: 'other', known, values };
}

/** The CAP triple as published; a missing or unknown value is `Unknown` and reported. */
export function capTripleOf(info: CapInfo, report: CapReport): CapTriple {
  return {
    severity: lookup(report, 'severity', info.severity, capSeverityOf, 'Unknown'),
    urgency: lookup(report, 'urgency', info.urgency, capUrgencyOf, 'Unknown'),
    certainty: lookup(report, 'certainty', info.certainty, capCertaintyOf, 'Unknown'),
  };
}

/** A CAP time (ISO 8601 with offset; fractional seconds and `Z` tolerated) in `zone`; undefined if unreadable. */
export function capTime(value: string | undefined, zone: string): string | undefined {
  return value ? parseIsoTimeInZone(value, zone, zone) : undefined;
}

/** The CAP fields worth keeping in details, under `details.cap`. */
export function capDetails(alert: CapAlert, infos: readonly CapInfo[]): IncidentDetails {
  const [info] = infos;
  const geometry = capGeometry(infos);
  const geocodes = infos.flatMap((each) => each.areas.flatMap((area) => area.geocodes));
  return withoutUndefined({
    identifier: alert.identifier || undefined,
    sender: alert.sender || undefined,
    sender_name: info?.senderName,
    sent: alert.sent || undefined,
    msg_type: alert.msgType || undefined,
    references: alert.references.length > 0 ? alert.references.map((ref) => ref.identifier) : undefined,
    incidents: alert.incidents.length > 0 ? alert.incidents : undefined,
    event: info?.event || undefined,
    categories: info && info.categories.length > 0 ? info.categories : undefined,
    response_types: info && info.responseTypes.length > 0 ? info.responseTypes : undefined,
    severity: info?.severity || undefined,
    urgency: info?.urgency || undefined,
    certainty: info?.certainty || undefined,
    event_codes: info && info.eventCodes.length > 0 ? info.eventCodes.map((code) => code.value) : undefined,
    effective: info?.effective,
    onset: info?.onset,
    expires: info?.expires,
    parameters: infos.some((each) => each.parameters.length > 0) ? capParameters(infos) : undefined,
    area_desc: [...new Set(infos.flatMap((each) => each.areas.map((area) => area.areaDesc)))].filter(Boolean),
    circle_radius_km:
      geometry.circles[0] && geometry.circles[0].radiusKm > 0 ? geometry.circles[0].radiusKm : undefined,
    geocodes: geocodes.length > 0 ? [...new Set(geocodes.map((geocode) => geocode.value))] : undefined,
  });
}

/** What a mapper decides for one alert; the factory adds ids, geometry and the area draft. */
export interface CapRecord {
  title: string;
  eventType: EventType;
  status: IncidentStatus;
  warningLevel: WarningLevel;
  severity: Severity;
  urgency: Urgency;
  certainty: Certainty;
  /** Undefined: no usable time, the alert is dropped as `no-timestamps`. */
  timestamps: { reported: string; updated: string } | undefined;
  place: Omit<IncidentLocation, 'latitude' | 'longitude' | 'precision' | 'state'>;
  details: IncidentDetails;
}

export interface CapAlertContext {
  alert: CapAlert;
  /** The preferred-language infos (never empty). */
  infos: CapInfo[];
  /** infos[0]. */
  info: CapInfo;
  feedId: string;
  incidentId: string;
  state: StateCode;
  zone: string;
  report: CapReport;
}

/**
 * The generic mapping: title from headline/event/areaDesc; eventType from CAP-AU event codes (then the
 * event name); warningLevel from an `AlertLevel` (or `WarningLevel`) parameter; the CAP triple as
 * published; status `safe` for an AllClear response, else `active`; times from `sent` (then
 * `effective`/`onset`).
 */
export function defaultCapRecord(context: CapAlertContext): CapRecord {
  const { alert, infos, info, zone, report } = context;
  const event = capEventTypeOf(infos);
  if (!event.known) report('eventCode', event.values.join(' | '));
  const alertLevel = capParameter(infos, 'AlertLevel') ?? capParameter(infos, 'WarningLevel') ?? '';
  const warningLevel = warningLevelOfAlertLevel(alertLevel);
  if (warningLevel === undefined) report('AlertLevel', alertLevel);
  const sent = capTime(alert.sent, zone);
  if (alert.sent && !sent) report('sent', alert.sent);
  const start = sent ?? capTime(info.effective, zone) ?? capTime(info.onset, zone);
  const areaDesc = [...new Set(infos.flatMap((each) => each.areas.map((area) => area.areaDesc)))].filter(
    Boolean,
  );
  const allClear = infos.some((each) => each.responseTypes.some((type) => type.toLowerCase() === 'allclear'));
  return {
    title: info.headline ?? (info.event || areaDesc[0] || alert.identifier),
    eventType: event.eventType,
    status: allClear ? 'safe' : 'active',
    warningLevel: warningLevel ?? 'none',
    ...capTripleOf(info, report),
    timestamps: start ? { reported: start, updated: start } : undefined,
    place: { address: areaDesc.join('; '), suburb: '', lga: '' },
    details: withoutUndefined({
      description: info.description ? htmlToPlainLines(info.description) : undefined,
      instruction: info.instruction ? htmlToPlainLines(info.instruction) : undefined,
      alert_level: alertLevel || undefined,
      source_url: info.web,
      cap: capDetails(alert, infos),
    }),
  };
}

export interface CapParserConfig {
  /** Named in MalformedFeedError messages. */
  feedName: string;
  state: StateCode;
  /** Agency code used in ids. */
  agency: string;
  /** The upstream id of an alert's incident; default: the CAP identifier. Undefined → dropped `no-id`. */
  feedIdOf?: (alert: CapAlert) => string | undefined;
  /** Agency-specific mapping; default {@link defaultCapRecord}. */
  map?: (context: CapAlertContext) => CapRecord;
  /** What the alert's polygons are: warning areas (default) or burnt/fire-ground areas. */
  areaFeatureType?: 'warning_area' | 'incident_area';
  /** Preferred info languages; default ['en-AU'] (then any English, then all). */
  languages?: readonly string[];
}

const NOT_INCIDENTS: ReadonlySet<CapMsgType> = new Set(['Cancel', 'Error']);

/** An alert that is a real message: not Test/Exercise/System/Draft (an unknown status is read). */
function isActual(alert: CapAlert): boolean {
  const status = capStatusOf(alert.status);
  return status === undefined || status === 'Actual';
}

/** The identifiers every Cancel or Error of the document references, wherever they stand in it. */
function cancelledIdentifiers(alerts: readonly CapAlert[]): Set<string> {
  const cancelled = new Set<string>();
  for (const alert of alerts) {
    const msgType = capMsgTypeOf(alert.msgType);
    if (!isActual(alert) || msgType === undefined || !NOT_INCIDENTS.has(msgType)) continue;
    for (const reference of alert.references) cancelled.add(reference.identifier);
  }
  return cancelled;
}

/** A parser's configuration with its defaults filled in. */
interface CapParserSettings {
  state: StateCode;
  agency: string;
  zone: string;
  feedIdOf: (alert: CapAlert) => string | undefined;
  map: (context: CapAlertContext) => CapRecord;
  areaType: 'warning_area' | 'incident_area';
  languages: readonly string[] | undefined;
}

/** The drafts of one mapped alert: the incident at its circle centre (else its polygons), and its area. */
function alertDrafts(
  target: {
    id: string;
    source: IncidentSource;
    infos: readonly CapInfo[];
    areaType: CapParserSettings['areaType'];
  },
  mapped: CapRecord,
  timestamps: { reported: string; updated: string },
): IncidentDraft[] {
  const { point, polygons } = capGeometry(target.infos);
  return draftsOf({
    id: target.id,
    source: target.source,
    title: mapped.title,
    eventType: mapped.eventType,
    status: mapped.status,
    warningLevel: mapped.warningLevel,
    cap: { severity: mapped.severity, urgency: mapped.urgency, certainty: mapped.certainty },
    timestamps: { ...timestamps },
    place: { ...mapped.place, state: target.source.state },
    details: mapped.details,
    point,
    polygons,
    areaType: target.areaType,
  });
}

/**
 * One alert's record. A Cancel or Error, or an alert one of them references, has no drafts: as the
 * latest message of its incident it still wins, and so omits the incident.
 */
function readCapAlert(
  settings: CapParserSettings,
  alert: CapAlert,
  cancelled: ReadonlySet<string>,
  collector: RecordCollector,
): CollectedRecord | undefined {
  const { zone } = settings;
  if (!isActual(alert)) {
    collector.drop('test-record', alert.identifier);
    return undefined;
  }
  const feedId = settings.feedIdOf(alert);
  const source: IncidentSource = { state: settings.state, agency: settings.agency, feedId: feedId ?? '' };
  const id = feedId ? incidentId(source) : '';
  const { unmapped, report } = unmappedFor(id);
  if (capStatusOf(alert.status) === undefined) report('status', alert.status);
  const msgType = capMsgTypeOf(alert.msgType);
  if (msgType === undefined) report('msgType', alert.msgType);
  if (msgType === 'Ack') return undefined;
  if (!feedId) {
    collector.drop('no-id', alert.identifier, unmapped);
    return undefined;
  }
  const record: CollectedRecord = {
    id,
    upstreamId: alert.identifier,
    // The latest `sent` is the incident's latest message.
    updatedAt: Date.parse(capTime(alert.sent, zone) ?? ''),
    drafts: [],
    unmapped,
  };
  if ((msgType !== undefined && NOT_INCIDENTS.has(msgType)) || cancelled.has(alert.identifier)) {
    return record;
  }
  const infos = preferredInfos(alert, settings.languages);
  const [info] = infos;
  if (!info) {
    report('info', '');
    return record;
  }
  const mapped = settings.map({
    alert,
    infos,
    info,
    feedId,
    incidentId: id,
    state: settings.state,
    zone,
    report,
  });
  if (!mapped.timestamps) {
    collector.drop('no-timestamps', alert.identifier, unmapped);
    return undefined;
  }
  record.drafts = alertDrafts({ id, source, infos, areaType: settings.areaType }, mapped, mapped.timestamps);
  return record;
}

export function createCapParser(config: CapParserConfig): FeedParser {
  const settings: CapParserSettings = {
    state: config.state,
    agency: config.agency,
    zone: STATE_TIME_ZONES[config.state],
    feedIdOf: config.feedIdOf ?? ((alert: CapAlert) => alert.identifier || undefined),
    map: config.map ?? defaultCapRecord,
    areaType: config.areaFeatureType ?? 'warning_area',
    languages: config.languages,
  };
  return (body): ParseResult => {
    const alerts = readCapAlerts(body, config.feedName);
    const cancelled = cancelledIdentifiers(alerts);
    return collectRecords(alerts, (alert, collector) => readCapAlert(settings, alert, cancelled, collector));
  };
}
