import { IANAZone } from 'luxon';
import { STATE_TIME_ZONES, type StateCode } from '../../model/index.js';

/**
 * Archive dates are calendar days in the state where the event happened. An incident is active from
 * local midnight of its start date to local midnight after its end date. luxon asks Intl for every
 * offset (a fraction of a millisecond each), so the few hundred thousand distinct (state, day) pairs of
 * a large archive are cached. warehouse/archive/interchange-sql.ts computes the same in DuckDB.
 */
const MAX_CACHED = 1_000_000;
const midnights = new Map<string, string>();

/**
 * `1939-01-13T00:00:00+11:00`: the start of `date` in the state's zone, at the offset in force the
 * evening before (22:00, which no change of offset has ever skipped or repeated). So a day whose first
 * minutes a change skipped or repeated (local mean time gave way to standard time at midnight) starts
 * at the change, and both load paths agree. Local mean time has seconds in its offset, ISO 8601 offsets
 * stop at minutes: the seconds are dropped, as luxon does.
 */
export function localMidnight(date: string, state: StateCode): string {
  const key = `${state}${date}`;
  let iso = midnights.get(key);
  if (iso === undefined) {
    if (!isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
    iso = `${date}T00:00:00${offsetText(eveningOffset(date, state))}`;
    if (midnights.size >= MAX_CACHED) midnights.clear();
    midnights.set(key, iso);
  }
  return iso;
}

const ZONES = new Map<StateCode, IANAZone>();
const HOUR_MS = 3_600_000;

/**
 * The state's offset (minutes) at 22:00 local on the day before `date`. Asking the zone for the offset
 * at an instant is several times cheaper than building a luxon DateTime; 22:00 is never ambiguous, so
 * guessing +10:00 and correcting once lands on it.
 */
function eveningOffset(date: string, state: StateCode): number {
  let zone = ZONES.get(state);
  if (!zone) {
    zone = IANAZone.create(STATE_TIME_ZONES[state]);
    ZONES.set(state, zone);
  }
  const evening = Date.parse(`${date}T00:00:00Z`) - 2 * HOUR_MS;
  const guess = zone.offset(evening - 10 * HOUR_MS);
  return zone.offset(evening - guess * 60_000);
}

/** `+10:04` for an offset of 604.87 minutes: hours and whole minutes, as luxon formats offsets. */
function offsetText(minutes: number): string {
  const sign = minutes >= 0 ? '+' : '-';
  const whole = Math.trunc(Math.abs(minutes));
  return `${sign}${String(Math.trunc(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The calendar day after `date` (both `YYYY-MM-DD`). */
export const nextDay = (date: string): string => addDays(date, 1);

/** Whether `YYYY-MM-DD` names a real calendar day. */
export function isCalendarDate(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === date;
}
