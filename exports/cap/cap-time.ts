import { DateTime } from 'luxon';

/**
 * A CAP date-time: whole seconds and an explicit offset (`2026-01-10T13:00:00+11:00`), the exact pattern
 * CAP 1.2's XSD enforces; `toISOString()` fails it twice (fractional seconds, `Z`). Times are written in
 * the local time of the incident's state, as every Australian producer does.
 */
export function capDateTime(instant: number | string, zone: string): string {
  const millis = typeof instant === 'number' ? instant : Date.parse(instant);
  if (Number.isNaN(millis)) throw new RangeError(`not a date-time: ${String(instant)}`);
  return DateTime.fromMillis(Math.floor(millis / 1000) * 1000, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");
}
