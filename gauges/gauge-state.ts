import type { FloodThresholds, Gauge, GaugeReading, GaugeStation } from '../model/index.js';
import { floodClass } from './flood-class.js';
import { readingStatus } from './reading-status.js';

/** A gauge as the API shows it, from its station, latest reading and thresholds at `nowMs`. */
export function gaugeState(
  station: GaugeStation,
  latest: GaugeReading | null,
  thresholds: FloodThresholds | null,
  options: { nowMs: number; horizonHours: number; lga?: string | null },
): Gauge {
  const levels = station.variable === 'rainfall' ? null : thresholds;
  return {
    ...station,
    lga: options.lga ?? null,
    latest,
    thresholds: levels,
    floodClass: floodClass(station, latest?.value, levels),
    readingStatus: readingStatus(latest?.time, options.nowMs, options.horizonHours),
  };
}
