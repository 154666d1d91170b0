import { MalformedFeedError } from '../common/errors.js';
import { parseRfc822Time } from '../common/rfc822-time.js';
import { collectRecords } from '../common/collector.js';
import type { FeedParser } from '../common/types.js';
import { asList, isXmlNode, readXml, trimmedTextOf, type XmlNode } from '../common/xml.js';
import {
  collectedOf,
  parseDescription,
  parseFirstReported,
  suburbOf,
  tidy,
  withoutEmpty,
  ZONE,
  type CriimsonRecord,
} from './criimson-common.js';

/**
 * SA CFS current incidents RSS, the LEGACY format seen in 2013 at
 * http://www.cfs.sa.gov.au/custom/criimson/CFS_Current_Incidents.xml (FEEDS.md section 5). No longer
 * published there, so it has no catalogue entry: this parser re-reads archives. No coordinates.
 * - `<guid>` http://www.cfs.sa.gov.au/custom/criimson/<incident number>: the same number as the JSON
 *   and the placemarks, hence the same id;
 * - `<title>` "STREET, SUBURB (Type)", the type possibly empty "()";
 * - `<description>` `First Reported: Friday, 17 May 2013 19:00:00&lt;br&gt;Status: COMPLETE&lt;br&gt;Region: 2`;
 * - `<pubDate>` RFC 822 with +0930/+1030.
 * `reported` is First Reported (Adelaide wall clock), `updated` the pubDate, but never before
 * `reported` (some items carry a midnight pubDate earlier than the report; kept raw in details).
 * Unmapped fields are reported as: type, status.
 */

const FEED = 'SA CFS CFS_Current_Incidents.xml (2013 RSS)';
const TITLE = /^(.*?)\s*\(([^()]*)\)\s*$/;

function incidentNoOf(guid: string | undefined): string | undefined {
  return guid?.trim().match(/(?:^|\/)(\d+)\/?$/)?.[1];
}

function recordOf(item: XmlNode): CriimsonRecord | undefined {
  const guid = trimmedTextOf(item.guid);
  const incidentNo = incidentNoOf(guid);
  if (!incidentNo) return undefined;
  const title = trimmedTextOf(item.title) ?? '';
  const titled = TITLE.exec(title);
  const address = tidy(titled ? titled[1] : title);
  const description = parseDescription(trimmedTextOf(item.description) ?? '');
  const pubDate = trimmedTextOf(item.pubDate);
  const reported = parseFirstReported(description.fields['First Reported']);
  let updated = pubDate ? parseRfc822Time(pubDate, ZONE) : undefined;
  if (updated && reported && Date.parse(updated) < Date.parse(reported)) updated = reported;
  return {
    incidentNo,
    feedAgency: 'cfs',
    region: description.fields.Region,
    type: titled ? titled[2] : '',
    status: description.fields.Status,
    address,
    suburb: suburbOf(address),
    position: undefined,
    reported,
    updated,
    details: withoutEmpty({
      description: description.text,
      first_reported: description.fields['First Reported'],
      pub_date: pubDate,
      guid,
      source_url: trimmedTextOf(item.link),
    }),
  };
}

export const parseSaCfsCurrentIncidentsRss: FeedParser = (body) => {
  const { root } = readXml(body, FEED, ['rss'], { arrayTags: ['channel', 'item'] });
  const [channel] = asList(root.channel).filter(isXmlNode);
  if (!channel) throw new MalformedFeedError(`${FEED}: an <rss> without a <channel>`);
  return collectRecords(asList(channel.item), (item, collector) => {
    const record = isXmlNode(item) ? recordOf(item) : undefined;
    if (record) return collectedOf(record, collector);
    collector.drop('no-id', isXmlNode(item) ? (trimmedTextOf(item.title) ?? '') : '');
    return undefined;
  });
};
