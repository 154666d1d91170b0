import { collectRecords, type CollectedRecord, type RecordCollector } from '../common/collector.js';
import { eitherTimestamps } from '../common/drafts.js';
import { htmlToPlainLines } from '../common/html.js';
import { parseIsoTimeInZone } from '../common/iso-time.js';
import { positionFromLatLonText } from '../common/lat-lon-text.js';
import { timeFieldReader } from '../common/record-times.js';
import type { FeedParser } from '../common/types.js';
import {
  asList,
  attributeOf,
  isXmlNode,
  readXml,
  textOf,
  trimmedTextOf,
  type XmlNode,
} from '../common/xml.js';
import {
  incidentRecord,
  lookup,
  QLD_ZONE,
  startQfdRecord,
  type Report,
  type Timestamps,
} from './qfd-drafts.js';
import { eventTypeInText, FALLBACK, statusOf, warningLevelOf } from './qfd-vocabulary.js';

/**
 * QFD (QFES) bushfireAlert.xml: Atom + GeoRSS (FEEDS.md section 4, "Older formats", seen 2018; still
 * listed beside the JSON on the S3 bucket). One `<entry>` per incident:
 * - `<id>` the CAD number (`QF2-18-186203`), the same id as in the JSON and KML variants;
 * - `<category term>` the alert level (Notification, Advice…);
 * - `<content>` plain-text lines `Alert Level:`, `Reported (UTC):`, `Current Status:` and `Details:`
 *   (escaped HTML, to the end of the content);
 * - `<published>`/`<updated>` ISO 8601 WITHOUT an offset, meaning UTC (the feed-level `<updated>` is
 *   Brisbane time and is not used);
 * - `<title>` the address, sometimes DMS coordinates with `°` (non-ASCII kept as is);
 * - `<georss:point>` "lat lon".
 * The feed has no event type: the Details headline names one ("grass fire", "hazard reduction burn"),
 * otherwise a bushfire alert is a bushfire.
 * Unmapped fields are reported as: category, status, point, published, updated.
 */

const FEED = 'QFD bushfireAlert.xml (Atom)';
const CONTENT_KEY = /^[ \t]*(Alert Level|Reported \(UTC\)|Current Status|Details)[ \t]*:[ \t]?/gim;

interface Content {
  alertLevel?: string;
  reportedUtc?: string;
  currentStatus?: string;
  /** Plain text, one line per HTML block. */
  details?: string;
}

/** By known keys only; `Details:` runs to the end of the content whatever it holds. */
function parseContent(content: string): Content {
  const parsed: Content = {};
  const matches = [...content.matchAll(CONTENT_KEY)];
  for (const [index, match] of matches.entries()) {
    const start = (match.index ?? 0) + match[0].length;
    const label = match[1]?.toLowerCase();
    if (label === 'details') {
      parsed.details = htmlToPlainLines(content.slice(start));
      break;
    }
    const end = matches[index + 1]?.index ?? content.length;
    const value = content.slice(start, end).trim();
    if (label === 'alert level') parsed.alertLevel ??= value;
    else if (label === 'reported (utc)') parsed.reportedUtc ??= value;
    else if (label === 'current status') parsed.currentStatus ??= value;
  }
  return parsed;
}

/** GeoRSS `lat lon` (white space between), or the `lat,lon` variant. */
function positionOf(point: string | undefined) {
  return point === undefined ? undefined : positionFromLatLonText(point.trim().replace(/[\s,]+/, ','));
}

function timestampsOf(entry: XmlNode, content: Content, report: Report): Timestamps | undefined {
  const read = timeFieldReader(report, (text) => parseIsoTimeInZone(text, QLD_ZONE, 'utc'));
  const reported = read('published', textOf(entry.published)) ?? read('reported', content.reportedUtc);
  const updated = read('updated', textOf(entry.updated));
  return eitherTimestamps(reported, updated);
}

function parseEntry(entry: XmlNode, collector: RecordCollector): CollectedRecord | undefined {
  const content = parseContent(textOf(entry.content) ?? '');
  const started = startQfdRecord(
    trimmedTextOf(entry.id),
    trimmedTextOf(entry.title) ?? '',
    collector,
    (report) => timestampsOf(entry, content, report),
  );
  if (!started) return undefined;
  const { uniqueId, report } = started;

  const category = attributeOf(asList(entry.category)[0], 'term') ?? content.alertLevel ?? '';
  const warningLevel = lookup(report, 'category', category, warningLevelOf, FALLBACK.warningLevel);
  const rawStatus = content.currentStatus ?? '';
  const status = lookup(report, 'status', rawStatus, statusOf, FALLBACK.status);
  const details = content.details ?? '';
  const [headline = ''] = details.split('\n');
  const eventType = eventTypeInText(headline) ?? eventTypeInText(details) ?? 'bushfire';

  const pointText = textOf(entry.point);
  const position = positionOf(pointText);
  if (pointText !== undefined && !position) report('point', pointText);
  const address = trimmedTextOf(entry.title) ?? '';
  const reading = {
    title: address || uniqueId,
    eventType,
    status,
    warningLevel,
    address,
    details: { description: details, alert_level: category, status_raw: rawStatus, source_id: uniqueId },
  };
  return incidentRecord(started, reading, position);
}

export const parseQldQfdBushfireAlertAtom: FeedParser = (body) => {
  const { root } = readXml(body, FEED, ['feed'], { arrayTags: ['entry', 'category'] });
  return collectRecords(asList(root.entry).filter(isXmlNode), parseEntry);
};
