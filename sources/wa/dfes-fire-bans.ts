import { DateTime } from 'luxon';
import { collectRecords, type RecordCollector } from '../common/collector.js';
import type { FeedParser } from '../common/types.js';
import { itemPoint, itemPolygons, itemRawText, itemText, readDfesRss, type DfesRssItem } from './dfes-rss.js';
import {
  collectedOf,
  recordStart,
  rfc822Time,
  textOf,
  utcTime,
  withoutUndefined,
  type RecordContext,
  type RecordReading,
  type Timestamps,
} from './dfes-shared.js';
import { fireDangerRankOf, FALLBACK, totalFireBanNoticeOf } from './dfes-vocabulary.js';
import { htmlText } from './dfes-warnings.js';

/**
 * WA DFES legacy message_TFB.rss (total fire bans) and message_FDR.rss (fire danger ratings),
 * FEEDS.md section 6. Both become eventType `fire_ban` (CAP-AU files `TotalFireBan` and
 * `fireDangrLvl` alike under fire_ban, FEEDS.md 1.2) with no warning level. Neither carries a
 * geometry in the samples (empty `geo:lat`, or `0.0`): the record is a null-geometry incident;
 * `georss:polygon`s, where present, become its `fire_ban_area`.
 * Time: item `pubDate` is real UTC; here `dfes:publicationTime` is UTC too (unlike message.rss,
 * where it is Perth time): "02/01/23 09:05 AM" was issued at 05:05 PM Perth.
 * Ids: the item `guid` (a Whispir message id), prefixed `tfb-` / `fdr-` since the link is generic.
 * Unmapped fields are reported as: pubDate, dfes:publicationTime, notice, fire_danger_rating, date.
 */

const TFB_FEED = 'WA DFES message_TFB.rss';
const FDR_FEED = 'WA DFES message_FDR.rss';
const PUBLICATION_TIME_FORMAT = 'dd/MM/yy hh:mm a';
/** "… for 3 January 2023" at the end of a title or heading. */
const FOR_DATE = /\bfor\s+(\d{1,2}\s+[A-Za-z]+\s+\d{4})\s*:?\s*$/i;
const STRONG = /<strong>([\s\S]*?)<\/strong>/gi;
const REGION_LIST = /<strong>\s*([^<]*?)\s+Region\s*:\s*<\/strong>[\s\S]*?<ul>([\s\S]*?)<\/ul>/gi;
const RATING_LIST =
  /<strong>\s*([^<]*?)\s+Fire Danger Ratings?\s+(?:have|has) been forecast\b([^<]*)<\/strong>[\s\S]*?<ul>([\s\S]*?)<\/ul>/gi;
const LIST_ITEM = /<li>([\s\S]*?)<\/li>/gi;

interface ItemBasics {
  context: RecordContext;
  guid: string;
  title: string;
  timestamps: Timestamps;
}

/** Id and times of a TFB/FDR item, or undefined once it has been dropped. */
function basicsOf(item: DfesRssItem, prefix: string, collector: RecordCollector): ItemBasics | undefined {
  const guid = textOf(itemText(item, 'guid'));
  const pubDate = textOf(itemText(item, 'pubDate'));
  const publicationTime = textOf(itemText(item, 'dfes:publicationTime'));
  const started = recordStart(
    guid && `${prefix}-${guid}`,
    [],
    [
      ['pubDate', pubDate, rfc822Time(pubDate)],
      ['dfes:publicationTime', publicationTime, utcTime(publicationTime, PUBLICATION_TIME_FORMAT)],
    ],
    collector,
  );
  if (!started) return undefined;
  const { context, timestamps } = started;
  return { context, guid: guid ?? '', title: itemText(item, 'title'), timestamps };
}

/** "3 January 2023" → "2023-01-03"; undefined when there is no readable date. */
function dateOf(text: string): string | undefined {
  const written = FOR_DATE.exec(text.trim())?.[1];
  if (!written) return undefined;
  const date = DateTime.fromFormat(written.replace(/\s+/g, ' '), 'd MMMM yyyy', { locale: 'en-US' });
  return date.isValid ? (date.toISODate() ?? undefined) : undefined;
}

function listItems(html: string): string[] {
  return [...html.matchAll(LIST_ITEM)].map(([, text]) => htmlText(text ?? '')).filter(Boolean);
}

interface District {
  name: string;
  /** "All Day", or a time range; absent on revocations. */
  period?: string;
}

/** "Carnamah - All Day" → { name: "Carnamah", period: "All Day" }. */
function districtOf(text: string): District {
  const at = text.lastIndexOf(' - ');
  if (at < 0) return { name: text };
  return { name: text.slice(0, at).trim(), period: text.slice(at + 3).trim() };
}

/** What a TFB or FDR item says of itself; the rest both feeds give alike. */
interface NoticeReading extends Pick<RecordReading, 'status' | 'place'> {
  /** Read from the description; its text, the guid and the link follow. */
  details: Record<string, unknown>;
}

/**
 * A TFB or FDR parser: each item with an id and a time becomes a `fire_ban` record without a warning
 * level, its `georss:polygon`s the `fire_ban_area`; `read` reads the notice out of the description.
 */
function noticeParser(
  feed: string,
  prefix: string,
  read: (html: string, basics: ItemBasics) => NoticeReading,
): FeedParser {
  return (body) =>
    collectRecords(readDfesRss(body, feed).items, (item, collector) => {
      const basics = basicsOf(item, prefix, collector);
      if (!basics) return undefined;
      const { context } = basics;
      const html = itemRawText(item, 'description');
      const { status, place, details } = read(html, basics);
      const reading: RecordReading = {
        context,
        title: basics.title,
        eventType: 'fire_ban',
        status,
        warningLevel: 'none',
        timestamps: basics.timestamps,
        point: itemPoint(item),
        polygons: itemPolygons(item, context.report),
        areaType: 'fire_ban_area',
        place,
        details: withoutUndefined({
          ...details,
          description: htmlText(html.replace(/<b>\s*Content\s*:\s*<\/b>/i, '')),
          source_id: basics.guid,
          source_url: textOf(itemText(item, 'link')),
        }),
      };
      return collectedOf(reading, context.source.feedId);
    });
}

export const parseWaDfesTotalFireBanRss: FeedParser = noticeParser(
  TFB_FEED,
  'tfb',
  (html, { context, title }) => {
    const headings = [...html.matchAll(STRONG)].map(([, text]) => htmlText(text ?? ''));
    const notice = headings.find((heading) => totalFireBanNoticeOf(heading) !== undefined);
    if (!notice) context.report('notice', title);
    const status = notice ? (totalFireBanNoticeOf(notice) ?? FALLBACK.status) : FALLBACK.status;
    const banDate = dateOf(title);
    if (!banDate) context.report('date', title);
    const regions = [...html.matchAll(REGION_LIST)].map(([, region, list]) => ({
      region: htmlText(region ?? ''),
      districts: listItems(list ?? '').map(districtOf),
    }));
    const districts = regions.flatMap((region) => region.districts.map((district) => district.name));
    return {
      status,
      place: {
        address: regions.map((region) => region.region).join(', '),
        suburb: '',
        lga: districts.join(', '),
      },
      details: {
        notice,
        ban_date: banDate,
        revoked: status === 'completed',
        regions,
        district_count: districts.length,
      },
    };
  },
);

export const parseWaDfesFireDangerRss: FeedParser = noticeParser(
  FDR_FEED,
  'fdr',
  (html, { context, title }) => {
    const forecastDate = dateOf(title);
    if (!forecastDate) context.report('date', title);
    const ratings: Record<string, string[]> = {};
    let highest: { rating: string; rank: number } | undefined;
    for (const [, rating = '', , list = ''] of html.matchAll(RATING_LIST)) {
      const written = htmlText(rating);
      const rank = fireDangerRankOf(written);
      if (rank === undefined) context.report('fire_danger_rating', written);
      else if (!highest || rank < highest.rank) highest = { rating: written, rank };
      ratings[written] = [...(ratings[written] ?? []), ...listItems(list)];
    }
    return {
      status: 'active',
      place: { address: '', suburb: '', lga: '' },
      details: { forecast_date: forecastDate, highest_rating: highest?.rating, ratings },
    };
  },
);
