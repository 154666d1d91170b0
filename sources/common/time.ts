import { DateTime } from 'luxon';

/**
 * Upstream wall-clock times carry no offset; these helpers pin them to an IANA zone (DST-aware)
 * and render ISO 8601 with that zone's offset. They never throw and never fall back to "now".
 */

/** Month names are parsed in en-US: other English locales spell September "Sept". */
const PARSE_LOCALE = 'en-US';

/** Building a parser from a format string costs more than parsing with it: build each format once. */
const parsers = new Map<string, ReturnType<typeof DateTime.buildFormatParser>>();

function parse(text: string, format: string, zone: string): DateTime {
  let parser = parsers.get(format);
  if (!parser) {
    parser = DateTime.buildFormatParser(format, { locale: PARSE_LOCALE });
    parsers.set(format, parser);
  }
  return DateTime.fromFormatParser(text.trim().replace(/\s+/g, ' '), parser, { zone, locale: PARSE_LOCALE });
}

/**
 * ISO 8601 with the date-time's offset and no milliseconds (truncated), e.g. `2020-10-10T19:47:00+11:00`;
 * undefined for an invalid date-time (an unknown zone included). Every time helper renders through this.
 */
export function toIso(dateTime: DateTime): string | undefined {
  if (!dateTime.isValid) return undefined;
  const whole = dateTime.millisecond === 0 ? dateTime : dateTime.startOf('second');
  return whole.toISO({ suppressMilliseconds: true }) ?? undefined;
}

/**
 * A local wall-clock time in `zone`, in luxon's `format` (e.g. `d MMM yyyy H:mm`).
 * In the repeated hour when DST ends the earlier offset wins.
 */
export function parseLocalTime(text: string, format: string, zone: string): string | undefined {
  return toIso(parse(text, format, zone));
}

/** A UTC wall-clock time written without any marker, rendered in `zone` with its offset. */
export function parseUtcTimeInZone(text: string, format: string, zone: string): string | undefined {
  const utc = parse(text, format, 'utc');
  return utc.isValid ? toIso(utc.setZone(zone)) : undefined;
}
