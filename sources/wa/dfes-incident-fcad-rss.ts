import { decodeEntities } from '../common/html.js';
import { RecordCollector } from '../common/collector.js';
import type { FeedParser } from '../common/types.js';
import { incidentFeedId, incidentTitle, legacyIncidentUrl, lgaOf } from './dfes-incidents.js';
import { itemPoint, itemRawText, itemText, linkTail, readDfesRss } from './dfes-rss.js';
import { collectedOf, perthTime, recordStart, textOf, withoutUndefined } from './dfes-shared.js';
import { eventTypeOf, FALLBACK } from './dfes-vocabulary.js';

/**
 * WA DFES legacy https://www.emergency.wa.gov.au/data/incident_FCAD.rss (FEEDS.md section 6):
 * title `Type (SUBURB, LGA,REGION, FCAD: nnn)` (wrapped over lines in some copies), description
 * `Type <![CDATA[<region>…</region><incidentNumber>…</incidentNumber><publicationTime>DD/MM/YYYY
 * HH:mm:ss</publicationTime>]]>`, `pubDate` `YYYY-MM-DD HH:mm:ss` (Perth, not RFC 822), `guid` the
 * website's incident id, `geo:lat`/`geo:long`. The feed carries no status: incidents are active.
 * Unmapped fields are reported as: type, pubDate, publicationTime.
 */

const FEED = 'WA DFES incident_FCAD.rss';
const PUB_DATE_FORMAT = 'yyyy-MM-dd HH:mm:ss';
const PUBLICATION_TIME_FORMAT = 'dd/MM/yyyy HH:mm:ss';

const KNOWN_KEYS = ['region', 'incidentNumber', 'publicationTime'] as const;
type DescriptionKey = (typeof KNOWN_KEYS)[number];
const KEYED = new RegExp(`<(${KNOWN_KEYS.join('|')})>([\\s\\S]*?)</\\1>`, 'g');

/** `Bushfire (KUNUNURRA, SHIRE OF WYNDHAM-EAST KIMBERLEY,KIMBERLEY, FCAD: 402242)`. */
const TITLE = /^(.*?)\s*\((.*)\)\s*$/;
const FCAD = /^FCAD\s*:\s*(\S+)$/i;

interface Title {
  type?: string;
  suburb?: string;
  lga?: string;
  region?: string;
  cadId?: string;
}

/** Parts are read from the end (FCAD, region, LGA): the suburb may be empty. */
function parseTitle(title: string): Title {
  const match = TITLE.exec(title);
  if (!match) return { type: textOf(title) };
  const parts = (match[2] ?? '').split(',').map((part) => part.trim());
  const cadId = FCAD.exec(parts.at(-1) ?? '')?.[1];
  if (cadId) parts.pop();
  const region = parts.pop();
  const lga = parts.pop();
  return {
    type: textOf(match[1]),
    suburb: textOf(parts.join(', ')),
    lga: textOf(lga),
    region: textOf(region),
    cadId,
  };
}

/** The pseudo-XML inside the CDATA, by known keys; the text before it is the incident type. */
function parseDescription(text: string): { type?: string; fields: Partial<Record<DescriptionKey, string>> } {
  const fields: Partial<Record<DescriptionKey, string>> = {};
  for (const [, name, value] of text.matchAll(KEYED)) {
    const cleaned = textOf(decodeEntities(value ?? ''));
    if (cleaned) fields[name as DescriptionKey] ??= cleaned;
  }
  return { type: textOf(text.replace(/<[\s\S]*$/, '')), fields };
}

export const parseWaDfesIncidentFcadRss: FeedParser = (body) => {
  const collector = new RecordCollector();
  for (const item of readDfesRss(body, FEED).items) {
    const title = parseTitle(itemText(item, 'title'));
    const description = parseDescription(itemRawText(item, 'description'));
    const websiteId = textOf(itemText(item, 'guid')) ?? linkTail(itemText(item, 'link'));
    const cadId = description.fields.incidentNumber ?? title.cadId;
    const feedId = incidentFeedId(cadId, websiteId);
    const pubDate = textOf(itemText(item, 'pubDate'));
    const publicationTime = description.fields.publicationTime;
    // Both are the same Perth wall clock in two layouts; the feed has no separate start time.
    const started = recordStart(
      feedId,
      [],
      [
        ['pubDate', pubDate, perthTime(pubDate, PUB_DATE_FORMAT)],
        ['publicationTime', publicationTime, perthTime(publicationTime, PUBLICATION_TIME_FORMAT)],
      ],
      collector,
    );
    if (!started) continue;
    const { context, timestamps } = started;

    const type = description.type ?? title.type;
    const suburb = title.suburb ?? '';
    const lga = lgaOf(title.lga);
    const region = description.fields.region ?? title.region;
    collector.add(
      collectedOf(
        {
          context,
          title: incidentTitle(type, suburb, lga, region),
          eventType: context.lookup('type', type ?? '', eventTypeOf, FALLBACK.eventType),
          status: 'active',
          warningLevel: 'none',
          timestamps,
          point: itemPoint(item),
          polygons: [],
          areaType: 'incident_area',
          place: { address: suburb, suburb, lga },
          details: withoutUndefined({
            type,
            region,
            cad_id: cadId,
            source_id: websiteId,
            source_url: textOf(itemText(item, 'link')) ?? legacyIncidentUrl(websiteId),
          }),
        },
        context.source.feedId,
      ),
    );
  }
  return collector.result();
};
