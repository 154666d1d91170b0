/** Orderings that never depend on the machine or on input order, and the time units they use. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

/** Code-unit order: the same on every machine, unlike localeCompare. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Parses an ISO date-time to epoch ms; throws on text that is not one. */
export function epochMs(isoDateTime: string): number {
  const ms = Date.parse(isoDateTime);
  if (Number.isNaN(ms)) throw new RangeError(`Not a date-time: ${isoDateTime}`);
  return ms;
}

/**
 * Compares date-times by instant; the same instant written with different offsets is ordered by
 * its text, so the pick among them is deterministic.
 */
export function compareInstants(a: string, b: string): number {
  return epochMs(a) - epochMs(b) || compareText(a, b);
}

function extreme(times: Iterable<string>, sign: 1 | -1): string | undefined {
  let best: string | undefined;
  let bestMs = 0;
  for (const time of times) {
    const ms = epochMs(time);
    const order = best === undefined ? -1 : sign * (ms - bestMs) || sign * compareText(time, best);
    if (order < 0) [best, bestMs] = [time, ms];
  }
  return best;
}

/** The earliest of `times` (by instant, then text). */
export function earliest(times: Iterable<string>): string | undefined {
  return extreme(times, 1);
}

/** The latest of `times` (by instant, then text). */
export function latest(times: Iterable<string>): string | undefined {
  return extreme(times, -1);
}

/** Sorted unique values. */
export function sortedUnique<T extends string>(values: Iterable<T>): T[] {
  return [...new Set(values)].sort(compareText);
}
