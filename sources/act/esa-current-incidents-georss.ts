import { incidentId, type IncidentDraft } from '../../model/index.js';
import { collectRecords, type CollectedRecord, type RecordCollector } from '../common/collector.js';
import { MalformedFeedError } from '../common/errors.js';
import { pointGeometry } from '../common/geometry.js';
import { readKeyedLines } from '../common/html.js';
import { parseGeoRssPoint } from '../common/lat-lng-fields.js';
import type { FeedParser } from '../common/types.js';
import { readXml } from '../common/xml.js';
import {
  addressOf,
  classify,
  esaSource,
  isRecord,
  locate,
  stringOf,
  trimmedText,
  timestampsOf,
  withoutUndefined,
} from './esa-fields.js';
import { unmappedFor } from '../common/vocabulary.js';

/**
 * ACT ESA current incidents, https://esa.act.gov.au/feeds/currentincidents.xml (FEEDS.md section 9):
 * RSS 2.0 + GeoRSS from the CAD. Read as seen in 2013: the description holds HTML-escaped
 * `Key: value<br />` lines (read by known keys only, since times contain colons), `guid` is the CAD
 * incident number (the website feed's `id`, so both give the same `act-esa-<id>`), `georss:point` is
 * "lat lon", and `pubDate` is labelled "EST" all year though it is Sydney time. The 2026 items' own
 * elements (`cadid`, `agency`, `type`, `controlStatus`, `resourceStatus`; peer notes, no sample) are
 * read when the description lacks the value. The feed carries no warning level.
 * Unmapped fields are reported as: type, status, time_of_call, updated, pubDate.
 */

const FEED = 'ACT ESA currentincidents.xml';

const KNOWN_KEYS = [
  'Incident Number',
  'Incident',
  'Location',
  'Status',
  'Suburb',
  'Type',
  'Agency',
  'Updated',
  'Time of Call',
] as const;

/**
 * The items of an RSS document; MalformedFeedError for an empty body, HTML, truncated XML or no channel.
 * Values stay strings (incident numbers keep their zeros); `&lt;br /&gt;` arrives as `<br />`; prefixes
 * are kept (`georss:point`) and attributes dropped.
 */
function readItems(body: Uint8Array): unknown[] {
  const { root: rss } = readXml(body, FEED, ['rss'], {
    arrayTags: ['item'],
    keepPrefixes: true,
    ignoreAttributes: true,
  });
  if (!isRecord(rss.channel)) throw new MalformedFeedError(`${FEED}: an <rss> without a <channel>`);
  const items = rss.channel.item;
  return Array.isArray(items) ? (items as unknown[]) : [];
}

/** An element's text: the string itself, or `#text` when it also has children. */
function xmlText(value: unknown): string | undefined {
  return isRecord(value) ? stringOf(value['#text']) : stringOf(value);
}

function parseItem(value: unknown, collector: RecordCollector): CollectedRecord | undefined {
  if (!isRecord(value)) {
    collector.drop('no-id', '');
    return undefined;
  }
  const item = value;
  const element = (name: string): string | undefined => trimmedText(xmlText(item[name]));
  const { fields, text } = readKeyedLines(xmlText(item.description) ?? '', KNOWN_KEYS);
  const feedId = element('guid') ?? fields['Incident Number'] ?? element('cadid');
  if (!feedId) {
    collector.drop('no-id', element('title') ?? '');
    return undefined;
  }
  const id = incidentId(esaSource(feedId));
  const { unmapped, report } = unmappedFor(id);

  const timestamps = timestampsOf(
    { reported: ['time_of_call', fields['Time of Call']], updated: ['updated', fields.Updated] },
    report,
    ['pubDate', element('pubDate')],
  );
  if (!timestamps) {
    collector.drop('no-timestamps', feedId, unmapped);
    return undefined;
  }
  const type = fields.Type ?? element('type') ?? '';
  const controlStatus = element('controlStatus');
  const resourceStatus = element('resourceStatus');
  const status = fields.Status ?? controlStatus ?? resourceStatus ?? '';
  const classification = classify(
    { type: ['type', type], status: ['status', status], level: ['alert_level', ''] },
    report,
  );
  const point = parseGeoRssPoint(xmlText(item['georss:point']));
  const geometry = point ? pointGeometry(point) : null;
  const title = element('title') ?? fields.Incident ?? type;
  const draft: IncidentDraft = {
    id,
    featureType: 'incident',
    source: esaSource(feedId),
    title,
    ...classification,
    geometry,
    location: locate(
      { address: addressOf(fields.Location), suburb: fields.Suburb ?? '', state: 'act', lga: '' },
      geometry,
    ),
    details: withoutUndefined({
      description: text || undefined,
      agency: fields.Agency ?? element('agency'),
      cad_id: feedId,
      source_id: feedId,
      type: type || undefined,
      status_raw: status,
      control_status: controlStatus,
      resource_status: resourceStatus,
    }),
    timestamps,
  };
  return { id, upstreamId: feedId, updatedAt: Date.parse(timestamps.updated), drafts: [draft], unmapped };
}

export const parseActEsaCurrentIncidentsGeoRss: FeedParser = (body) =>
  collectRecords(readItems(body), parseItem);
