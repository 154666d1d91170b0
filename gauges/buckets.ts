import type { RollupInterval } from '../model/index.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

const SIZE_MS: Readonly<Record<RollupInterval, number>> = { hourly: HOUR_MS, daily: DAY_MS };

export function bucketSizeMs(interval: RollupInterval): number {
  return SIZE_MS[interval];
}

/**
 * Start of the bucket holding an instant. Buckets are aligned to a fixed offset (a source's standard
 * time, so a daily bucket is a local day and no bucket is ever 23 or 25 hours long); half-hour offsets
 * (SA, NT) give hours that start at :30 UTC.
 */
export function bucketStartMs(epochMs: number, interval: RollupInterval, offsetMinutes = 0): number {
  const size = SIZE_MS[interval];
  const shift = offsetMinutes * 60_000;
  return Math.floor((epochMs + shift) / size) * size - shift;
}
