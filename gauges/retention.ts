import {
  GAUGE_RETENTION,
  type FloodThresholds,
  type GaugeReading,
  type RollupInterval,
} from '../model/index.js';
import { DAY_MS, HOUR_MS } from './buckets.js';
import { lowestLevel } from './flood-class.js';

/**
 * What gauge history to keep at a given time (spec, Limits): raw readings 30 days, hourly rollups 90
 * days, daily rollups forever, and raw readings inside flood-event windows forever. A flood event is
 * a run of consecutive readings at or above minor (or the lowest published level when minor is not
 * published); its window runs from `floodWindowMarginHours` (24 h) before the run's first reading to
 * the same after its last, so the rise and the recession are kept with the peak. Ages are exact:
 * a row exactly 30 days old is kept, one a millisecond older is not. All bounds are inclusive.
 */

export interface TimeWindow {
  startMs: number;
  endMs: number;
}

export const FLOOD_WINDOW_MARGIN_MS = GAUGE_RETENTION.floodWindowMarginHours * HOUR_MS;

/** Flood-event windows of one gauge's readings (ascending columns), merged where they touch. */
export function floodEventWindows(
  times: ArrayLike<number>,
  values: ArrayLike<number>,
  thresholds: FloodThresholds | null,
  marginMs = FLOOD_WINDOW_MARGIN_MS,
): TimeWindow[] {
  const trigger = thresholds === null ? null : lowestLevel(thresholds);
  if (trigger === null) return [];
  const windows: TimeWindow[] = [];
  let runStart: number | undefined;
  let runEnd = 0;
  for (let index = 0; index < times.length; index++) {
    if (values[index]! >= trigger) {
      runStart ??= times[index]!;
      runEnd = times[index]!;
    } else if (runStart !== undefined) {
      windows.push({ startMs: runStart - marginMs, endMs: runEnd + marginMs });
      runStart = undefined;
    }
  }
  if (runStart !== undefined) windows.push({ startMs: runStart - marginMs, endMs: runEnd + marginMs });
  return mergeWindows(windows);
}

/** Windows from any number of lists, sorted and merged where they overlap or touch. */
export function mergeWindows(...lists: readonly (readonly TimeWindow[])[]): TimeWindow[] {
  const sorted = lists.flat().sort((a, b) => a.startMs - b.startMs);
  const merged: TimeWindow[] = [];
  for (const window of sorted) {
    const last = merged.at(-1);
    if (last && window.startMs <= last.endMs) last.endMs = Math.max(last.endMs, window.endMs);
    else merged.push({ ...window });
  }
  return merged;
}

export interface RetentionCutoffs {
  /** Raw readings at or after this instant are kept (older ones only inside flood windows). */
  rawFromMs: number;
  /** Hourly rollups starting at or after this instant are kept. */
  hourlyFromMs: number;
}

export function retentionCutoffs(nowMs: number): RetentionCutoffs {
  return {
    rawFromMs: nowMs - GAUGE_RETENTION.rawDays * DAY_MS,
    hourlyFromMs: nowMs - GAUGE_RETENTION.hourlyDays * DAY_MS,
  };
}

/** Keep a raw reading at `timeMs`? */
export function keepRaw(timeMs: number, cutoffs: RetentionCutoffs, windows: readonly TimeWindow[]): boolean {
  return (
    timeMs >= cutoffs.rawFromMs ||
    windows.some((window) => window.startMs <= timeMs && timeMs <= window.endMs)
  );
}

/** Keep a rollup bucket starting at `startMs`? Daily buckets are kept forever. */
export function keepRollup(interval: RollupInterval, startMs: number, cutoffs: RetentionCutoffs): boolean {
  return interval === 'daily' || startMs >= cutoffs.hourlyFromMs;
}

/**
 * The raw readings of one gauge to keep and to drop at `nowMs`, given its flood windows (those found
 * earlier, which must be kept by the caller since their readings may be gone, plus any in `readings`).
 */
export function retainRaw(
  readings: readonly GaugeReading[],
  options: { nowMs: number; thresholds: FloodThresholds | null; knownWindows?: readonly TimeWindow[] },
): { keep: GaugeReading[]; drop: GaugeReading[]; windows: TimeWindow[] } {
  const timed = readings
    .map((reading) => ({ reading, timeMs: Date.parse(reading.time) }))
    .sort((a, b) => a.timeMs - b.timeMs);
  const found = floodEventWindows(
    timed.map((entry) => entry.timeMs),
    timed.map((entry) => entry.reading.value),
    options.thresholds,
  );
  const windows = mergeWindows(options.knownWindows ?? [], found);
  const cutoffs = retentionCutoffs(options.nowMs);
  const keep: GaugeReading[] = [];
  const drop: GaugeReading[] = [];
  for (const { reading, timeMs } of timed) (keepRaw(timeMs, cutoffs, windows) ? keep : drop).push(reading);
  return { keep, drop, windows };
}
