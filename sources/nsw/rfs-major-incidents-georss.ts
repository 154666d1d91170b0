import { STATE_TIME_ZONES, type Position } from '../../model/index.js';
import { collectRecords } from '../common/collector.js';
import { MalformedFeedError } from '../common/errors.js';
import { flattenGeometry } from '../common/geometry.js';
import { parseGeoRssPoint } from '../common/lat-lng-fields.js';
import { positionsFromGeoRssList } from '../common/lat-lon-sequence.js';
import { parseRfc822Time } from '../common/rfc822-time.js';
import type { FeedParser } from '../common/types.js';
import { asList, isXmlNode, readXml, textOf, trimmedTextOf, type XmlNode } from '../common/xml.js';
import { rfsIncidentNumber } from './rfs-description.js';
import { readRfsItem, type RfsItem } from './rfs-item.js';
import { legacyEventTypeOf } from './rfs-vocabulary.js';

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

function geometryOf(item: XmlNode): { point: Position | undefined; polygons: Position[][][] } {
  const rings = asList(item.polygon)
    .map((value) => positionsFromGeoRssList(textOf(value) ?? '').positions)
    .map((ring) => [ring]);
  const point = asList(item.point)
    .map((value) => parseGeoRssPoint(textOf(value)))
    .find((position) => position !== undefined);
  return { point, polygons: flattenGeometry({ type: 'MultiPolygon', coordinates: rings }).polygons };
}

function itemOf(item: XmlNode): RfsItem {
  const guid = trimmedTextOf(item.guid);
  const pubDate = trimmedTextOf(item.pubDate);
  return {
    guid,
    feedId: rfsIncidentNumber(guid),
    title: trimmedTextOf(item.title),
    description: trimmedTextOf(item.description) ?? '',
    category: trimmedTextOf(item.category),
    link: trimmedTextOf(item.link),
    pubDate,
    published: pubDate ? parseRfc822Time(pubDate, ZONE) : undefined,
    ...geometryOf(item),
    eventTypeOf: legacyEventTypeOf,
  };
}

export const parseNswRfsMajorIncidentsGeoRss: FeedParser = (body) => {
  const { root } = readXml(body, FEED, ['rss'], { arrayTags: ['item', 'point', 'polygon'] });
  if (root.channel === undefined) throw new MalformedFeedError(`${FEED}: an <rss> without a <channel>`);
  // An empty `<channel/>` is a valid feed with no items.
  const channel = asList(root.channel).find(isXmlNode) ?? {};
  const items = asList(channel.item).map((item): XmlNode => (isXmlNode(item) ? item : {}));
  return collectRecords(items, (item, collector) => readRfsItem(itemOf(item), collector));
};
