import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  incidentId,
  type DroppedRecord,
  type IncidentDraft,
  type UnmappedValue,
} from '../../../model/index.js';
import { bodyText } from '../common/body-text.js';
import { MalformedFeedError } from '../common/errors.js';
import { pointGeometry } from '../common/geometry.js';
import { plainText } from '../common/html.js';
import { parseGeoRssPoint } from '../common/lat-lng-fields.js';
import type { FeedParser } from '../common/types.js';
import {
  addressOf,
  classify,
  esaSource,
  isRecord,
  locate,
  stringOf,
  textOf,
  timestampsOf,
  withoutUndefined,
  type Report,
} from './esa-fields.js';

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
type DescriptionKey = (typeof KNOWN_KEYS)[number];

const LINE_BREAK = /<br\s*\/?>|\r?\n/i;
const KEY_LINE = new RegExp(`^(${KNOWN_KEYS.join('|')})\\s*:(.*)$`, 'i');
const CANONICAL_KEY = new Map(KNOWN_KEYS.map((key) => [key.toLowerCase(), key]));

/** Values stay strings (incident numbers keep their zeros); `&lt;br /&gt;` arrives as `<br />`. */
const XML = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => name === 'item',
});

/** The items of an RSS document; MalformedFeedError for an empty body, HTML, truncated XML or no channel. */
function readItems(body: Uint8Array): unknown[] {
  const text = bodyText(body, FEED);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new MalformedFeedError(
      `${FEED}: not well-formed XML, truncated? (line ${valid.err.line}: ${valid.err.msg})`,
    );
  }
  const document: unknown = XML.parse(text);
  const rss = isRecord(document) ? document.rss : undefined;
  if (!isRecord(rss)) throw new MalformedFeedError(`${FEED}: not an RSS document (no <rss> root)`);
  if (!isRecord(rss.channel)) throw new MalformedFeedError(`${FEED}: an <rss> without a <channel>`);
  const items = rss.channel.item;
  return Array.isArray(items) ? (items as unknown[]) : [];
}

/** An element's text: the string itself, or `#text` when it also has children. */
function xmlText(value: unknown): string | undefined {
  return isRecord(value) ? stringOf(value['#text']) : stringOf(value);
}

interface Description {
  fields: Partial<Record<DescriptionKey, string>>;
  /** Every line as plain text, joined by "\n". */
  text: string;
}

function parseDescription(html: string): Description {
  const description: Description = { fields: {}, text: '' };
  const lines: string[] = [];
  for (const rawLine of html.split(LINE_BREAK)) {
    const line = rawLine.trim();
    const text = plainText(line);
    if (text) lines.push(text);
    const keyed = KEY_LINE.exec(line);
    const key = CANONICAL_KEY.get(keyed?.[1]?.toLowerCase() ?? '');
    if (key) description.fields[key] ??= plainText(keyed?.[2] ?? '');
  }
  description.text = lines.join('\n');
  return description;
}

function parseItem(item: Record<string, unknown>, dropped: DroppedRecord[]): ParsedItem | undefined {
  const element = (name: string): string | undefined => textOf(xmlText(item[name]));
  const { fields, text } = parseDescription(xmlText(item.description) ?? '');
  const feedId = element('guid') ?? fields['Incident Number'] ?? element('cadid');
  if (!feedId) {
    dropped.push({ reason: 'no-id', upstreamId: element('title') ?? '' });
    return undefined;
  }
  const id = incidentId(esaSource(feedId));
  const unmapped: UnmappedValue[] = [];
  const report: Report = (field, value) => {
    unmapped.push({ field, value, incidentId: id });
  };

  const timestamps = timestampsOf(
    { reported: ['time_of_call', fields['Time of Call']], updated: ['updated', fields.Updated] },
    report,
    ['pubDate', element('pubDate')],
  );
  if (!timestamps) {
    dropped.push({ reason: 'no-timestamps', upstreamId: feedId });
    return { id, unmapped, draft: undefined };
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
  return { id, unmapped, draft };
}

interface ParsedItem {
  id: string;
  unmapped: UnmappedValue[];
  draft: IncidentDraft | undefined;
}

export const parseActEsaCurrentIncidentsGeoRss: FeedParser = (body) => {
  const unmapped: UnmappedValue[] = [];
  const dropped: DroppedRecord[] = [];
  const byId = new Map<string, IncidentDraft>();
  for (const item of readItems(body)) {
    if (!isRecord(item)) {
      dropped.push({ reason: 'no-id', upstreamId: '' });
      continue;
    }
    const parsed = parseItem(item, dropped);
    if (!parsed) continue;
    unmapped.push(...parsed.unmapped);
    if (!parsed.draft) continue;
    // The same incident twice: keep the later update (the later one on a tie).
    const previous = byId.get(parsed.id);
    if (previous) dropped.push({ reason: 'duplicate', upstreamId: parsed.draft.source.feedId });
    if (!previous || Date.parse(parsed.draft.timestamps.updated) >= Date.parse(previous.timestamps.updated)) {
      byId.set(parsed.id, parsed.draft);
    }
  }
  return { incidents: [...byId.values()], unmapped, dropped };
};
