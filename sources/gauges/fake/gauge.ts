import type { GaugeDatum, GaugeSourceName, GaugeVariable, StateCode } from '../../../model/index.js';

/**
 * A made-up gauge, as every system's fake answers for it (the replay's fleet makes them:
 * replay/gauges/fleet.ts). Its reading at any instant is a pure function of the gauge, so 17 million
 * readings need no storage.
 */

export const READING_STEP_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

export interface SyntheticFlood {
  peakMs: number;
  /** Spread of the flood wave (Gaussian sigma). */
  widthMs: number;
  peakLevel: number;
}

export interface SyntheticGauge {
  index: number;
  source: GaugeSourceName;
  state: StateCode | null;
  /** The source's standard offset (its catalogue entry): the fakes write times at it. */
  offsetMinutes: number;
  stationNo: string;
  name: string;
  latitude: number;
  longitude: number;
  variable: GaugeVariable;
  datum: GaugeDatum | null;
  baseLevel: number;
  thresholds: { minor: number; moderate: number; major: number } | null;
  flood: SyntheticFlood | null;
  /** The gauge reports nothing after this instant. */
  lastReportMs: number | null;
}

/** The water level of a gauge at an instant: base, a slow swell, its flood wave and a little noise. */
export function levelAt(gauge: SyntheticGauge, timeMs: number): number {
  const swell = 0.05 * Math.sin((2 * Math.PI * timeMs) / (5 * 24 * HOUR_MS) + gauge.index);
  let level =
    gauge.baseLevel + swell + (hash01(gauge.index, Math.floor(timeMs / READING_STEP_MS)) - 0.5) * 0.006;
  if (gauge.flood) {
    const z = (timeMs - gauge.flood.peakMs) / gauge.flood.widthMs;
    level += (gauge.flood.peakLevel - gauge.baseLevel) * Math.exp(-0.5 * z * z);
  }
  return round3(level);
}

/** Incremental rainfall (mm) of the 15 minutes ending at an instant: mostly none, some showers. */
export function rainAt(gauge: SyntheticGauge, timeMs: number): number {
  const slot = Math.floor(timeMs / READING_STEP_MS);
  const u = hash01(gauge.index, slot, 7);
  return u < 0.9 ? 0 : Math.round((u - 0.9) * 80) / 2;
}

export function valueAt(gauge: SyntheticGauge, timeMs: number): number {
  return gauge.variable === 'rainfall' ? rainAt(gauge, timeMs) : levelAt(gauge, timeMs);
}

/** Reading instants of a gauge in [fromMs, toMs): every 15 minutes until it falls silent. */
export function readingTimes(gauge: SyntheticGauge, fromMs: number, toMs: number): number[] {
  const last = gauge.lastReportMs ?? Infinity;
  const times: number[] = [];
  for (
    let time = Math.ceil(fromMs / READING_STEP_MS) * READING_STEP_MS;
    time < toMs && time <= last;
    time += READING_STEP_MS
  ) {
    times.push(time);
  }
  return times;
}

export function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** A value in [0, 1) fixed by three integers: noise at (gauge, time slot) without generator state. */
export function hash01(a: number, b: number, c = 0): number {
  let h =
    Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(c, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}
