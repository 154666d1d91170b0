import { incidentId, type IncidentSource, STATE_TIME_ZONES, type WarningLevel } from '../../model/index.js';
import { wallClockToZonedIso } from '../common/cached-zone-offsets.js';
import { collectRecords, type CollectedRecord, type RecordCollector } from '../common/collector.js';
import { type FlatGeometry } from '../common/geometry.js';
import { hrefsIn, plainText } from '../common/html.js';
import { parseLocalTime } from '../common/time.js';
import { KML_ARRAY_TAGS, kmlGeometry, kmlPlacemarkElements } from '../common/kml.js';
import { collectedDrafts, timedRecord, timeFieldReader } from '../common/record-times.js';
import type { FeedParser } from '../common/types.js';
import { attributeOf, isXmlNode, readXml, trimmedTextOf, type XmlNode } from '../common/xml.js';
import { leadingNumber, lookup, suburbOf, withoutUndefined, type Timestamps } from './drafts.js';
import {
  FALLBACK,
  tfsEventTypeOf,
  tfsStatusOf,
  tfsStyleWarningLevelOf,
  tfsWarningLevelOf,
} from './tfs-vocabulary.js';
import type { Report } from '../common/vocabulary.js';
import { eitherTimestamps } from '../common/drafts.js';

/**
 * Tasmania Fire Service KML feeds (FEEDS.md section 7, "Legacy TFS formats"):
 * - `Show?pageId=bfKml`, current incidents: one Point Placemark per incident, `id` = Incident No;
 * - `Show?pageId=alertKml`, alert areas: Polygon Placemarks. The only sample holds styles and no
 *   Placemark, so their content is presumed to follow bfKml (the same description table and styles);
 *   each becomes a warning record at its centroid (`tas-tfs-alert-<placemark id>`, kept apart from
 *   incident ids) plus its `warning_area`.
 * The description is an escaped HTML table, read by its known `<th>` keys: Alert Level, Type,
 * Last Update, First Report (`05-May-2020 9:45 AM`, Hobart wall clock), Status, Agency, Incident No,
 * Size ("533 hectares"). Without an Alert Level row the `styleUrl` icon gives the level.
 * Unmapped fields are reported as: Alert Level, styleUrl, Type, Status, Last Update, First Report.
 */

const ZONE = STATE_TIME_ZONES.tas;
const TIME_FORMAT = 'd-MMM-yyyy h:mm a';
const TIME = /^(\d{1,2})-([a-z]{3})-(\d{4})\s+(\d{1,2}):(\d\d)\s*([ap])m$/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * `05-May-2020 9:45 AM` (Hobart wall clock) → ISO. Read by hand with cached offsets (thousands of
 * placemarks); anything unusual, and the ambiguous hour when DST ends, goes through common/time.ts.
 */
function kmlTime(text: string): string | undefined {
  const match = TIME.exec(text.trim());
  const month = match ? MONTHS.indexOf(match[2]?.toLowerCase() ?? '') + 1 : 0;
  const hour12 = Number(match?.[4]);
  if (match && month > 0 && hour12 >= 1 && hour12 <= 12) {
    const hour = (hour12 % 12) + (match[6]?.toLowerCase() === 'p' ? 12 : 0);
    const clock = { year: Number(match[3]), month, day: Number(match[1]), hour, minute: Number(match[5]) };
    const iso = wallClockToZonedIso(clock, ZONE);
    if (iso !== undefined) return iso;
  }
  return parseLocalTime(text, TIME_FORMAT, ZONE);
}

/**
 * The KML is read with common/kml.ts's walk and geometry, not its readKml: TFS texts and ids are trimmed,
 * an empty `<Placemark/>` is skipped, and an empty ordinate reads as 0 (`147.5,,0` → [147.5, 0]), as
 * this parser always has; readKml keeps ids as written, reads `<Placemark/>` and drops such tuples.
 */
interface TfsPlacemark {
  id?: string;
  name?: string;
  /** HTML, character references decoded. */
  description?: string;
  styleUrl?: string;
  geometry: FlatGeometry;
}

/** `147.5,-41.1 147.6,-41.2,0` → [[147.5, -41.1], [147.6, -41.2]]: lon,lat[,alt] tuples. */
function tfsCoordinates(text: string): number[][] {
  return text
    .replace(/\s*,\s*/g, ',')
    .split(/\s+/)
    .filter((tuple) => tuple !== '')
    .map((tuple) => tuple.split(',').slice(0, 2).map(Number));
}

function placemarkOf(node: XmlNode): TfsPlacemark {
  const placemark: TfsPlacemark = { geometry: kmlGeometry(node, tfsCoordinates) };
  const id = attributeOf(node, 'id')?.trim();
  const name = trimmedTextOf(node.name);
  const description = trimmedTextOf(node.description);
  const styleUrl = trimmedTextOf(node.styleUrl);
  if (id) placemark.id = id;
  if (name !== undefined) placemark.name = name;
  if (description !== undefined) placemark.description = description;
  if (styleUrl !== undefined) placemark.styleUrl = styleUrl;
  return placemark;
}

/** Every Placemark of a KML document, in document order, Documents and Folders at any depth. */
function readKmlPlacemarks(body: Uint8Array, feed: string): TfsPlacemark[] {
  const { root } = readXml(body, feed, ['kml'], { arrayTags: KML_ARRAY_TAGS });
  return kmlPlacemarkElements(root).filter(isXmlNode).map(placemarkOf);
}

const KNOWN_KEYS = [
  'Alert Level',
  'Type',
  'Last Update',
  'First Report',
  'Status',
  'Agency',
  'Incident No',
  'Size',
] as const;
type TableKey = (typeof KNOWN_KEYS)[number];
const BY_LOWER_CASE = new Map<string, TableKey>(KNOWN_KEYS.map((key) => [key.toLowerCase(), key]));

const ROW = /<th\b[^>]*>([\s\S]*?)<\/th>\s*<td\b[^>]*>([\s\S]*?)<\/td>/gi;
interface Description {
  fields: Partial<Record<TableKey, string>>;
  /** Every row as `Key: value`, one a line. */
  text: string;
  moreInfoUrl?: string;
  alertId?: string;
}

/** Rows by known keys (a cell such as Last Update holds a colon, so nothing is split on ':'). */
function parseDescription(html: string): Description {
  const description: Description = { fields: {}, text: '' };
  const lines: string[] = [];
  for (const [, th = '', td = ''] of html.matchAll(ROW)) {
    const key = plainText(th);
    const value = plainText(td);
    lines.push(`${key}: ${value}`);
    const known = BY_LOWER_CASE.get(key.toLowerCase());
    if (known) description.fields[known] ??= value;
  }
  description.text = lines.join('\n');
  for (const url of hrefsIn(html)) {
    // "More Info" points at the incident (/i/<incident no>) or, for an alert, at /a/<alert id>.
    const match = /\/(i|a)\/(\d+)\/?$/.exec(url);
    if (!match) continue;
    description.moreInfoUrl ??= url;
    if (match[1] === 'a') description.alertId ??= match[2];
  }
  return description;
}

function timestampsOf(fields: Description['fields'], report: Report): Timestamps | undefined {
  const read = timeFieldReader(report, kmlTime);
  const updated = read('Last Update', fields['Last Update']);
  const reported = read('First Report', fields['First Report']);
  return eitherTimestamps(reported, updated);
}

type Kind = 'incident' | 'alert-area';

/** The Alert Level row; without one, the `styleUrl` icon. */
function warningLevelOf(
  alertLevel: string | undefined,
  styleUrl: string | undefined,
  report: Report,
): WarningLevel {
  return alertLevel !== undefined || styleUrl === undefined
    ? lookup(report, 'Alert Level', alertLevel ?? '', tfsWarningLevelOf, FALLBACK.warningLevel)
    : lookup(report, 'styleUrl', styleUrl, tfsStyleWarningLevelOf, FALLBACK.warningLevel);
}

/** The ids a placemark's details name: its own, and for an alert area the incident it is about. */
interface PlacemarkIds {
  kind: Kind;
  source: IncidentSource;
  incidentNo: string | undefined;
  upstreamId: string;
}

function placemarkDetailsOf(
  placemark: TfsPlacemark,
  description: Description,
  { kind, source, incidentNo, upstreamId }: PlacemarkIds,
): Record<string, unknown> {
  const { fields } = description;
  return withoutUndefined({
    description: description.text,
    alert_level: fields['Alert Level'],
    style: placemark.styleUrl,
    type: fields.Type,
    status_raw: fields.Status,
    responsible_agency: fields.Agency,
    size: fields.Size,
    size_ha: leadingNumber(fields.Size),
    cad_id: incidentNo,
    incident_id:
      kind === 'alert-area' && incidentNo ? incidentId({ ...source, feedId: incidentNo }) : undefined,
    alert_id: description.alertId,
    source_id: upstreamId,
    source_url: description.moreInfoUrl,
  });
}

function parsePlacemark(
  placemark: TfsPlacemark,
  kind: Kind,
  collector: RecordCollector,
): CollectedRecord | undefined {
  const description = parseDescription(placemark.description ?? '');
  const { fields } = description;
  const incidentNo = fields['Incident No']?.trim() || undefined;
  const upstreamId = kind === 'incident' ? (incidentNo ?? placemark.id) : placemark.id;
  if (!upstreamId) {
    collector.drop('no-id', placemark.name ?? '');
    return undefined;
  }
  const source: IncidentSource = {
    state: 'tas',
    agency: 'tfs',
    feedId: kind === 'incident' ? upstreamId : `alert-${upstreamId}`,
  };
  const id = incidentId(source);
  const started = timedRecord(id, upstreamId, collector, (report) => timestampsOf(fields, report));
  if (!started) return undefined;
  const { report } = started;

  const warningLevel = warningLevelOf(fields['Alert Level'], placemark.styleUrl, report);
  const eventType = lookup(report, 'Type', fields.Type ?? '', tfsEventTypeOf, FALLBACK.eventType);
  const status = lookup(report, 'Status', fields.Status ?? '', tfsStatusOf, FALLBACK.status);

  const address = placemark.name?.trim() ?? '';
  const details = placemarkDetailsOf(placemark, description, { kind, source, incidentNo, upstreamId });
  return collectedDrafts(
    started,
    {
      id,
      source,
      title: address || (kind === 'incident' ? `Incident ${upstreamId}` : `Alert area ${upstreamId}`),
      eventType,
      status,
      warningLevel,
      place: { address, suburb: suburbOf(address), state: 'tas', lga: '' },
      details,
      point: kind === 'incident' ? placemark.geometry.points[0] : undefined,
      polygons: placemark.geometry.polygons,
      areaType: kind === 'incident' ? 'incident_area' : 'warning_area',
    },
    upstreamId,
  );
}

function kmlParser(feed: string, kind: Kind): FeedParser {
  return (body) =>
    collectRecords(readKmlPlacemarks(body, feed), (placemark, collector) =>
      parsePlacemark(placemark, kind, collector),
    );
}

/** `https://www.fire.tas.gov.au/Show?pageId=bfKml`. */
export const parseTfsIncidentsKml: FeedParser = kmlParser('TFS incidents KML (bfKml)', 'incident');

/** `https://www.fire.tas.gov.au/Show?pageId=alertKml`. */
export const parseTfsAlertAreasKml: FeedParser = kmlParser('TFS alert areas KML (alertKml)', 'alert-area');
