import { gaugeSourceByName } from '../../config/gauge-sources.js';
import type { GaugeVariable } from '../../model/index.js';
import { round3, type SyntheticGauge } from '../../sources/gauges/fake/index.js';
import { FAKE_STATION_STYLES } from '../../sources/gauges/index.js';
import type { FakeStationStyle } from '../../sources/gauges/fake/index.js';
import { prng } from '../random.js';

/**
 * A made-up fleet of gauges for the replay server, tests and benchmarks: every source, level and
 * rain gauges, published thresholds on most level gauges, some gauges that rise through minor to
 * major and fall back, some that stop reporting (stale). Everything derives from (seed, index), so a
 * gauge's reading at any instant is a pure function (sources/gauges/fake/gauge.ts). How each source's
 * stations look is its system's (sources/gauges/<system>/fake.ts).
 */

const HOUR_MS = 3_600_000;

export interface FleetOptions {
  count: number;
  seed: number;
  /** The period the scenario plays over: floods peak inside it, stale gauges fall silent inside it. */
  startMs: number;
  endMs: number;
}

const TOTAL_WEIGHT = FAKE_STATION_STYLES.reduce((sum, style) => sum + style.weight, 0);

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
  const style = pickStyle(random());
  const { source } = style;
  const variable: GaugeVariable = random() < style.rainShare ? 'rainfall' : 'water_level';
  const datum = variable === 'rainfall' ? null : style.levelDatum;
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
  const [minLat, maxLat, minLng, maxLng] = style.box;
  const catalogued = gaugeSourceByName(source);
  return {
    index,
    source,
    state: catalogued?.state ?? null,
    offsetMinutes: catalogued?.standardOffsetMinutes ?? 600,
    stationNo: style.stationNo(index),
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

function pickStyle(u: number): FakeStationStyle {
  let remaining = u * TOTAL_WEIGHT;
  for (const style of FAKE_STATION_STYLES) {
    remaining -= style.weight;
    if (remaining < 0) return style;
  }
  return FAKE_STATION_STYLES[0]!;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
