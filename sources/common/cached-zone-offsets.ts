import { DateTime } from 'luxon';

/**
 * Zone arithmetic for documents with thousands of timestamps. luxon asks Intl for a zone's offset on
 * every conversion (about 0.2 ms each here), so 5,000 incidents with three times each cost seconds.
 * Offsets are cached per zone and quarter hour of UTC: every Australian DST change happens on a quarter
 * hour of UTC, so each bucket has one offset and costs one luxon call. Results have the same shape as
 * time.ts and iso-time.ts (ISO 8601, the zone's offset, no milliseconds); where a wall-clock time is
 * ambiguous or skipped by a DST change these helpers return undefined, so that callers fall back on
 * the luxon-based helpers and keep their documented behaviour.
 */

const QUARTER_HOUR_MS = 15 * 60_000;
const MAX_BUCKETS_PER_ZONE = 100_000;
const cache = new Map<string, Map<number, number | null>>();

/** The offset of `zone` at an instant, in minutes east of UTC; undefined for an unknown zone. */
export function zoneOffsetMinutes(epochMs: number, zone: string): number | undefined {
  if (!Number.isFinite(epochMs)) return undefined;
  let offsets = cache.get(zone);
  if (!offsets) {
    offsets = new Map();
    cache.set(zone, offsets);
  }
  const bucket = Math.floor(epochMs / QUARTER_HOUR_MS);
  let offset = offsets.get(bucket);
  if (offset === undefined) {
    const dateTime = DateTime.fromMillis(bucket * QUARTER_HOUR_MS, { zone });
    offset = dateTime.isValid ? dateTime.offset : null;
    if (offsets.size >= MAX_BUCKETS_PER_ZONE) offsets.clear();
    offsets.set(bucket, offset);
  }
  return offset ?? undefined;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `2024-02-21T16:27:20+11:00`: the instant in `zone`, milliseconds truncated. */
export function epochToZonedIso(epochMs: number, zone: string): string | undefined {
  if (!Number.isFinite(epochMs)) return undefined;
  const whole = Math.floor(epochMs / 1000) * 1000;
  const offset = zoneOffsetMinutes(whole, zone);
  if (offset === undefined) return undefined;
  const local = new Date(whole + offset * 60_000);
  const year = local.getUTCFullYear();
  if (year < 0 || year > 9999) return undefined;
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return (
    `${pad(year, 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`
  );
}

/** ISO 8601 with an explicit offset: `2024-02-23T05:04:49.543Z`, `…T16:27:20+11:00`, `…+00:00`. */
const OFFSET_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?(?:Z|[+-]\d\d:\d\d)$/i;

/**
 * An ISO 8601 date-time that carries its offset, rendered in `zone`. Undefined for anything else (no
 * offset, another ISO form): use iso-time.ts for those.
 */
export function offsetIsoToZonedIso(text: string, zone: string): string | undefined {
  const trimmed = text.trim();
  if (!OFFSET_ISO.test(trimmed)) return undefined;
  // Date.parse reads this subset exactly; extra fraction digits are cut to milliseconds first.
  const epochMs = Date.parse(trimmed.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(epochMs) ? undefined : epochToZonedIso(epochMs, zone);
}

export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

/**
 * The instant a wall-clock time in `zone` names. Undefined when the fields are not a calendar time,
 * or when the time is ambiguous (the repeated hour when DST ends) or skipped (when it starts).
 */
export function wallClockToEpoch(clock: WallClock, zone: string): number | undefined {
  const { year, month, day, hour, minute, second = 0 } = clock;
  const naive = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(naive);
  if (
    !Number.isFinite(naive) ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  ) {
    return undefined;
  }
  const DAY_MS = 86_400_000;
  const candidates = new Set<number>();
  for (const probe of [naive - DAY_MS, naive, naive + DAY_MS]) {
    const offset = zoneOffsetMinutes(probe, zone);
    if (offset === undefined) return undefined;
    const instant = naive - offset * 60_000;
    if (zoneOffsetMinutes(instant, zone) === offset) candidates.add(instant);
  }
  const [only] = candidates;
  return candidates.size === 1 ? only : undefined;
}

/**
 * A wall-clock time in `clockZone` rendered in `zone` (the same zone by default); undefined where
 * {@link wallClockToEpoch} or {@link epochToZonedIso} is.
 */
export function wallClockToZonedIso(
  clock: WallClock,
  clockZone: string,
  zone = clockZone,
): string | undefined {
  const epochMs = wallClockToEpoch(clock, clockZone);
  return epochMs === undefined ? undefined : epochToZonedIso(epochMs, zone);
}
