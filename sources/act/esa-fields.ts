import { categoryOf, STATE_TIME_ZONES, type IncidentDraft, type IncidentSource } from '../../model/index.js';
import { CAP_BY_WARNING_LEVEL } from '../common/cap-defaults.js';
import { timeFieldReader } from '../common/record-times.js';
import { parseLocalTime } from '../common/time.js';
import { stringOf } from '../common/values.js';
import { lookup, type Report } from '../common/vocabulary.js';
import { eventTypeOf, FALLBACK, statusOf, warningLevelOf } from './esa-vocabulary.js';
import { eitherTimestamps, type Timestamps } from '../common/drafts.js';

export { locate } from '../common/geometry.js';
export { isRecord, stringOf, trimmedText, withoutUndefined } from '../common/values.js';

/** What the three ACT ESA parsers share: ids, times, text fields and the vocabulary lookups. */

export const ZONE = STATE_TIME_ZONES.act;

/** `09 Jan 2026 16:29:11`: Canberra (Sydney) wall clock, no offset. */
const SECONDS_FORMAT = 'd MMM yyyy H:mm:ss';
/** `9 Jan 2026 15:48`: the NSW RFS mirror's `updated`. */
const MINUTES_FORMAT = 'd MMM yyyy H:mm';
/** `.853` / `.7` after the seconds (website `updated`): below the served precision, dropped. */
const FRACTION = /(:\d\d)\.\d+$/;
/** `EST` written after GeoRSS pubDates all year round, though the time is Sydney's (+11:00 in summer). */
const ZONE_LABEL = /\s+(?:EST|EDT|AEST|AEDT)$/i;

export type { Report } from '../common/vocabulary.js';
export type { Timestamps } from '../common/drafts.js';

/** Plain text with its paragraphs: CRLF → LF, lines trimmed, runs of blank lines folded to one. */
export function paragraphs(value: unknown): string | undefined {
  const text = stringOf(value)
    ?.replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text ? text : undefined;
}

export function esaSource(feedId: string): IncidentSource {
  return { state: 'act', agency: 'esa', feedId };
}

/**
 * An ESA time (`DD Mon YYYY HH:mm:ss[.fff]`, a GeoRSS `… EST` label, or `D Mon YYYY HH:mm`) as ISO 8601
 * with the Sydney offset of that date; undefined when it does not parse.
 */
export function parseEsaTime(text: string): string | undefined {
  const bare = text.trim().replace(ZONE_LABEL, '').replace(FRACTION, '$1');
  return parseLocalTime(bare, SECONDS_FORMAT, ZONE) ?? parseLocalTime(bare, MINUTES_FORMAT, ZONE);
}

/**
 * `reported` from the time of call, `updated` from the last update; each falls back to the other, then
 * to `fallback` (a document-level time). Undefined when nothing parses. Unparseable values are reported.
 */
export function timestampsOf(
  times: { reported?: [field: string, text: string | undefined]; updated?: [string, string | undefined] },
  report: Report,
  fallback?: [field: string, text: string | undefined],
): Timestamps | undefined {
  const readField = timeFieldReader(report, parseEsaTime);
  const read = (entry: [string, string | undefined] | undefined) => (entry ? readField(...entry) : undefined);
  const reported = read(times.reported);
  const updated = read(times.updated);
  return eitherTimestamps(reported, updated) ?? eitherTimestamps(read(fallback), undefined);
}

/** The draft's vocabulary fields, as the three parsers read them alike. */
export type Classification = Pick<
  IncidentDraft,
  'eventType' | 'eventCategory' | 'status' | 'warningLevel' | 'severity' | 'urgency' | 'certainty'
>;

/** The raw values to look up, each with the field name reported when the vocabulary lacks it. */
export interface RawVocabulary {
  type: [field: string, value: string];
  status: [field: string, value: string];
  level: [field: string, value: string];
}

export function classify(raw: RawVocabulary, report: Report): Classification {
  const eventType = lookup(report, ...raw.type, eventTypeOf, FALLBACK.eventType);
  const warningLevel = lookup(report, ...raw.level, warningLevelOf, FALLBACK.warningLevel);
  return {
    eventType,
    eventCategory: categoryOf(eventType),
    status: lookup(report, ...raw.status, statusOf, FALLBACK.status),
    warningLevel,
    ...CAP_BY_WARNING_LEVEL[warningLevel],
  };
}

/** `PIALLIGO AVENUE, OAKS ESTATE ROAD, MAJURA, 0000`: the CAD's 0000 placeholder postcode goes. */
export function addressOf(location: string | undefined): string {
  return (location ?? '')
    .replace(/\s+/g, ' ')
    .replace(/,?\s*\b0000$/, '')
    .trim();
}

/** `AMBULANCE RESPONSE - O'CONNOR` → `O'CONNOR`: titles are "TYPE - SUBURB". */
export function suburbFromTitle(title: string, type: string): string {
  const prefix = `${type.trim()} - `;
  if (type.trim() && title.toUpperCase().startsWith(prefix.toUpperCase())) {
    return title.slice(prefix.length).trim();
  }
  const parts = title.split(' - ');
  return parts.length > 1 ? (parts.at(-1)?.trim() ?? '') : '';
}
