import type { GaugeReading, GaugeRollup, RollupInterval } from '../model/index.js';
import { formatAtOffset } from '../model/time/fixed-offset.js';
import { bucketSizeMs, bucketStartMs } from './buckets.js';

/**
 * Hourly and daily rollups (min, max, mean, last, count) of raw readings. A bucket is rolled up only
 * once it is closed (its end is at or before `nowMs`), and the result depends only on the readings in
 * it: recomputing a bucket gives the same row, so the warehouse can upsert on (gauge, interval, start)
 * and re-run a rollup after late or corrected readings without harm. `sinceMs` is the watermark of
 * buckets already done (see {@link rollupWatermark}); buckets starting before it are skipped.
 */

export interface RollupOptions {
  nowMs: number;
  /** Offset the buckets are aligned to (the source's standard time); default UTC. */
  offsetMinutes?: number;
  /** Skip buckets that start before this instant. */
  sinceMs?: number;
}

/** The watermark after rolling up everything closed at `nowMs`: the start of the bucket still open. */
export function rollupWatermark(nowMs: number, interval: RollupInterval, offsetMinutes = 0): number {
  return bucketStartMs(nowMs, interval, offsetMinutes);
}

/**
 * Rollups of readings held as columns (epoch ms, value), strictly ascending in time: the form the
 * warehouse and the benchmark hand over for millions of readings without an object per reading.
 */
export function rollupColumns(
  gaugeId: string,
  times: ArrayLike<number>,
  values: ArrayLike<number>,
  interval: RollupInterval,
  options: RollupOptions,
): GaugeRollup[] {
  const offset = options.offsetMinutes ?? 0;
  const size = bucketSizeMs(interval);
  const since = options.sinceMs ?? -Infinity;
  const rollups: GaugeRollup[] = [];
  let start = NaN;
  let min = 0;
  let max = 0;
  let sum = 0;
  let last = 0;
  let count = 0;
  const flush = () => {
    if (count > 0 && start >= since && start + size <= options.nowMs) {
      rollups.push({
        gaugeId,
        interval,
        start: formatAtOffset(start, offset),
        min,
        max,
        mean: sum / count,
        last,
        count,
      });
    }
  };
  // The bucket of a reading is found only when it passes the current bucket's end.
  let end = -Infinity;
  let previous = -Infinity;
  for (let index = 0; index < times.length; index++) {
    const time = times[index]!;
    if (!(time > previous)) throw new RangeError(`rollupColumns: times must rise strictly (index ${index})`);
    previous = time;
    const value = values[index]!;
    if (time >= end) {
      flush();
      start = bucketStartMs(time, interval, offset);
      end = start + size;
      min = max = sum = last = value;
      count = 1;
      continue;
    }
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value;
    last = value;
    count++;
  }
  flush();
  return rollups;
}

/** Rollups of readings in any order; of two readings at the same instant the later in the list wins. */
export function rollupReadings(
  gaugeId: string,
  readings: readonly GaugeReading[],
  interval: RollupInterval,
  options: RollupOptions,
): GaugeRollup[] {
  const { times, values } = readingColumns(readings);
  return rollupColumns(gaugeId, times, values, interval, options);
}

/** Readings as strictly ascending columns, duplicates of an instant resolved to the last one given. */
export function readingColumns(readings: readonly GaugeReading[]): {
  times: Float64Array;
  values: Float64Array;
} {
  const byTime = new Map<number, number>();
  for (const reading of readings) {
    const time = Date.parse(reading.time);
    if (!Number.isNaN(time)) byTime.set(time, reading.value);
  }
  const times = Float64Array.from(byTime.keys()).sort();
  const values = new Float64Array(times.length);
  times.forEach((time, index) => (values[index] = byTime.get(time)!));
  return { times, values };
}
