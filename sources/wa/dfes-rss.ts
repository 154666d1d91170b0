import type { Position } from '../../model/index.js';
import { MalformedFeedError } from '../common/errors.js';
import { flattenGeometry } from '../common/geometry.js';
import { positionsFromLatLonLines } from '../common/lat-lon-text.js';
import { asList, joinedTextOf, readXml } from '../common/xml.js';
import { isRecord, mislabelledGmtTime, positionOf, type Report } from './dfes-shared.js';

/**
 * The RSS 2.0 documents of DFES's Whispir engine (incident_FCAD.rss, message.rss, message_TFB.rss,
 * message_FDR.rss). Quirks (FEEDS.md section 6 and 10):
 * - the channel `pubDate` is labelled GMT but is Perth wall-clock time, while item `pubDate`s are real UTC;
 * - the `georss` prefix is bound to the CAP 1.2 namespace and `georss:polygon` holds `lat,lon` pairs one
 *   per line (not GeoRSS's `lat lon lat lon`).
 */

export interface DfesRssChannel {
  title: string;
  /** The channel `pubDate` read as Perth time (its "GMT" label is wrong); undefined when empty. */
  publishedAt: string | undefined;
  items: DfesRssItem[];
}

export type DfesRssItem = Record<string, unknown>;

export function readDfesRss(body: Uint8Array, feed: string): DfesRssChannel {
  // Prefixes as written, no attributes, CDATA apart, XML entities only: the reading these parsers expect.
  const { root: rss } = readXml(body, feed, ['rss'], {
    arrayTags: ['item', 'georss:polygon', 'georss:alertLevel'],
    keepPrefixes: true,
    ignoreAttributes: true,
    separateCdata: true,
    xmlEntitiesOnly: true,
  });
  if (rss.channel === undefined) {
    throw new MalformedFeedError(`${feed}: an <rss> document without a <channel>`);
  }
  // `<channel></channel>` parses to '': a channel with no items.
  const channel = isRecord(rss.channel) ? rss.channel : {};
  return {
    title: itemText(channel, 'title'),
    publishedAt: mislabelledGmtTime(itemText(channel, 'pubDate') || undefined),
    items: asList(channel.item).filter(isRecord),
  };
}

/** An element's text, white space folded ("Bushfire (KUNUNURRA, SHIRE OF\n   WYNDHAM…" is one line). */
export function itemText(item: Record<string, unknown>, name: string): string {
  return joinedTextOf(item[name]).replace(/\s+/g, ' ').trim();
}

/** An element's text as written (descriptions keep their line breaks). */
export function itemRawText(item: Record<string, unknown>, name: string): string {
  return joinedTextOf(item[name]);
}

/** `geo:lat` / `geo:long`, when both are there and not (0, 0). */
export function itemPoint(item: DfesRssItem): Position | undefined {
  return positionOf(itemText(item, 'geo:lat'), itemText(item, 'geo:long'));
}

/**
 * Each `georss:polygon` as one polygon (outer ring only): newline-separated `lat,lon` pairs turned
 * into [lng, lat]. Unreadable lines are skipped and reported as `georss:polygon`.
 */
export function itemPolygons(item: DfesRssItem, report: Report): Position[][][] {
  const polygons: Position[][][] = [];
  for (const element of asList(item['georss:polygon'])) {
    const { positions, skipped } = positionsFromLatLonLines(joinedTextOf(element));
    if (skipped > 0) report('georss:polygon', `${skipped} unreadable lat,lon line(s)`);
    // Through flattenGeometry: rings left open are closed, and fewer than 4 positions is no ring.
    polygons.push(...flattenGeometry({ type: 'Polygon', coordinates: [positions] }).polygons);
  }
  return polygons;
}

/** The `/#map/warning/bav_773689749` tail of a link, or the last path segment. */
export function linkTail(link: string): string | undefined {
  const tail = link
    .trim()
    .replace(/[/#?]+$/, '')
    .split(/[/#]/)
    .at(-1);
  return tail && /^[\w-]+$/.test(tail) ? tail : undefined;
}
