import { GAUGE_LIMITS, type FloodLevel, type FloodThresholds, type GaugeReading } from '../model/index.js';
import { HOUR_MS } from './buckets.js';

/** The trailing window of GET /gauges/{id} (`recent`): readings from `nowMs` − 6 h to `nowMs`, newest first. */
export function recentReadings(readings: readonly GaugeReading[], nowMs: number): GaugeReading[] {
  const fromMs = nowMs - GAUGE_LIMITS.recentWindowHours * HOUR_MS;
  return newestFirst(
    readings.filter((reading) => {
      const time = Date.parse(reading.time);
      return time >= fromMs && time <= nowMs;
    }),
  );
}

/** History order of the readings endpoint: newest first. */
export function newestFirst(readings: readonly GaugeReading[]): GaugeReading[] {
  return readings
    .map((reading) => ({ reading, time: Date.parse(reading.time) }))
    .sort((a, b) => b.time - a.time)
    .map((entry) => entry.reading);
}

/**
 * The `above` filter of the readings endpoint: readings at or above a class's level. A class whose
 * level is not published selects nothing: no level is inferred.
 */
export function readingsAtOrAbove(
  readings: readonly GaugeReading[],
  thresholds: FloodThresholds | null,
  level: FloodLevel,
): GaugeReading[] {
  const threshold = thresholds?.[level] ?? null;
  return threshold === null ? [] : readings.filter((reading) => reading.value >= threshold);
}
