/**
 * Fixed-offset times, read and written by the gauge parsers, the rollups, the warehouse, the API and
 * the replay alike. Gauge services keep standard time all year (a fixed offset, no daylight saving),
 * so everything here is arithmetic done by hand: a trace of 100,000 points would spend most of its
 * parse in a date library's zone machinery. Output is always ISO 8601 to the second with an explicit
 * offset, e.g. `2020-01-01T00:00:00+10:00`.
 */

const MINUTE_MS = 60_000;

const offsetTexts = new Map<number, string>();

/** `+10:00`, `+09:30`, `-03:00` for an offset in minutes east of UTC. */
export function offsetText(offsetMinutes: number): string {
  let text = offsetTexts.get(offsetMinutes);
  if (text === undefined) {
    const sign = offsetMinutes < 0 ? '-' : '+';
    const magnitude = Math.abs(offsetMinutes);
    text = `${sign}${pad2(Math.floor(magnitude / 60))}:${pad2(magnitude % 60)}`;
    offsetTexts.set(offsetMinutes, text);
  }
  return text;
}

/**
 * Long series repeat the same few days and clock times, so the two halves of an ISO time are kept
 * once each: `2020-01-01` by local day, `T00:15:00+10:00` by second of the day and offset. A time is
 * then two lookups and one join instead of a dozen new strings (garbage was most of a parse's cost).
 */
const CACHE_LIMIT = 100_000;
const dayTexts = new Map<number, string>();
const clockTexts = new Map<number, string>();

function cached(cache: Map<number, string>, key: number, make: () => string): string {
  let text = cache.get(key);
  if (text === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    text = make();
    cache.set(key, text);
  }
  return text;
}

/** `YYYY-MM-DD` of a day counted from 1970-01-01. */
function dayText(dayNumber: number): string {
  return cached(dayTexts, dayNumber, () => {
    const date = new Date(dayNumber * 86_400_000);
    return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
  });
}

/** `THH:MM:SS+10:00` of a second of the day at an offset. */
function clockText(secondOfDay: number, offsetMinutes: number): string {
  return cached(clockTexts, secondOfDay * 4096 + offsetMinutes + 2048, () => {
    const hour = Math.floor(secondOfDay / 3600);
    const minute = Math.floor(secondOfDay / 60) % 60;
    return `T${pad2(hour)}:${pad2(minute)}:${pad2(secondOfDay % 60)}${offsetText(offsetMinutes)}`;
  });
}

/** An instant written at a fixed offset, to the second. */
export function formatAtOffset(epochMs: number, offsetMinutes: number): string {
  const localSeconds = Math.floor(epochMs / 1000) + offsetMinutes * 60;
  const dayNumber = Math.floor(localSeconds / 86_400);
  return dayText(dayNumber) + clockText(localSeconds - dayNumber * 86_400, offsetMinutes);
}

const DIGITS_14 = /^\d{14}$/;

/**
 * A 14-digit `YYYYMMDDHHIIEE` local standard time (a Hydstra number or string) as ISO 8601 at the
 * given offset, or undefined when it is not a real calendar time. Read with arithmetic, and written
 * from the cached halves: a long trace makes hundreds of thousands of these.
 */
export function compactLocalTime(value: number | string, offsetMinutes: number): string | undefined {
  let number: number;
  if (typeof value === 'number') number = value;
  else {
    const text = value.trim();
    if (!DIGITS_14.test(text)) return undefined;
    number = Number(text);
  }
  if (!Number.isInteger(number) || number < 1e13 || number >= 1e14) return undefined;
  const second = number % 100;
  const minute = Math.floor(number / 1e2) % 100;
  const hour = Math.floor(number / 1e4) % 100;
  const day = Math.floor(number / 1e6) % 100;
  const month = Math.floor(number / 1e8) % 100;
  const year = Math.floor(number / 1e10);
  if (!validCalendarTime(year, month, day, hour, minute, second)) return undefined;
  const dayNumber = daysFromCivil(year, month, day);
  return dayText(dayNumber) + clockText(hour * 3600 + minute * 60 + second, offsetMinutes);
}

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export interface ParsedInstant {
  epochMs: number;
  /** The offset written in the text; undefined when the text had none. */
  offsetMinutes: number | undefined;
}

/**
 * An ISO 8601 date-time (`.000`, `.0000000` fractions, `Z`, `+10:00` or `+1000`; `T24:00` meaning the
 * end of that day, as AQUARIUS writes period ends). A time without an offset is read at
 * `assumedOffsetMinutes` and reported with `offsetMinutes` undefined; without either, undefined.
 */
export function parseInstant(text: string, assumedOffsetMinutes?: number): ParsedInstant | undefined {
  const match = ISO_INSTANT.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  const endOfDay = hour === 24 && minute === 0 && second === 0;
  if (!validCalendarTime(year, month, day, endOfDay ? 0 : hour, minute, second)) return undefined;
  const offsetMinutes = zone === undefined ? undefined : zoneMinutes(zone);
  const offset = offsetMinutes ?? assumedOffsetMinutes;
  if (offset === undefined) return undefined;
  // Days from civil, as Date.UTC without its mapping of years 0–99 to 1900–1999 (AQUARIUS writes
  // 0001-01-01 for "no start"). T24:00, midnight at the end of the day, is the next day's 00:00 by the same sum.
  const localMs = daysFromCivil(year, month, day) * 86_400_000 + ((hour * 60 + minute) * 60 + second) * 1000;
  return { epochMs: localMs - offset * MINUTE_MS, offsetMinutes };
}

/**
 * An ISO 8601 date-time rewritten to the second with an explicit offset: its own offset when it has
 * one (or `targetOffsetMinutes` when given), else `assumedOffsetMinutes`. Undefined when unreadable.
 */
export function normaliseInstant(
  text: string,
  options: { assumedOffsetMinutes?: number; targetOffsetMinutes?: number } = {},
): string | undefined {
  const instant = parseInstant(text, options.assumedOffsetMinutes);
  if (!instant) return undefined;
  const offset = options.targetOffsetMinutes ?? instant.offsetMinutes ?? options.assumedOffsetMinutes ?? 0;
  return formatAtOffset(instant.epochMs, offset);
}

function zoneMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
}

function validCalendarTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): boolean {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  return day <= daysInMonth(year, month);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** An instant as the 14-digit `YYYYMMDDHHIIEE` local standard time Hydstra requests take. */
export function compactTimeAt(epochMs: number, offsetMinutes: number): string {
  return formatAtOffset(epochMs, offsetMinutes).slice(0, 19).replace(/[-T:]/g, '');
}
