import { RecordCollector } from '../common/collector.js';
import type { FeedParser } from '../common/types.js';
import { asList, joinedTextOf } from '../common/xml.js';
import { itemPoint, itemPolygons, itemRawText, itemText, linkTail, readDfesRss } from './dfes-rss.js';
import { collectedOf, perthTime, recordStart, rfc822Time, textOf, withoutUndefined } from './dfes-shared.js';
import { htmlText, lgasIn, mapWarning, splitWarningTitle } from './dfes-warnings.js';

/**
 * WA DFES legacy https://www.emergency.wa.gov.au/data/message.rss, the warnings (FEEDS.md section 6):
 * - level in the title ("Bushfire Advice for …", "Flood - Take Action Now for …", "Bushfire All Clear
 *   for …", "After Storm: Cancellation for …"); when the title has none, the filled section of the
 *   description's template (`<!-- @Start{ADVICE} -->…`) stands in;
 * - description: CDATA HTML read by known keys (`<b>Category: </b>`, `<b>Alert Summary: </b>`,
 *   `<b>Content:</b>`), never by splitting on ':';
 * - item `pubDate` is real UTC (RFC 822), `dfes:publicationTime` Perth `DD/MM/YY hh:mm AM`;
 * - `georss:polygon` (CAP namespace) holds newline-separated `lat,lon` pairs: one warning_area per item.
 * The id is the message id at the end of the link (`bav_773689749`): the bare `guid` is not unique
 * (a storm warning and its cancellation share one).
 * Unmapped fields are reported as: title, category, pubDate, dfes:publicationTime, georss:polygon.
 */

const FEED = 'WA DFES message.rss';
const PUBLICATION_TIME_FORMAT = 'dd/MM/yy hh:mm a';

const KNOWN_KEYS = ['Category', 'Alert Summary', 'Content'] as const;
type DescriptionKey = (typeof KNOWN_KEYS)[number];
const KEY_MARK = new RegExp(`<b>\\s*(${KNOWN_KEYS.join('|')})\\s*:\\s*</b>`, 'gi');
const TEMPLATE_MARK = /<!--\s*@(Start|End)\{([^}]*)\}\s*-->/g;
const MESSAGE_ID = /^[a-z]+_\d+$/i;

interface Description {
  fields: Partial<Record<DescriptionKey, string>>;
  /** The template sections that hold text ("ADVICE", "STORM:AFTER STORM"), innermost only. */
  sections: string[];
}

/** The value of a key runs from its `<b>Key:</b>` to the next known key. */
function parseDescription(html: string): Description {
  const fields: Partial<Record<DescriptionKey, string>> = {};
  const marks = [...html.matchAll(KEY_MARK)];
  marks.forEach((mark, index) => {
    const name = KNOWN_KEYS.find((known) => known.toLowerCase() === mark[1]?.toLowerCase());
    const start = mark.index + mark[0].length;
    const end = marks[index + 1]?.index ?? html.length;
    const value = htmlText(html.slice(start, end));
    if (name && value) fields[name] ??= value;
  });
  return { fields, sections: filledSections(html) };
}

/** Template sections with text of their own: the wrappers (ALERT INFO) and the empty ones are left out. */
function filledSections(html: string): string[] {
  const filled: string[] = [];
  const open: { name: string; start: number; nested: boolean }[] = [];
  for (const mark of html.matchAll(TEMPLATE_MARK)) {
    const name = mark[2]?.trim() ?? '';
    if (mark[1] === 'Start') {
      const parent = open.at(-1);
      if (parent) parent.nested = true;
      open.push({ name, start: mark.index + mark[0].length, nested: false });
      continue;
    }
    const at = open.findLastIndex((section) => section.name === name);
    if (at < 0) continue;
    const [section] = open.splice(at);
    if (section && !section.nested && htmlText(html.slice(section.start, mark.index))) filled.push(name);
  }
  return filled;
}

/** What an item's details take from its reading beyond the item itself. */
interface MessageFacts {
  /** The title before " for <place>". */
  head: string;
  description: Description;
  /** The link's last segment, the message id when it looks like one. */
  tail: string | undefined;
  guid: string | undefined;
  link: string;
}

function messageDetailsOf(item: Record<string, unknown>, facts: MessageFacts): Record<string, unknown> {
  const { tail } = facts;
  const { fields, sections } = facts.description;
  const areaLevels = [
    ...new Set(asList(item['georss:alertLevel']).map((level) => joinedTextOf(level).trim())),
  ].filter(Boolean);
  return withoutUndefined({
    warning_type: facts.head,
    category: fields.Category,
    alert_summary: fields['Alert Summary'],
    description: fields.Content,
    template_sections: sections.length > 0 ? sections : undefined,
    area_alert_levels: areaLevels.length > 0 ? areaLevels : undefined,
    region: textOf(itemText(item, 'dfes:region')),
    cad_id: textOf(itemText(item, 'dfes:incidentNumber')),
    message_id: tail && MESSAGE_ID.test(tail) ? tail : undefined,
    source_id: facts.guid,
    source_url: textOf(facts.link),
  });
}

export const parseWaDfesMessageRss: FeedParser = (body) => {
  const collector = new RecordCollector();
  for (const item of readDfesRss(body, FEED).items) {
    const link = itemText(item, 'link');
    const guid = textOf(itemText(item, 'guid'));
    const tail = linkTail(link);
    const feedId = tail && MESSAGE_ID.test(tail) ? tail : guid;
    const pubDate = textOf(itemText(item, 'pubDate'));
    const publicationTime = textOf(itemText(item, 'dfes:publicationTime'));
    const started = recordStart(
      feedId,
      [],
      [
        ['pubDate', pubDate, rfc822Time(pubDate)],
        ['dfes:publicationTime', publicationTime, perthTime(publicationTime, PUBLICATION_TIME_FORMAT)],
      ],
      collector,
    );
    if (!started) continue;
    const { context, timestamps } = started;

    const title = itemText(item, 'title');
    const { head, place } = splitWarningTitle(title);
    const { fields, sections } = parseDescription(itemRawText(item, 'description'));
    // The title names the level; when it does not, the filled template section does.
    const mapping = mapWarning(
      context,
      { field: 'title', value: head },
      { field: 'category', value: fields.Category },
      sections,
    );

    collector.add(
      collectedOf(
        {
          context,
          title,
          ...mapping,
          timestamps,
          point: itemPoint(item),
          polygons: itemPolygons(item, context.report),
          areaType: 'warning_area',
          place: { address: place, suburb: '', lga: lgasIn(place).join(', ') },
          details: messageDetailsOf(item, { head, description: { fields, sections }, tail, guid, link }),
        },
        context.source.feedId,
      ),
    );
  }
  return collector.result();
};
