import { STATE_TIME_ZONES } from '../../model/index.js';
import { featureParts, readFeatureCollection } from '../common/body-text.js';
import { collectRecords } from '../common/collector.js';
import { flattenGeometry } from '../common/geometry.js';
import { parseUtcTimeInZone } from '../common/time.js';
import type { FeedParser } from '../common/types.js';
import { stringOf, trimmedText } from '../common/values.js';
import { readRfsItem, type RfsItem } from './rfs-item.js';
import { eventTypeOf } from './rfs-vocabulary.js';

/**
 * NSW RFS https://www.rfs.nsw.gov.au/feeds/majorIncidents.json (FEEDS.md section 2).
 * Unmapped fields are reported as: guid, category, status, type, fire, updated, pubDate, timestamps.
 */

const FEED = 'NSW RFS majorIncidents.json';
const ZONE = STATE_TIME_ZONES.nsw;
/** `pubDate: 10/10/2020 8:47:00 AM`, UTC although nothing says so. */
const PUB_DATE_FORMAT = 'd/M/yyyy h:mm:ss a';

/** `https://incidents.rfs.nsw.gov.au/api/v1/incidents/394730` or a bare `394730` → `394730`. */
function feedIdOf(guid: string | undefined): string | undefined {
  return guid?.trim().match(/(?:^|\/)(\d+)\/?$/)?.[1];
}

function itemOf(feature: unknown): RfsItem {
  const { properties, geometry } = featureParts(feature);
  const guid = stringOf(properties.guid);
  const pubDate = stringOf(properties.pubDate);
  const flat = flattenGeometry(geometry);
  return {
    guid,
    feedId: feedIdOf(guid),
    title: trimmedText(properties.title),
    description: stringOf(properties.description) ?? '',
    category: stringOf(properties.category),
    link: stringOf(properties.link),
    pubDate,
    published: pubDate ? parseUtcTimeInZone(pubDate, PUB_DATE_FORMAT, ZONE) : undefined,
    point: flat.points[0],
    polygons: flat.polygons,
    eventTypeOf,
  };
}

export const parseNswRfsMajorIncidents: FeedParser = (body) =>
  collectRecords(readFeatureCollection(body, FEED), (feature, collector) =>
    readRfsItem(itemOf(feature), collector),
  );
