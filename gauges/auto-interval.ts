import { GAUGE_RETENTION } from '../model/index.js';
import { DAY_MS } from './buckets.js';

/**
 * `interval=auto` of GET /gauges/{id}/readings: the finest granularity that still covers the whole
 * window under the retention rules: raw when the window starts within the last 30 days (exactly 30
 * days ago included), hourly within 90 days, daily beyond.
 */
export function autoInterval(afterMs: number, nowMs: number): 'raw' | 'hourly' | 'daily' {
  if (afterMs >= nowMs - GAUGE_RETENTION.rawDays * DAY_MS) return 'raw';
  if (afterMs >= nowMs - GAUGE_RETENTION.hourlyDays * DAY_MS) return 'hourly';
  return 'daily';
}
