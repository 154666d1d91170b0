import {
  incidentId,
  type Certainty,
  type EventType,
  type IncidentDetails,
  type IncidentLocation,
  type IncidentSource,
  type IncidentStatus,
  type ParseResult,
  type Severity,
  type Urgency,
  type WarningLevel,
  STATE_TIME_ZONES,
} from '../../model/index.js';
import { suburbReader } from '../common/address.js';
import { featureParts, readFeatureCollection } from '../common/body-text.js';
import { collectRecords, type CollectedRecord, type RecordCollector } from '../common/collector.js';
import { draftsOf, eitherTimestamps, type Timestamps } from '../common/drafts.js';
import { CAP_BY_WARNING_LEVEL, type CapTriple } from '../common/cap-defaults.js';
import { capCertaintyOf, capSeverityOf, capUrgencyOf, eventTypeOfCapAuEventCode } from '../common/cap-au.js';
import { flattenGeometry } from '../common/geometry.js';
import { htmlToPlainLines } from '../common/html.js';
import { parseIsoTimeInZone } from '../common/iso-time.js';
import type { FeedParser } from '../common/types.js';
import { lookup, type Report, unmappedFor } from '../common/vocabulary.js';
import {
  eventTypeOfCapEventName,
  eventTypeOfCategory1,
  eventTypeOfCategory2,
  FALLBACK,
  FALLBACK_SOURCE,
  FEED_TYPES,
  sourceFeedRuleOf,
  statusOf,
  warningLevelOf,
  type SourceFeedRule,
} from './emv-vocabulary.js';
import { isRecord, numberOf, trimmedText, withoutUndefined } from '../common/values.js';

/**
 * VicEmergency https://emergency.vic.gov.au/public/events-geojson.json and its older twin
 * osom-geojson.json (same schema), FEEDS.md section 3: every agency's incidents plus EMV's cop-cap
 * warnings in one FeatureCollection.
 *
 * - Ids: `vic-<agency>-<sourceId>`, the agency taken from `sourceFeed` (else `sourceOrg`, else `emv`);
 *   `sourceId` is the agency's own number (CFA/SES incident number, FRV/ESTA event, FFMVic fire or burn,
 *   EMV warning), stable across polls, whereas `id` is the CAD event ("ESTA:…") or, for NSW, time-stamped.
 *   Characters that cannot sit in a URL path segment (`/` in `fdr/North_Central/09-01-2026`) become `-`.
 * - Warnings (`feedType=warning`): an incident draft at the warning's point (its polygons' centroid
 *   when it has none) plus a `warning_area` draft; the AWS level from `category1`, the CAP triple from
 *   `cap`, the eventType from `cap.eventCode`; `status` holds the CAP severity (All Clear → safe).
 * - Other polygons: `fire_ban_area` (CFA fire danger ratings, total fire bans), `warning_area` (BOM),
 *   `incident_area` (everything else).
 * - Dropped: `republished` (NSW RFS `rfs-cap`, SA CFS `cfs-incident`), `test-record`, `no-id`,
 *   `no-timestamps`, `duplicate` (the earlier update of an id seen twice).
 * Unmapped fields are reported as: sourceFeed, feedType, category1, category2, status, cap.eventCode,
 * cap.severity, cap.urgency, cap.certainty, created, updated.
 */

const ZONE = STATE_TIME_ZONES.vic;
/** The permanent fake record of the EMV developer feed ("TEST PROD RECORD - DO NOT DELE"). */
const TEST_RECORD = /\bTEST PROD RECORD\b/i;
const CAP_TEST_STATUS = /^(?:test|exercise)$/i;
/** `More details at http://emergency.vic.gov.au/respond/#!/warning/39413/moreinfo` in a warning's text. */
const MORE_DETAILS = /More details at\s+(https?:\/\/\S+)/i;
/** Characters that cannot stay in an id served as a URL path segment. */
const UNSAFE_ID_CHARACTERS = /[\s/\\?#%]+/g;
/** A webHeadline short enough to be a title (BOM, fire danger ratings); long ones are prose. */
const TITLE_MAX_LENGTH = 100;

/** `sizeFmt` is a string, a list of strings (`["0 ha"]`, NSW copies) or null. */
function sizeOf(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const parts = value.map(trimmedText).filter((part) => part !== undefined);
    return parts.length > 0 ? parts.join(', ') : undefined;
  }
  return trimmedText(value);
}

/** Best effort (common/address.ts). FFMVic names a fire "Locality - Track": the locality comes first. */
const suburbOf = suburbReader({ state: 'VIC', alone: (part) => part.split(' - ')[0]?.trim() ?? '' });

/** Each time falls back to the other (BOM warnings have no `updated`); undefined when neither parses. */
function timestampsOf(
  created: string | undefined,
  updated: string | undefined,
  report: Report,
): Timestamps | undefined {
  const reported = created ? parseIsoTimeInZone(created, ZONE, ZONE) : undefined;
  const lastUpdated = updated ? parseIsoTimeInZone(updated, ZONE, ZONE) : undefined;
  if (created && !reported) report('created', created);
  if (updated && !lastUpdated) report('updated', updated);
  return eitherTimestamps(reported, lastUpdated);
}

/** The CAP triple of the `cap` object; a missing member takes the level's default, an unknown one Unknown. */
function capTripleOf(
  cap: Record<string, unknown> | undefined,
  level: WarningLevel,
  report: Report,
): CapTriple {
  const defaults = CAP_BY_WARNING_LEVEL[level];
  if (!cap) return defaults;
  const member = <T>(field: string, read: (raw: string) => T | undefined, fallback: T, unknown: T): T => {
    const raw = trimmedText(cap[field]);
    if (raw === undefined) return fallback;
    const value = read(raw);
    if (value === undefined) report(`cap.${field}`, raw);
    return value ?? unknown;
  };
  return {
    severity: member<Severity>('severity', capSeverityOf, defaults.severity, 'Unknown'),
    urgency: member<Urgency>('urgency', capUrgencyOf, defaults.urgency, 'Unknown'),
    certainty: member<Certainty>('certainty', capCertaintyOf, defaults.certainty, 'Unknown'),
  };
}

/** The incident a warning is about: its location and type (embedded in `incidentFeatures`). */
function linkedIncidentOf(properties: Record<string, unknown>): Record<string, unknown> {
  const linked: unknown[] = Array.isArray(properties.incidentFeatures) ? properties.incidentFeatures : [];
  const first = linked.find((entry) => isRecord(entry) && isRecord(entry.properties));
  return isRecord(first) && isRecord(first.properties) ? first.properties : {};
}

function warningEventTypeOf(
  cap: Record<string, unknown> | undefined,
  linked: Record<string, unknown>,
  category2: string,
  report: Report,
): EventType {
  const code = trimmedText(cap?.eventCode);
  const event = trimmedText(cap?.event);
  const linkedType = trimmedText(linked.category2);
  const eventType =
    (code && eventTypeOfCapAuEventCode(code)) ||
    (event && eventTypeOfCapEventName(event)) ||
    (linkedType && (eventTypeOfCapEventName(linkedType) ?? eventTypeOfCategory2(linkedType))) ||
    undefined;
  if (eventType) return eventType;
  report('cap.eventCode', code ?? event ?? category2);
  return FALLBACK.eventType;
}

function incidentEventTypeOf(category1: string, category2: string, report: Report): EventType {
  const byCategory2 = eventTypeOfCategory2(category2);
  if (byCategory2) return byCategory2;
  // An unknown category2 is reported; category1 still says what kind of event it is, when it is known.
  report('category2', category2);
  const byCategory1 = eventTypeOfCategory1(category1);
  if (!byCategory1 && category1 !== '') report('category1', category1);
  return byCategory1 ?? FALLBACK.eventType;
}

function titleOf(
  properties: Record<string, unknown>,
  rule: SourceFeedRule,
  warning: { event?: string; place?: string } | undefined,
  fallback: string,
): string {
  const name = trimmedText(properties.name);
  const sourceTitle = trimmedText(properties.sourceTitle);
  const location = trimmedText(properties.location);
  const category1 = trimmedText(properties.category1);
  const category2 = trimmedText(properties.category2);
  if (warning) {
    // "Emergency Warning - Bushfire - Longwood": `name` alone only repeats the level.
    const parts = [name ?? sourceTitle ?? category1, warning.event, warning.place ?? location];
    return parts.filter((part) => part !== undefined).join(' - ') || fallback;
  }
  const headline = trimmedText(properties.webHeadline);
  const shortHeadline =
    headline &&
    headline.length <= TITLE_MAX_LENGTH &&
    !/\n/.test(headline) &&
    headline.toLowerCase() !== 'unknown'
      ? headline
      : undefined;
  if (name ?? shortHeadline) return (name ?? shortHeadline) as string;
  if (rule.area === 'fire_ban_area' && category2 && location) return `${category2}: ${location}`;
  const meaningfulTitle = sourceTitle && sourceTitle.toLowerCase() !== 'undefined' ? sourceTitle : undefined;
  return location ?? meaningfulTitle ?? category2 ?? fallback;
}

/** Who published a feature and under which ids; its `cap` object when it has one. */
interface FeatureIdentity {
  cap: Record<string, unknown> | undefined;
  sourceFeed: string;
  sourceOrg: string;
  /** The rule of a known `sourceFeed`/`sourceOrg`; undefined when neither is known. */
  knownRule: SourceFeedRule | undefined;
  rule: SourceFeedRule;
  rawSourceId: string | undefined;
  upstreamId: string;
}

/** The feature's publisher and ids, or undefined once it is dropped (test record, republished copy, no id). */
function identifyFeature(
  properties: Record<string, unknown>,
  collector: RecordCollector,
): FeatureIdentity | undefined {
  const cap = isRecord(properties.cap) ? properties.cap : undefined;
  const sourceFeed = trimmedText(properties.sourceFeed) ?? '';
  const sourceOrg = trimmedText(properties.sourceOrg) ?? '';
  const rawSourceId = trimmedText(properties.sourceId) ?? trimmedText(properties.id);
  const upstreamId = rawSourceId?.replace(UNSAFE_ID_CHARACTERS, '-');

  const texts = ['name', 'sourceTitle', 'location', 'webHeadline'].map(
    (key) => trimmedText(properties[key]) ?? '',
  );
  if (texts.some((text) => TEST_RECORD.test(text)) || CAP_TEST_STATUS.test(trimmedText(cap?.status) ?? '')) {
    collector.drop('test-record', rawSourceId ?? '');
    return undefined;
  }
  const knownRule = sourceFeedRuleOf(sourceFeed, sourceOrg);
  if (knownRule?.republishedFrom) {
    collector.drop('republished', rawSourceId ?? '');
    return undefined;
  }
  if (!upstreamId) {
    collector.drop('no-id', '');
    return undefined;
  }
  const rule = knownRule ?? FALLBACK_SOURCE;
  return { cap, sourceFeed, sourceOrg, knownRule, rule, rawSourceId, upstreamId };
}

/** What a feature is: its feed type, categories, status, warning level, event type and CAP triple. */
interface FeatureClass {
  feedType: string;
  isWarning: boolean;
  category1: string;
  category2: string;
  statusRaw: string | undefined;
  status: IncidentStatus;
  warningLevel: WarningLevel;
  /** The properties of the incident a warning is about; empty for anything else. */
  linked: Record<string, unknown>;
  eventType: EventType;
  capTriple: CapTriple;
}

function classifyFeature(
  properties: Record<string, unknown>,
  { cap, rule }: FeatureIdentity,
  report: Report,
): FeatureClass {
  const feedType = trimmedText(properties.feedType) ?? '';
  if (!FEED_TYPES.has(feedType.toLowerCase())) report('feedType', feedType);
  const isWarning = feedType.toLowerCase() === 'warning';

  const category1 = trimmedText(properties.category1) ?? '';
  const category2 = trimmedText(properties.category2) ?? '';
  const statusRaw = trimmedText(properties.status);
  const statusKind = isWarning ? 'warning' : rule.statusKind;
  const status = lookup(
    report,
    'status',
    statusRaw ?? '',
    (raw) => statusOf(raw, statusKind),
    FALLBACK.status,
  );
  const warningLevel = isWarning
    ? lookup(report, 'category1', category1, warningLevelOf, FALLBACK.warningLevel)
    : 'none';
  const linked = isWarning ? linkedIncidentOf(properties) : {};
  const eventType = isWarning
    ? warningEventTypeOf(cap, linked, category2, report)
    : incidentEventTypeOf(category1, category2, report);
  const capTriple = capTripleOf(cap, warningLevel, report);
  return {
    feedType,
    isWarning,
    category1,
    category2,
    statusRaw,
    status,
    warningLevel,
    linked,
    eventType,
    capTriple,
  };
}

/** The feature's details: its texts, upstream ids, raw vocabulary, sizes and CAP fields. */
function featureDetailsOf(
  properties: Record<string, unknown>,
  identity: FeatureIdentity,
  kind: FeatureClass,
): IncidentDetails {
  const { cap, rule } = identity;
  const webBody = trimmedText(properties.webBody);
  const text = trimmedText(properties.text);
  const headline = trimmedText(properties.webHeadline);
  const sourceTitle = trimmedText(properties.sourceTitle);
  const callSource = trimmedText(properties.source);
  const statewide = trimmedText(properties.statewide)?.toUpperCase();
  return withoutUndefined({
    description: (webBody && htmlToPlainLines(webBody)) || text,
    headline: headline && headline.toLowerCase() !== 'unknown' ? headline : undefined,
    feed_type: kind.feedType || undefined,
    source_org: identity.sourceOrg || undefined,
    source_feed: identity.sourceFeed || undefined,
    source_id: identity.rawSourceId,
    upstream_id: trimmedText(properties.id),
    source_title: sourceTitle && sourceTitle.toLowerCase() !== 'undefined' ? sourceTitle : undefined,
    source_url: trimmedText(properties.url) ?? (text ? MORE_DETAILS.exec(text)?.[1] : undefined),
    category1: kind.category1 || undefined,
    category2: kind.category2 || undefined,
    status_raw: kind.statusRaw,
    fire_danger_rating: rule.statusKind === 'fire-danger-rating' ? kind.statusRaw : undefined,
    size: sizeOf(properties.sizeFmt) ?? trimmedText(properties.size),
    size_ha: numberOf(properties.size),
    resources: numberOf(properties.resources),
    cad_id: trimmedText(properties.eventId),
    esta_id: trimmedText(properties.estaId),
    // The call origin (000, RADIO…); once upstream wrote a script error there instead.
    call_source: callSource && !/^ERROR:/i.test(callSource) ? callSource : undefined,
    magnitude: numberOf(properties.magnitude),
    action: trimmedText(properties.action),
    statewide: statewide === 'Y' ? true : statewide === 'N' ? false : undefined,
    cap_category: trimmedText(cap?.category),
    cap_event: trimmedText(cap?.event),
    cap_event_code: trimmedText(cap?.eventCode),
    cap_response_type: trimmedText(cap?.responseType),
    cap_sender_name: trimmedText(cap?.senderName),
    incident_location: trimmedText(kind.linked.location),
    incident_type: kind.isWarning ? trimmedText(kind.linked.category2) : undefined,
  });
}

function parseFeature(feature: unknown, collector: RecordCollector): CollectedRecord | undefined {
  const { properties, geometry } = featureParts(feature);
  const identity = identifyFeature(properties, collector);
  if (!identity) return undefined;
  const { cap, rule, rawSourceId, upstreamId } = identity;
  const source: IncidentSource = {
    state: 'vic',
    agency: rule.agency,
    feedId: `${rule.idPrefix ?? ''}${upstreamId}`,
  };
  const id = incidentId(source);
  const { unmapped, report } = unmappedFor(id);

  const timestamps = timestampsOf(trimmedText(properties.created), trimmedText(properties.updated), report);
  if (!timestamps) {
    // Never "now": the record is left out, and any unreadable time it had is still reported.
    collector.drop('no-timestamps', rawSourceId ?? '', unmapped);
    return undefined;
  }
  if (!identity.knownRule) report('sourceFeed', identity.sourceFeed || identity.sourceOrg);
  const kind = classifyFeature(properties, identity, report);
  const { isWarning, linked } = kind;

  const location = trimmedText(properties.location) ?? '';
  const place: IncidentLocation = {
    address: location,
    suburb: rule.addressLike && !isWarning ? suburbOf(location) : '',
    state: 'vic',
    lga: '',
  };
  const warningTitle = isWarning
    ? { event: trimmedText(cap?.event) ?? trimmedText(linked.category2), place: trimmedText(linked.location) }
    : undefined;
  const flat = flattenGeometry(geometry);
  const drafts = draftsOf({
    id,
    source,
    title: titleOf(properties, rule, warningTitle, upstreamId),
    eventType: kind.eventType,
    status: kind.status,
    warningLevel: kind.warningLevel,
    cap: kind.capTriple,
    timestamps,
    place,
    details: featureDetailsOf(properties, identity, kind),
    point: flat.points[0],
    polygons: flat.polygons,
    areaType: isWarning ? 'warning_area' : rule.area,
  });
  return {
    id,
    upstreamId: rawSourceId ?? upstreamId,
    updatedAt: Date.parse(timestamps.updated),
    drafts,
    unmapped,
  };
}

function parseEmvDocument(body: Uint8Array, feed: string): ParseResult {
  return collectRecords(readFeatureCollection(body, feed), parseFeature);
}

export const parseVicEmvEvents: FeedParser = (body) =>
  parseEmvDocument(body, 'VicEmergency events-geojson.json');

/** The 2020-era name of the same document (FEEDS.md section 3): re-parses archives. */
export const parseVicEmvOsom: FeedParser = (body) => parseEmvDocument(body, 'VicEmergency osom-geojson.json');
