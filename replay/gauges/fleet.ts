import type { GaugeDatum, GaugeSourceName, GaugeVariable, StateCode } from '../../model/index.js';
import { hash01, prng } from './random.js';

/**
 * A made-up fleet of gauges for the replay server, tests and benchmarks: every source, level and
 * rain gauges, published thresholds on most level gauges, some gauges that rise through minor to
 * major and fall back, some that stop reporting (stale). Everything derives from (seed, index), so a
 * gauge's reading at any instant is a pure function and 17 million readings need no storage.
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

export interface FleetOptions {
  count: number;
  seed: number;
  /** The period the scenario plays over: floods peak inside it, stale gauges fall silent inside it. */
  startMs: number;
  endMs: number;
}

const SOURCE_WEIGHTS: readonly [GaugeSourceName, number][] = [
  ['nsw-hydstra', 25],
  ['vic-hydstra', 20],
  ['qld-hydstra', 18],
  ['sa-aquarius', 8],
  ['tas-aquarius', 6],
  ['nt-aquarius', 4],
  ['bom-kiwis', 12],
  ['bcc-telemetry', 7],
];
const TOTAL_WEIGHT = SOURCE_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);

const STATE_OF: Readonly<Record<GaugeSourceName, StateCode | null>> = {
  'nsw-hydstra': 'nsw',
  'vic-hydstra': 'vic',
  'qld-hydstra': 'qld',
  'sa-aquarius': 'sa',
  'tas-aquarius': 'tas',
  'nt-aquarius': 'nt',
  'bom-kiwis': null,
  'bcc-telemetry': 'qld',
};

/** Rough boxes [minLat, maxLat, minLng, maxLng] to scatter made-up stations in. */
const BOXES: Readonly<Record<GaugeSourceName, readonly [number, number, number, number]>> = {
  'nsw-hydstra': [-36.5, -29, 146, 153],
  'vic-hydstra': [-38.5, -35.5, 142, 149],
  'qld-hydstra': [-28.5, -17, 142, 153],
  'sa-aquarius': [-37.5, -30, 135, 140.5],
  'tas-aquarius': [-43.3, -41, 145, 148.2],
  'nt-aquarius': [-20, -12, 130, 136.5],
  'bom-kiwis': [-34, -20, 115, 150],
  'bcc-telemetry': [-27.65, -27.3, 152.85, 153.2],
};

const WATERS = [
  'Wattle',
  'Banksia',
  'Currawong',
  'Bilby',
  'Quoll',
  'Galah',
  'Numbat',
  'Bottlebrush',
  'Saltbush',
];
const PLACES = ['Flat', 'Crossing', 'Bridge', 'Weir', 'Gap', 'Junction', 'Downs', 'Springs', 'Hill'];

export function syntheticFleet(options: FleetOptions): SyntheticGauge[] {
  return Array.from({ length: options.count }, (_, index) => syntheticGauge(index, options));
}

export function syntheticGauge(index: number, options: FleetOptions): SyntheticGauge {
  const random = prng(Math.imul(options.seed ^ 0x2545f491, 2_654_435_761) + index);
  const source = pickSource(random());
  const rainShare = source === 'bcc-telemetry' ? 0.5 : 0.2;
  const variable: GaugeVariable = random() < rainShare ? 'rainfall' : 'water_level';
  const datum = variable === 'rainfall' ? null : datumOf(source);
  const baseLevel = round3(datum === 'ahd' ? 2 + random() * 8 : 0.3 + random() * 2.5);
  const hasThresholds = variable === 'water_level' && random() < 0.75;
  const minor = round3(baseLevel + 1 + random() * 2);
  const moderate = round3(minor + 0.5 + random() * 1.5);
  const major = round3(moderate + 0.5 + random() * 1.5);
  const thresholds = hasThresholds ? { minor, moderate, major } : null;
  const span = options.endMs - options.startMs;
  const flooded = hasThresholds && random() < 0.2;
  const flood = flooded
    ? {
        peakMs: options.startMs + span * (0.2 + random() * 0.6),
        widthMs: (8 + random() * 24) * HOUR_MS,
        // Half the floods peak above major, the rest between minor and major.
        peakLevel: round3(minor + (major - minor) * (0.3 + random() * 1.4)),
      }
    : null;
  const stale = random() < 0.05;
  const lastReportMs = stale ? options.endMs - (2 + random() * 4) * 24 * HOUR_MS : null;
  const [minLat, maxLat, minLng, maxLng] = BOXES[source];
  return {
    index,
    source,
    state: STATE_OF[source],
    stationNo: stationNumber(source, index),
    name: `${WATERS[index % WATERS.length]} ${variable === 'rainfall' ? 'Rain' : 'Creek'} at ${PLACES[(index >> 3) % PLACES.length]} ${index}`,
    latitude: round6(minLat + random() * (maxLat - minLat)),
    longitude: round6(minLng + random() * (maxLng - minLng)),
    variable,
    datum,
    baseLevel,
    thresholds,
    flood,
    lastReportMs,
  };
}

function pickSource(u: number): GaugeSourceName {
  let remaining = u * TOTAL_WEIGHT;
  for (const [source, weight] of SOURCE_WEIGHTS) {
    remaining -= weight;
    if (remaining < 0) return source;
  }
  return SOURCE_WEIGHTS[0]![0];
}

/** What each source's level series is measured from, as its parser will read it. */
function datumOf(source: GaugeSourceName): GaugeDatum {
  if (source === 'bcc-telemetry') return 'ahd';
  if (source === 'bom-kiwis') return 'unstated';
  return 'local';
}

/** Station numbers in each agency's style (made up). */
function stationNumber(source: GaugeSourceName, index: number): string {
  const n = String(100_000 + index);
  switch (source) {
    case 'qld-hydstra':
      return `${n}A`;
    case 'sa-aquarius':
      return `A${4_000_000 + index}`;
    case 'tas-aquarius':
      return `${18_000 + index}-1`;
    case 'nt-aquarius':
      return `G${8_100_000 + index}`;
    case 'bcc-telemetry':
      return `E${1000 + index}`;
    default:
      return n;
  }
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

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
