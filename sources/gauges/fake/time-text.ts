/**
 * Time text as each upstream writes it, made from epoch milliseconds at a fixed offset. Kept apart
 * from the parsers' own time code so that a generator round trip tests one against the other.
 */

const two = (value: number): string => String(value).padStart(2, '0');

function parts(epochMs: number, offsetMinutes: number) {
  const local = new Date(epochMs + offsetMinutes * 60_000);
  return {
    date: `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`,
    time: `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`,
  };
}

function zone(offsetMinutes: number): string {
  const magnitude = Math.abs(offsetMinutes);
  return `${offsetMinutes < 0 ? '-' : '+'}${two(Math.floor(magnitude / 60))}:${two(magnitude % 60)}`;
}

/** `2020-01-01T00:00:00+10:00`, with `fraction` (".000", ".0000000") before the offset when given. */
export function isoText(epochMs: number, offsetMinutes: number, fraction = ''): string {
  const { date, time } = parts(epochMs, offsetMinutes);
  return `${date}T${time}${fraction}${zone(offsetMinutes)}`;
}

/** Hydstra's `YYYYMMDDHHIIEE` local standard time. */
export function compactText(epochMs: number, offsetMinutes: number): string {
  const { date, time } = parts(epochMs, offsetMinutes);
  return `${date}${time}`.replace(/[-:]/g, '');
}
