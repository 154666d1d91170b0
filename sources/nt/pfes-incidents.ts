import {
  categoryOf,
  incidentId,
  type EventType,
  type IncidentDetails,
  type IncidentDraft,
  type IncidentLocation,
  type IncidentSource,
  type IncidentStatus,
  type Position,
  type UnmappedValue,
  type WarningLevel,
  STATE_TIME_ZONES,
} from '../../model/index.js';
import { suburbReader } from '../common/address.js';
import { readJsonBody } from '../common/body-text.js';
import { CAP_BY_WARNING_LEVEL } from '../common/cap-defaults.js';
import { collectRecords, type CollectedRecord, type RecordCollector } from '../common/collector.js';
import { MalformedFeedError } from '../common/errors.js';
import { fnv1a32 } from '../common/digest.js';
import { centroidOf, pointGeometry } from '../common/geometry.js';
import { wallClockToZonedIso } from '../common/cached-zone-offsets.js';
import { parseIsoTimeInZone } from '../common/iso-time.js';
import { positionFromLatLonText } from '../common/lat-lon-text.js';
import { timeFieldReader } from '../common/record-times.js';
import { parseLocalTime } from '../common/time.js';
import type { FeedParser } from '../common/types.js';
import {
  categoryEventType,
  eventTypeOf,
  FALLBACK,
  isPlannedBurnCategory,
  statusOf,
  warningLevelOf,
} from './pfes-vocabulary.js';
import { isRecord, trimmedText, withoutEmpty } from '../common/values.js';
import { type Report } from '../common/vocabulary.js';
import { type Timestamps } from '../common/drafts.js';

/**
 * NT PFES fire incident map: https://www.pfes.nt.gov.au/incidentmap/json/incidents.json (2026 name),
 * formerly ntfrsincidents.json (FEEDS.md section 8, seen 2020). `{title, lastupdated, incidents[]}`;
 * each incident: `category`, `eventtype`, `location`, `geometry` (always "point"), `coordinate` as a
 * "lat, lon" STRING, `datenotified`/`dateclosed` ISO with +09:30 (or null), `status` active|closed,
 * and `properties`, a display copy with Title-Case keys whose times are `DD/MM/YYYY HH:mm` Darwin time
 * ("Last Update" exists only there).
 *
 * The feed has NO incident id. The id is built from what does not change while an incident lives: the
 * notification time (to the second, Darwin time) and the position (or the location text when there is
 * no position), e.g. `nt-pfes-20200504234752-1f0c9a3e`. Two incidents notified in the same second at
 * the same place are one incident (`duplicate`).
 * Times: reported ← `datenotified` (else "Notified"); updated ← the latest of reported, "Last Update"
 * (minute precision, so it can fall before datenotified) and `dateclosed` (else "Closed").
 * Closed incidents stay on the map for 24 hours: `closed` → completed (never safe).
 * Unmapped fields are reported as: eventtype, category, status, Alert Level, coordinate,
 * datenotified, dateclosed, Last Update, Notified, Closed.
 */

const FEED = 'PFES NT incidents.json';
const ZONE = STATE_TIME_ZONES.nt;
const AGENCY = 'pfes';
/** `04/05/2020 23:47`: Darwin wall clock (no DST). */
const LOCAL_FORMAT = 'd/M/yyyy H:mm';
const LOCAL_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d\d)$/;

/** `2020-05-04T23:47:52+09:30` (any offset) → `20200504234752`, Darwin time. */
function compactTime(iso: string): string {
  return iso.slice(0, 19).replace(/\D/g, '');
}

/**
 * The feed id from the notification time and the position, numbers as parsed so that trailing zeros or
 * spacing in `coordinate` do not change it.
 */
export function ntFeedId(reportedIso: string, position: Position | undefined, location: string): string {
  const place = position ? `${position[1]},${position[0]}` : location.toUpperCase().replace(/\s+/g, ' ');
  return `${compactTime(reportedIso)}-${fnv1a32(place).toString(16).padStart(8, '0')}`;
}

/** `JERVOIS RD, VIRGINIA` → `VIRGINIA`; a single name (`PINE CREEK`) is the place (common/address.ts). */
const suburbOf = suburbReader({ state: 'NT' });

function readIncidents(body: Uint8Array): unknown[] {
  const document = readJsonBody(body, FEED);
  if (!isRecord(document) || !Array.isArray(document.incidents)) {
    throw new MalformedFeedError(`${FEED}: not an incident map document with an incidents array`);
  }
  return document.incidents as unknown[];
}

/** `DD/MM/YYYY HH:mm` in Darwin; the cached path first (thousands per document), luxon otherwise. */
function parseDarwinTime(text: string): string | undefined {
  const match = LOCAL_TIME.exec(text.trim().replace(/\s+/g, ' '));
  if (match) {
    const [, day, month, year, hour, minute] = match.map(Number);
    const iso = wallClockToZonedIso(
      { year: year!, month: month!, day: day!, hour: hour!, minute: minute! },
      ZONE,
    );
    if (iso !== undefined) return iso;
  }
  return parseLocalTime(text, LOCAL_FORMAT, ZONE);
}

function later(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

function timestampsOf(
  incident: Record<string, unknown>,
  display: Record<string, unknown>,
  report: Report,
): { timestamps: Timestamps; notifiedIso?: string } | undefined {
  // The incident's own fields are ISO; the display copy's are Darwin wall clock.
  const readIso = timeFieldReader(report, (text) => parseIsoTimeInZone(text, ZONE, ZONE));
  const readLocal = timeFieldReader(report, parseDarwinTime);
  const iso = (field: string) => readIso(field, trimmedText(incident[field]));
  const local = (field: string) => readLocal(field, trimmedText(display[field]));
  const notifiedIso = iso('datenotified');
  const reported = notifiedIso ?? local('Notified');
  const closed = iso('dateclosed') ?? local('Closed');
  const updated = later(later(reported, local('Last Update')), closed);
  if (!updated) return undefined;
  const timestamps = { reported: reported ?? updated, updated };
  return notifiedIso ? { timestamps, notifiedIso } : { timestamps };
}

/** An incident's raw vocabulary and what it maps to. */
interface IncidentVocabulary {
  category: string;
  eventtype: string;
  eventType: EventType;
  rawStatus: string;
  status: IncidentStatus;
  alertLevel: string;
  warningLevel: WarningLevel;
}

/** The event type (eventtype, else category), status and AWS level; unknown values are reported. */
function vocabularyOf(
  incident: Record<string, unknown>,
  display: Record<string, unknown>,
  report: Report,
): IncidentVocabulary {
  const category = trimmedText(incident.category) ?? '';
  const categoryEvent = categoryEventType(category);
  if (category !== '' && categoryEvent === undefined) report('category', category);
  const eventtype = trimmedText(incident.eventtype) ?? trimmedText(display['Fire Type']) ?? '';
  let eventType = eventTypeOf(eventtype);
  if (eventType === undefined) {
    report('eventtype', eventtype);
    eventType = categoryEvent ?? FALLBACK.eventType;
  }
  const rawStatus = trimmedText(incident.status) ?? trimmedText(display.Status) ?? '';
  let status = rawStatus === '' ? 'active' : statusOf(rawStatus);
  if (status === undefined) {
    report('status', rawStatus);
    status = FALLBACK.status;
  }
  const alertLevel = trimmedText(display['Alert Level']) ?? '';
  let warningLevel = warningLevelOf(alertLevel);
  if (warningLevel === undefined) {
    report('Alert Level', alertLevel);
    warningLevel = FALLBACK.warningLevel;
  }
  // The map files planned burns under category "advice" with Alert Level Advice: not an AWS warning.
  if (warningLevel === 'advice' && isPlannedBurnCategory(category)) warningLevel = 'none';
  return { category, eventtype, eventType, rawStatus, status, alertLevel, warningLevel };
}

/** The publisher's own words kept beside the normalised fields. */
function incidentDetailsOf(
  incident: Record<string, unknown>,
  display: Record<string, unknown>,
  vocabulary: ReturnType<typeof vocabularyOf>,
  feedId: string,
): IncidentDetails {
  const closedIso = trimmedText(incident.dateclosed);
  return withoutEmpty({
    category: vocabulary.category,
    type: vocabulary.eventtype,
    status_raw: vocabulary.rawStatus,
    alert_level: vocabulary.alertLevel,
    responsible_agency: trimmedText(display['Responsible Agency']),
    closed: closedIso ? (parseIsoTimeInZone(closedIso, ZONE, ZONE) ?? closedIso) : undefined,
    source_id: feedId,
  });
}

function parseIncident(value: unknown, collector: RecordCollector): CollectedRecord | undefined {
  const incident = isRecord(value) ? value : {};
  const display = isRecord(incident.properties) ? incident.properties : {};
  const location = trimmedText(incident.location) ?? trimmedText(display.Location) ?? '';
  const coordinate = trimmedText(incident.coordinate);
  const position = coordinate ? positionFromLatLonText(coordinate) : undefined;

  const pending: UnmappedValue[] = [];
  const pendingReport: Report = (field, text) => {
    pending.push({ field, value: text, incidentId: '' });
  };
  const times = timestampsOf(incident, display, pendingReport);
  const upstreamId = trimmedText(incident.datenotified) ?? location;
  if (!times?.notifiedIso) {
    collector.drop(times ? 'no-id' : 'no-timestamps', upstreamId);
    return undefined;
  }
  const feedId = ntFeedId(times.notifiedIso, position, location);
  const source: IncidentSource = { state: 'nt', agency: AGENCY, feedId };
  const id = incidentId(source);
  const unmapped = pending.map((entry) => ({ ...entry, incidentId: id }));
  const report: Report = (field, text) => {
    unmapped.push({ field, value: text, incidentId: id });
  };
  if (coordinate && !position) report('coordinate', coordinate);
  const vocabulary = vocabularyOf(incident, display, report);
  const { eventtype, eventType, status, warningLevel } = vocabulary;
  const details = incidentDetailsOf(incident, display, vocabulary, feedId);
  const geometry = position ? pointGeometry(position) : null;
  const place: IncidentLocation = { address: location, suburb: suburbOf(location), state: 'nt', lga: '' };
  const draft: IncidentDraft = {
    id,
    featureType: 'incident',
    source,
    title: location || eventtype || feedId,
    eventType,
    eventCategory: categoryOf(eventType),
    status,
    warningLevel,
    ...CAP_BY_WARNING_LEVEL[warningLevel],
    geometry,
    location: geometry ? { ...place, ...centroidOf(geometry), precision: 'exact' } : place,
    details,
    timestamps: times.timestamps,
  };
  // The same notification second at the same place: one incident, the later update wins.
  return {
    id,
    upstreamId: feedId,
    updatedAt: Date.parse(times.timestamps.updated),
    drafts: [draft],
    unmapped,
  };
}

export const parseNtPfesIncidents: FeedParser = (body) => collectRecords(readIncidents(body), parseIncident);
