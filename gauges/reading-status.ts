import type { ReadingStatus } from '../model/index.js';

const HOUR_MS = 3_600_000;

/**
 * `stale` once the latest reading is older than the horizon: a reading exactly `horizonHours` old is
 * still current, one millisecond more is stale. A gauge with no reading is stale. A reading stamped
 * after `nowMs` (a logger clock running fast) counts as current.
 */
export function readingStatus(
  latestTime: string | null | undefined,
  nowMs: number,
  horizonHours: number,
): ReadingStatus {
  if (latestTime === null || latestTime === undefined) return 'stale';
  const timeMs = Date.parse(latestTime);
  if (Number.isNaN(timeMs)) return 'stale';
  return nowMs - timeMs > horizonHours * HOUR_MS ? 'stale' : 'current';
}
