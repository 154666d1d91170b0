import { incidentId, type IncidentSource, STATE_TIME_ZONES } from '../../model/index.js';
import { collectRecords, type CollectedRecord, type RecordCollector } from '../common/collector.js';
import { MalformedFeedError } from '../common/errors.js';
import { firstHref, readKeyedLines } from '../common/html.js';
import { parseGeoRssPoint } from '../common/lat-lng-fields.js';
import { collectedDrafts, timedRecord, timeFieldReader } from '../common/record-times.js';
import { parseRfc822Time } from '../common/rfc822-time.js';
import type { FeedParser } from '../common/types.js';
import { asList, readXml, trimmedTextOf } from '../common/xml.js';
import { isRecord, leadingNumber, lookup, suburbOf, withoutUndefined, type Timestamps } from './drafts.js';
import { FALLBACK, tfsEventTypeOf, tfsStatusOf, tfsWarningLevelOf } from './tfs-vocabulary.js';
import type { Report } from '../common/vocabulary.js';
import { eitherTimestamps } from '../common/drafts.js';

/**
 * Tasmania Fire Service `Show?pageId=colBushfireSummariesRss` (GeoRSS, FEEDS.md section 7). Retired:
 * HTTP 410 by 2026-09, so it has no catalogue entry; this parser re-reads archives (2012–2016).
 *
 * - Ids: `tas-tfs-<incident no>` from the guid `tag:www.fire.tas.gov.au,2013-05-17:206456` (or the
 *   link `…/i/206456`): the same incident numbers as the KML feed's Incident No.
 * - The description is `KEY: value<br />` lines in mixed case ("ALERT LEVEL:", "Region:",
 *   "Number of Vehicles:"), read by known keys: values such as UPDATED and links contain colons.
 * - Times are RFC 822 with an offset (`Fri, 17 May 2013 20:17:43 +1000`): updated ← UPDATED, pubDate;
 *   reported ← pubDate, UPDATED (the feed has no first-report time).
 * - `georss:point` is "lat lon".
 * Unmapped fields are reported as: category (alert level), STATUS, TYPE, UPDATED, pubDate.
 */

const FEED = 'TFS colBushfireSummariesRss';
const ZONE = STATE_TIME_ZONES.tas;

const KNOWN_KEYS = [
  'ALERT LEVEL',
  'REGION',
  'LOCATION',
  'STATUS',
  'TYPE',
  'SIZE',
  'NUMBER OF VEHICLES',
  'MORE INFO',
  'VIEW ON MAP',
  'RESPONSIBLE AGENCY',
  'UPDATED',
] as const;
type DescriptionKey = (typeof KNOWN_KEYS)[number];

interface Description {
  /** Plain-text values by key. */
  fields: Partial<Record<DescriptionKey, string>>;
  /** The href of a value's link (More Info, View On Map), by key. */
  links: Partial<Record<DescriptionKey, string>>;
  text: string;
}

function parseDescription(html: string): Description {
  const { fields, entries, text } = readKeyedLines(html, KNOWN_KEYS);
  const links: Description['links'] = {};
  for (const { key, value } of entries) {
    const href = firstHref(value);
    if (href) links[key] ??= href;
  }
  return { fields, links, text };
}

/** `tag:www.fire.tas.gov.au,2013-05-17:206456` or `http://www.fire.tas.gov.au/i/206456` → `206456`. */
function incidentNoOf(guid: string | undefined, link: string | undefined): string | undefined {
  return guid?.trim().match(/:(\d+)$/)?.[1] ?? link?.trim().match(/\/i\/(\d+)\/?$/)?.[1];
}

function timestampsOf(
  pubDate: string | undefined,
  updatedText: string | undefined,
  report: Report,
): Timestamps | undefined {
  const read = timeFieldReader(report, (text) => parseRfc822Time(text, ZONE));
  const updated = read('UPDATED', updatedText);
  const published = read('pubDate', pubDate);
  return eitherTimestamps(published, updated);
}

function parseItem(item: Record<string, unknown>, collector: RecordCollector): CollectedRecord | undefined {
  const title = trimmedTextOf(item.title) ?? '';
  const link = trimmedTextOf(item.link);
  const guid = trimmedTextOf(item.guid);
  const incidentNo = incidentNoOf(guid, link);
  if (!incidentNo) {
    collector.drop('no-id', guid ?? title);
    return undefined;
  }
  const source: IncidentSource = { state: 'tas', agency: 'tfs', feedId: incidentNo };
  const id = incidentId(source);
  const { fields, links, text } = parseDescription(trimmedTextOf(item.description) ?? '');
  const started = timedRecord(id, incidentNo, collector, (report) =>
    timestampsOf(trimmedTextOf(item.pubDate), fields.UPDATED, report),
  );
  if (!started) return undefined;
  const { report } = started;

  const alertLevel = trimmedTextOf(item.category) ?? fields['ALERT LEVEL'] ?? '';
  const warningLevel = lookup(report, 'category', alertLevel, tfsWarningLevelOf, FALLBACK.warningLevel);
  const eventType = lookup(report, 'TYPE', fields.TYPE ?? '', tfsEventTypeOf, FALLBACK.eventType);
  const status = lookup(report, 'STATUS', fields.STATUS ?? '', tfsStatusOf, FALLBACK.status);
  const vehicles = fields['NUMBER OF VEHICLES'];

  const address = fields.LOCATION ?? title;
  const point = parseGeoRssPoint(trimmedTextOf(item.point));
  const details = withoutUndefined({
    description: text,
    alert_level: alertLevel || undefined,
    region: fields.REGION || undefined,
    type: fields.TYPE,
    status_raw: fields.STATUS,
    size: fields.SIZE,
    size_ha: leadingNumber(fields.SIZE),
    vehicles: vehicles ? leadingNumber(vehicles) : undefined,
    responsible_agency: fields['RESPONSIBLE AGENCY'],
    map_url: links['VIEW ON MAP'],
    cad_id: incidentNo,
    source_id: incidentNo,
    source_url: links['MORE INFO'] ?? link,
    guid,
  });
  return collectedDrafts(
    started,
    {
      id,
      source,
      title: title || address,
      eventType,
      status,
      warningLevel,
      place: { address, suburb: suburbOf(address), state: 'tas', lga: '' },
      details,
      point,
      polygons: [],
      areaType: 'incident_area',
    },
    incidentNo,
  );
}

export const parseTfsBushfireSummariesGeoRss: FeedParser = (body) => {
  const { root: rss } = readXml(body, FEED, ['rss'], { arrayTags: ['item'] });
  const [channel] = asList(rss.channel);
  if (channel === undefined) throw new MalformedFeedError(`${FEED}: an <rss> without a <channel>`);
  return collectRecords(asList(isRecord(channel) ? channel.item : undefined).filter(isRecord), parseItem);
};
