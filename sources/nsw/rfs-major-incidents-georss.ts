import {
  incidentId,
  STATE_TIME_ZONES,
  type IncidentLocation,
  type IncidentSource,
  type IncidentTimestamps,
  type Position,
} from '../../model/index.js';
import { collectRecords, type CollectedRecord, type RecordCollector } from '../common/collector.js';
import { draftsOf } from '../common/drafts.js';
import { MalformedFeedError } from '../common/errors.js';
import { flattenGeometry } from '../common/geometry.js';
import { parseGeoRssPoint } from '../common/lat-lng-fields.js';
import { positionsFromGeoRssList } from '../common/lat-lon-sequence.js';
import { parseRfc822Time } from '../common/rfc822-time.js';
import { parseLocalTime } from '../common/time.js';
import type { FeedParser } from '../common/types.js';
import { asList, isXmlNode, readXml, textOf, trimmedTextOf, type XmlNode } from '../common/xml.js';
import { readRfsDescription, readRfsIncident, rfsIncidentNumber, rfsSuburbOf } from './rfs-description.js';
import { legacyEventTypeOf } from './rfs-vocabulary.js';
import { unmappedFor } from '../common/vocabulary.js';

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

function geometryOf(item: XmlNode): { point: Position | undefined; polygons: Position[][][] } {
  const rings = asList(item.polygon)
    .map((value) => positionsFromGeoRssList(textOf(value) ?? '').positions)
    .map((ring) => [ring]);
  const point = asList(item.point)
    .map((value) => parseGeoRssPoint(textOf(value)))
    .find((position) => position !== undefined);
  return { point, polygons: flattenGeometry({ type: 'MultiPolygon', coordinates: rings }).polygons };
}

/** An item without a guid or a readable time is reported as unmapped (never dropped in silence). */
function parseItem(item: XmlNode, collector: RecordCollector): CollectedRecord | undefined {
  const guid = trimmedTextOf(item.guid);
  const feedId = rfsIncidentNumber(guid);
  if (!feedId) {
    collector.report({ field: 'guid', value: guid ?? '', incidentId: '' });
    return undefined;
  }
  const source: IncidentSource = { state: 'nsw', agency: 'rfs', feedId };
  const id = incidentId(source);
  const { unmapped, report } = unmappedFor(id);

  const {
    fields,
    majorFireUpdateUrl,
    text: descriptionText,
  } = readRfsDescription(trimmedTextOf(item.description) ?? '');
  const pubDate = trimmedTextOf(item.pubDate);
  const timestamps = timestampsOf(pubDate, fields.UPDATED, report);
  if (!timestamps) {
    collector.report({
      field: 'timestamps',
      value: `pubDate=${pubDate ?? ''}; UPDATED=${fields.UPDATED ?? ''}`,
      incidentId: id,
    });
    return undefined;
  }
  const { eventType, status, warningLevel, details } = readRfsIncident({
    description: { fields, majorFireUpdateUrl, text: descriptionText },
    category: trimmedTextOf(item.category),
    feedId,
    guid,
    link: trimmedTextOf(item.link),
    eventTypeOf: legacyEventTypeOf,
    report,
  });
  const address = fields.LOCATION ?? '';
  const place: IncidentLocation = {
    address,
    suburb: rfsSuburbOf(address),
    state: 'nsw',
    lga: fields['COUNCIL AREA'] ?? '',
  };
  const drafts = draftsOf({
    id,
    source,
    title: trimmedTextOf(item.title) ?? address,
    eventType,
    status,
    warningLevel,
    timestamps,
    place,
    details,
    ...geometryOf(item),
    areaType: 'incident_area',
  });
  return { id, upstreamId: feedId, updatedAt: Date.parse(timestamps.updated), drafts, unmapped };
}

export const parseNswRfsMajorIncidentsGeoRss: FeedParser = (body) => {
  const { root } = readXml(body, FEED, ['rss'], { arrayTags: ['item', 'point', 'polygon'] });
  if (root.channel === undefined) throw new MalformedFeedError(`${FEED}: an <rss> without a <channel>`);
  // An empty `<channel/>` is a valid feed with no items.
  const channel = asList(root.channel).find(isXmlNode) ?? {};
  const items = asList(channel.item).map((item): XmlNode => (isXmlNode(item) ? item : {}));
  return collectRecords(items, parseItem);
};
