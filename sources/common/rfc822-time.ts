import { DateTime } from 'luxon';
import { toIso } from './time.js';

/**
 * RSS `pubDate` (RFC 822/2822, e.g. `Fri, 17 May 2013 19:44:05 +0930`), which carries its own offset
 * or zone name, rendered in `zone` as ISO 8601 with that zone's offset and no milliseconds. The
 * weekday is not checked against the date. Undefined when it does not parse; never "now".
 * Feeds that label local time with a wrong zone (WA "GMT", ACT "EST") need their own handling.
 */
export function parseRfc822Time(text: string, zone: string): string | undefined {
  const withoutWeekday = text
    .trim()
    .replace(/^[a-z]+,\s*/i, '')
    .replace(/\s+/g, ' ');
  const parsed = DateTime.fromRFC2822(withoutWeekday, { setZone: true });
  return parsed.isValid ? toIso(parsed.setZone(zone)) : undefined;
}
