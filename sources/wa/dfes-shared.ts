import { DateTime } from 'luxon';
import {
  incidentId,
  STATE_TIME_ZONES,
  type IncidentDraft,
  type IncidentLocation,
  type IncidentSource,
  type Position,
  type UnmappedValue,
} from '../../model/index.js';
import { parseLocalTime, parseUtcTimeInZone, toIso } from '../common/time.js';
import { lookup, type Report, unmappedFor } from '../common/vocabulary.js';
import type { CollectedRecord, RecordCollector } from '../common/collector.js';
import {
  draftsOf as recordDrafts,
  eitherTimestamps,
  type RecordInput,
  type Timestamps,
} from '../common/drafts.js';

import { numberOf } from '../common/values.js';

export { isRecord, numberOf, withoutUndefined } from '../common/values.js';

/** What every WA DFES parser shares: ids, Perth time, geometry and drafts. */

export const ZONE = STATE_TIME_ZONES.wa;
export const AGENCY = 'dfes';

export type { Report } from '../common/vocabulary.js';
export type { Timestamps } from '../common/drafts.js';

/** A string or finite number as trimmed text; '' and anything else → undefined. */
export function textOf(value: unknown): string | undefined {
  let text: string | undefined;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  const trimmed = text?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : undefined;
}

/** Non-empty strings of an array (v1 `suburbs`, `lga`…); anything else → []. */
export function textsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map(textOf).filter((text) => text !== undefined);
}

// ---------------------------------------------------------------------------------------------
// Time. Every result is ISO 8601 with Perth's offset (+08:00; WA has had no DST since 2009).

/** A Perth wall-clock time in a luxon format, e.g. `yyyy-MM-dd HH:mm:ss`. */
export function perthTime(text: string | undefined, format: string): string | undefined {
  return text ? parseLocalTime(text, format, ZONE) : undefined;
}

/** A UTC wall-clock time written without any marker (message_TFB/FDR `dfes:publicationTime`). */
export function utcTime(text: string | undefined, format: string): string | undefined {
  return text ? parseUtcTimeInZone(text, format, ZONE) : undefined;
}

/** An RFC 822 date whose zone is right (RSS item `pubDate`: "Sun, 30 Sep 2018 13:41:23 GMT" is UTC). */
export function rfc822Time(text: string | undefined): string | undefined {
  return text ? toIso(DateTime.fromRFC2822(text.trim().replace(/\s+/g, ' '), { zone: ZONE })) : undefined;
}

/**
 * An RFC 822 date whose zone label is wrong: the Whispir RSS channel `pubDate` says "GMT" but holds
 * Perth wall-clock time. The weekday and the label are ignored.
 */
export function mislabelledGmtTime(text: string | undefined): string | undefined {
  const wallClock = text
    ?.trim()
    .replace(/^[A-Za-z]{3},\s*/, '')
    .replace(/\s+(?:GMT|UTC?|Z|[+-]\d{4})$/i, '');
  return wallClock ? parseLocalTime(wallClock, 'd MMM yyyy H:mm:ss', ZONE) : undefined;
}

/**
 * Perth has kept UTC+08:00 all year since WA's daylight-saving trial ended (03:00 local on
 * 29 March 2009, 18:00 UTC the day before). Later instants are formatted by hand: luxon's zone
 * lookup costs ~100 µs a call, too slow for documents of thousands of records.
 */
const FIXED_OFFSET_SINCE = Date.UTC(2009, 2, 28, 18);
const PERTH_OFFSET_MS = 8 * 3_600_000;
const ISO = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d)(?:[.,]\d+)?)?\s*(Z|[+-]\d\d(?::?\d\d)?)?$/i;

function perthIso(epochMs: number): string | undefined {
  if (!Number.isFinite(epochMs)) return undefined;
  if (epochMs < FIXED_OFFSET_SINCE) return toIso(DateTime.fromMillis(epochMs, { zone: ZONE }));
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  return `${new Date(wholeSecond + PERTH_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** Milliseconds of an offset written `Z`, `+08`, `+0800` or `+08:00`. */
function offsetMs(text: string): number {
  if (/^z$/i.test(text)) return 0;
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0')) * 60_000;
}

/** ISO 8601 (v1 API). With an offset or `Z` the instant is kept; without one it is Perth time. */
export function isoTime(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  const match = ISO.exec(trimmed);
  if (!match) return toIso(DateTime.fromISO(trimmed, { zone: ZONE }));
  const [, year, month, day, hour, minute, second = '0', offset] = match.map((part) => part ?? '');
  const wallClock = Date.UTC(+year!, +month! - 1, +day!, +hour!, +minute!, +second);
  // Date.UTC rolls 31 February over into March: such a date is invalid.
  const check = new Date(wallClock);
  if (check.getUTCMonth() !== +month! - 1 || check.getUTCDate() !== +day! || +hour! > 23 || +minute! > 59) {
    return undefined;
  }
  if (offset) return perthIso(wallClock - offsetMs(offset));
  if (wallClock - PERTH_OFFSET_MS >= FIXED_OFFSET_SINCE) return perthIso(wallClock - PERTH_OFFSET_MS);
  return toIso(DateTime.fromISO(trimmed, { zone: ZONE }));
}

/**
 * `reported` and `updated` from the first readable time of each list, each falling back to the
 * other; undefined when nothing is readable. A value present but unreadable is reported.
 */
export function timestampsOf(
  reported: TimeReadings,
  updated: TimeReadings,
  report: Report,
): Timestamps | undefined {
  const reportedAt = reported.find(([, , iso]) => iso !== undefined)?.[2];
  const updatedAt = updated.find(([, , iso]) => iso !== undefined)?.[2];
  const seen = new Set<string>();
  for (const [field, text, iso] of [...reported, ...updated]) {
    if (text !== undefined && iso === undefined && !seen.has(field)) report(field, text);
    seen.add(field);
  }
  return eitherTimestamps(reportedAt, updatedAt);
}

// ---------------------------------------------------------------------------------------------
// Geometry.

/**
 * A [lng, lat] from numbers or numeric strings; (0, 0) — what message_FDR.rss writes for "no
 * location" — and out-of-range values → undefined.
 */
export function positionOf(latitude: unknown, longitude: unknown): Position | undefined {
  const lat = numberOf(latitude);
  const lng = numberOf(longitude);
  if (lat === undefined || lng === undefined) return undefined;
  if (lat === 0 && lng === 0) return undefined;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return undefined;
  return [lng, lat];
}

// ---------------------------------------------------------------------------------------------
// Drafts.

export interface RecordContext {
  source: IncidentSource;
  id: string;
  unmapped: UnmappedValue[];
  report: Report;
  /** Maps a raw value; an unknown one is reported under `field` and replaced by `fallback`. */
  lookup<T>(field: string, raw: string, map: (raw: string) => T | undefined, fallback: T): T;
}

export function recordContext(feedId: string): RecordContext {
  const source: IncidentSource = { state: 'wa', agency: AGENCY, feedId };
  const id = incidentId(source);
  const { unmapped, report } = unmappedFor(id);
  return {
    source,
    id,
    unmapped,
    report,
    lookup: (field, raw, map, fallback) => lookup(report, field, raw, map, fallback),
  };
}

/** Readings of a time field: its name, its text and the ISO time it gave (undefined: unreadable). */
export type TimeReadings = ReadonlyArray<
  readonly [field: string, text: string | undefined, iso: string | undefined]
>;

/**
 * A record's context and times (see {@link timestampsOf}); undefined once it is dropped: `no-id`
 * without a feedId, `no-timestamps` (with what was unreadable) without a readable time.
 */
export function recordStart(
  feedId: string | undefined,
  reported: TimeReadings,
  updated: TimeReadings,
  collector: RecordCollector,
): { context: RecordContext; timestamps: Timestamps } | undefined {
  if (!feedId) {
    collector.drop('no-id', '');
    return undefined;
  }
  const context = recordContext(feedId);
  const timestamps = timestampsOf(reported, updated, context.report);
  if (!timestamps) {
    collector.drop('no-timestamps', feedId, context.unmapped);
    return undefined;
  }
  return { context, timestamps };
}

/** A record as the WA parsers read it: {@link RecordInput} with its context, placed in WA. */
export interface RecordReading extends Omit<RecordInput, 'id' | 'source' | 'place'> {
  context: RecordContext;
  place: Omit<IncidentLocation, 'state' | 'latitude' | 'longitude' | 'precision'>;
}

/** One record's drafts: the incident at its point (or its polygons' centroid), then its area, if any. */
export function draftsOf(reading: RecordReading): IncidentDraft[] {
  const { context, ...record } = reading;
  return recordDrafts({
    ...record,
    id: context.id,
    source: context.source,
    place: { ...reading.place, state: 'wa' },
  });
}

/** A record's drafts, ready for the one-per-id rule (common/collector.ts). */
export function collectedOf(reading: RecordReading, upstreamId: string): CollectedRecord {
  return {
    id: reading.context.id,
    upstreamId,
    updatedAt: Date.parse(reading.timestamps.updated),
    drafts: draftsOf(reading),
    unmapped: reading.context.unmapped,
  };
}
