import {
  areaId,
  categoryOf,
  incidentId,
  STATE_TIME_ZONES,
  type IncidentDetails,
  type IncidentDraft,
  type IncidentGeometry,
  type IncidentLocation,
  type IncidentSource,
  type IncidentTimestamps,
  type UnmappedValue,
} from '../../../model/index.js';
import { CAP_BY_WARNING_LEVEL } from '../common/cap-defaults.js';
import { MalformedFeedError } from '../common/errors.js';
import { areaGeometry, centroidOf, flattenGeometry, pointGeometry } from '../common/geometry.js';
import { parseGeoRssPoint } from '../common/lat-lng-fields.js';
import { positionsFromGeoRssList } from '../common/lat-lon-sequence.js';
import { parseRfc822Time } from '../common/rfc822-time.js';
import { parseLocalTime } from '../common/time.js';
import type { FeedParser } from '../common/types.js';
import { asList, isXmlNode, readXml, textOf, type XmlNode } from '../common/xml.js';
import { readRfsDescription, rfsIncidentNumber, rfsSuburbOf, rfsYesNo } from './rfs-description.js';
import { legacyEventTypeOf } from './rfs-legacy-vocabulary.js';
import { FALLBACK, statusOf, warningLevelOf } from './rfs-vocabulary.js';

/**
 * NSW RFS https://www.rfs.nsw.gov.au/feeds/majorIncidents.xml (FEEDS.md section 2): RSS 2.0 with
 * GeoRSS, the 2013 shape (UTF-8 BOM; `pubDate` RFC 822 in GMT; `<category>` the alert level; `<guid>`
 * `tag:www.rfs.nsw.gov.au,<date>:<incident number>`; the description's `KEY: value <br />` lines in
 * CDATA; one `georss:point` "lat lon" plus any number of `georss:polygon` "lat lon lat lon …" per item,
 * which is invalid GeoRSS but what the feed does). The polygons are the fire ground, as in the JSON
 * feed: one 'incident_area' draft. Ids equal majorIncidents.json's (`nsw-rfs-<incident number>`).
 * Unmapped fields are reported as: guid, category, status, type, fire, updated, pubDate, timestamps.
 */

const FEED = 'NSW RFS majorIncidents.xml (GeoRSS)';
const ZONE = STATE_TIME_ZONES.nsw;
/** `UPDATED: 11 Nov 2013 08:27`, Sydney wall clock. */
const UPDATED_FORMAT = 'd MMM yyyy H:mm';

type Report = (field: string, value: string) => void;

interface ParsedItem {
  id: string;
  updatedAt: number;
  drafts: IncidentDraft[];
  unmapped: UnmappedValue[];
}

function withoutUndefined(record: Record<string, unknown>): IncidentDetails {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

function text(item: XmlNode, name: string): string | undefined {
  return textOf(asList(item[name])[0])?.trim() || undefined;
}

/** Each time falls back to the other; pubDate (an instant) settles UPDATED in the hour DST repeats. */
function timestampsOf(
  pubDate: string | undefined,
  updatedText: string | undefined,
  report: Report,
): Omit<IncidentTimestamps, 'fetched'> | undefined {
  const reported = pubDate ? parseRfc822Time(pubDate, ZONE) : undefined;
  let updated = updatedText ? parseLocalTime(updatedText, UPDATED_FORMAT, ZONE) : undefined;
  if (updated && reported && updated.slice(0, 19) === reported.slice(0, 19)) updated = reported;
  const either = updated ?? reported;
  if (!either) return undefined;
  if (updatedText && !updated) report('updated', updatedText);
  if (pubDate && !reported) report('pubDate', pubDate);
  return { reported: reported ?? either, updated: updated ?? either };
}

function geometriesOf(item: XmlNode): { incident: IncidentGeometry | null; area: IncidentGeometry | null } {
  const rings = asList(item.polygon)
    .map((value) => positionsFromGeoRssList(textOf(value) ?? '').positions)
    .map((ring) => [ring]);
  const area = areaGeometry(flattenGeometry({ type: 'MultiPolygon', coordinates: rings }).polygons);
  const point = asList(item.point)
    .map((value) => parseGeoRssPoint(textOf(value)))
    .find((position) => position !== undefined);
  if (point) return { incident: pointGeometry(point), area };
  if (!area) return { incident: null, area };
  const { longitude, latitude } = centroidOf(area);
  return { incident: pointGeometry([longitude, latitude]), area };
}

function parseItem(item: XmlNode, skipped: UnmappedValue[]): ParsedItem | undefined {
  const guid = text(item, 'guid');
  const feedId = rfsIncidentNumber(guid);
  if (!feedId) {
    skipped.push({ field: 'guid', value: guid ?? '', incidentId: '' });
    return undefined;
  }
  const source: IncidentSource = { state: 'nsw', agency: 'rfs', feedId };
  const id = incidentId(source);
  const unmapped: UnmappedValue[] = [];
  const report: Report = (field, value) => {
    unmapped.push({ field, value, incidentId: id });
  };

  const {
    fields,
    majorFireUpdateUrl,
    text: descriptionText,
  } = readRfsDescription(text(item, 'description') ?? '');
  const pubDate = text(item, 'pubDate');
  const timestamps = timestampsOf(pubDate, fields.UPDATED, report);
  if (!timestamps) {
    skipped.push({
      field: 'timestamps',
      value: `pubDate=${pubDate ?? ''}; UPDATED=${fields.UPDATED ?? ''}`,
      incidentId: id,
    });
    return undefined;
  }
  const lookup = <T>(field: string, raw: string, map: (raw: string) => T | undefined, fallback: T): T => {
    const value = map(raw);
    if (value === undefined) report(field, raw);
    return value ?? fallback;
  };
  const alertLevel = text(item, 'category') ?? fields['ALERT LEVEL'] ?? '';
  const warningLevel = lookup('category', alertLevel, warningLevelOf, FALLBACK.warningLevel);
  const eventType = lookup('type', fields.TYPE ?? '', legacyEventTypeOf, FALLBACK.eventType);
  const status = lookup('status', fields.STATUS ?? '', statusOf, FALLBACK.status);
  const fire = rfsYesNo(fields.FIRE);
  if (fields.FIRE !== undefined && fire === undefined) report('fire', fields.FIRE);

  const details = withoutUndefined({
    description: descriptionText,
    size: fields.SIZE,
    fire,
    responsible_agency: fields['RESPONSIBLE AGENCY'],
    alert_level: alertLevel || undefined,
    type: fields.TYPE,
    status_raw: fields.STATUS,
    major_fire_update_url: majorFireUpdateUrl,
    source_id: feedId,
    source_url: text(item, 'link'),
    guid,
  });
  const address = fields.LOCATION ?? '';
  const place: IncidentLocation = {
    address,
    suburb: rfsSuburbOf(address),
    state: 'nsw',
    lga: fields['COUNCIL AREA'] ?? '',
  };
  const locate = (geometry: IncidentGeometry | null): IncidentLocation =>
    geometry ? { ...place, ...centroidOf(geometry), precision: 'exact' } : { ...place };
  const common = {
    source,
    title: text(item, 'title') ?? address,
    eventType,
    eventCategory: categoryOf(eventType),
    status,
    warningLevel,
    ...CAP_BY_WARNING_LEVEL[warningLevel],
  };
  const geometries = geometriesOf(item);
  const drafts: IncidentDraft[] = [
    {
      id,
      featureType: 'incident',
      ...common,
      geometry: geometries.incident,
      location: locate(geometries.incident),
      details,
      timestamps,
    },
  ];
  if (geometries.area) {
    drafts.push({
      id: areaId(id, 'incident_area'),
      featureType: 'incident_area',
      parentId: id,
      ...common,
      geometry: geometries.area,
      location: locate(geometries.area),
      details: { ...details },
      timestamps: { ...timestamps },
    });
  }
  return { id, updatedAt: Date.parse(timestamps.updated), drafts, unmapped };
}

export const parseNswRfsMajorIncidentsGeoRss: FeedParser = (body) => {
  const { root } = readXml(body, FEED, ['rss'], { arrayTags: ['item', 'point', 'polygon'] });
  if (root.channel === undefined) throw new MalformedFeedError(`${FEED}: an <rss> without a <channel>`);
  // An empty `<channel/>` is a valid feed with no items.
  const channel = asList(root.channel).find(isXmlNode) ?? {};
  const unmapped: UnmappedValue[] = [];
  const byId = new Map<string, ParsedItem>();
  for (const item of asList(channel.item)) {
    const parsed = parseItem(isXmlNode(item) ? item : {}, unmapped);
    if (!parsed) continue;
    // The same incident twice in one document: keep the later update (the later one on a tie).
    const previous = byId.get(parsed.id);
    if (!previous || parsed.updatedAt >= previous.updatedAt) byId.set(parsed.id, parsed);
  }
  const kept = [...byId.values()];
  return {
    incidents: kept.flatMap((parsed) => parsed.drafts),
    unmapped: [...unmapped, ...kept.flatMap((parsed) => parsed.unmapped)],
  };
};
