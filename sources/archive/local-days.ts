import { DateTime } from 'luxon';
import { STATE_TIME_ZONES, type StateCode } from '../../model/index.js';

/**
 * Archive dates are calendar days in the state where the event happened. An incident is active from
 * local midnight of its start date to local midnight after its end date. luxon asks Intl for every
 * offset (a fraction of a millisecond each), so the few hundred thousand distinct (state, day) pairs of
 * a large archive are cached.
 */
const MAX_CACHED = 1_000_000;
const midnights = new Map<string, string>();

/**
 * `1939-01-13T00:00:00+11:00`: the start of `date` in the state's zone. Before standard time (1895) the
 * zones keep local mean time, whose offset has seconds; ISO 8601 offsets stop at minutes, so the
 * seconds are dropped, as luxon does.
 */
export function localMidnight(date: string, state: StateCode): string {
  const key = `${state}${date}`;
  let iso = midnights.get(key);
  if (iso === undefined) {
    const start = DateTime.fromISO(date, { zone: STATE_TIME_ZONES[state] });
    if (!start.isValid) throw new RangeError(`not a calendar date: ${date}`);
    iso = start.toISO({ suppressMilliseconds: true });
    if (midnights.size >= MAX_CACHED) midnights.clear();
    midnights.set(key, iso);
  }
  return iso;
}

/** The calendar day after `date` (both `YYYY-MM-DD`). */
export function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Whether `YYYY-MM-DD` names a real calendar day. */
export function isCalendarDate(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === date;
}
