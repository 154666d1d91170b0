/**
 * Gauge ingest costs (not a test). Parse: generated Hydstra get_ts_traces documents (60 sites each, the
 * request size the service allows) and KiWIS getTimeseriesValues, timed against JSON.parse of the same
 * bytes (the floor any JSON parser pays). Rollup: hourly and daily buckets of 6,000 gauges × 30 days of
 * 15-minute readings (17.28 M), gauge by gauge from columns, timed against one plain pass over the same
 * values. Usage: npm run bench:gauges-parse [-- --parse-gauges 600 --rollup-gauges 6000 --days 30]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gaugeSourceByName } from '../config/gauge-sources.js';
import { rollupColumns, rollupReadings } from '../gauges/index.js';
import { syntheticFleet } from '../replay/gauges/index.js';
import { readingTimes, valueAt } from '../sources/gauges/fake/index.js';
import { isHydstraGauge, renderHydstraTraces } from '../sources/gauges/hydstra/index.js';
import { isKiwisGauge, renderKiwisValues } from '../sources/gauges/kiwis/index.js';
import { formatAtOffset } from '../model/time/fixed-offset.js';
import { parseHydstraTraces, parseKiwisValues } from '../sources/gauges/index.js';

const { values: args } = parseArgs({
  options: {
    'parse-gauges': { type: 'string', default: '600' },
    'rollup-gauges': { type: 'string', default: '6000' },
    days: { type: 'string', default: '30' },
  },
});
const DAY_MS = 86_400_000;
const days = Number(args.days);
const endMs = Date.parse('2026-03-01T00:00:00+10:00');
const startMs = endMs - days * DAY_MS;
const nowMs = endMs + 1;

const rate = (count: number, ms: number) => `${(((count / ms) * 1000) / 1e6).toFixed(2)} M/s`;
const line = (label: string, text: string) => console.log(`${label.padEnd(34)} ${text}`);

function time<T>(run: () => T): [T, number] {
  const started = performance.now();
  const result = run();
  return [result, performance.now() - started];
}

// --- parse --------------------------------------------------------------------------------------
const parseFleet = syntheticFleet({ count: Number(args['parse-gauges']), seed: 7, startMs, endMs });
const context = gaugeSourceByName('nsw-hydstra')!;

let hydstraPoints = 0;
let hydstraBytes = 0;
let jsonMs = 0;
let hydstraMs = 0;
const hydstraGauges = parseFleet.filter(isHydstraGauge);
for (let index = 0; index < hydstraGauges.length; index += 60) {
  const body = renderHydstraTraces(hydstraGauges.slice(index, index + 60), startMs, endMs);
  hydstraBytes += body.length;
  jsonMs += time(() => JSON.parse(body) as unknown)[1];
  const [result, ms] = time(() => parseHydstraTraces(body, context));
  hydstraMs += ms;
  hydstraPoints += result.traces.reduce((sum, trace) => sum + trace.readings.length, 0);
}

const kiwisGauges = parseFleet.filter(isKiwisGauge);
const kiwisBody = renderKiwisValues(kiwisGauges, startMs, endMs);
const [, kiwisJsonMs] = time(() => JSON.parse(kiwisBody) as unknown);
const [kiwisResult, kiwisMs] = time(() => parseKiwisValues(kiwisBody));
const kiwisPoints = kiwisResult.reduce((sum, series) => sum + series.readings.length, 0);

console.log(
  `gauge parse: ${hydstraGauges.length} Hydstra and ${kiwisGauges.length} KiWIS gauges × ${days} days`,
);
line('Hydstra get_ts_traces', `${hydstraPoints} points, ${(hydstraBytes / 1e6).toFixed(1)} MB`);
line('  JSON.parse (baseline)', `${jsonMs.toFixed(0)} ms, ${rate(hydstraPoints, jsonMs)}`);
line('  parseHydstraTraces', `${hydstraMs.toFixed(0)} ms, ${rate(hydstraPoints, hydstraMs)}`);
line('  ratio to JSON.parse', `${(hydstraMs / jsonMs).toFixed(2)}×`);
line('KiWIS getTimeseriesValues', `${kiwisPoints} points, ${(kiwisBody.length / 1e6).toFixed(1)} MB`);
line('  JSON.parse (baseline)', `${kiwisJsonMs.toFixed(0)} ms, ${rate(kiwisPoints, kiwisJsonMs)}`);
line('  parseKiwisValues', `${kiwisMs.toFixed(0)} ms, ${rate(kiwisPoints, kiwisMs)}`);
line('  ratio to JSON.parse', `${(kiwisMs / kiwisJsonMs).toFixed(2)}×`);

// --- rollups ------------------------------------------------------------------------------------
const rollupFleet = syntheticFleet({ count: Number(args['rollup-gauges']), seed: 7, startMs, endMs });
let readings = 0;
let rollups = 0;
let rollupMs = 0;
let passMs = 0;
let checksum = 0;
for (const gauge of rollupFleet) {
  const times = Float64Array.from(readingTimes(gauge, startMs, endMs));
  const values = Float64Array.from(times, (timeMs) => valueAt(gauge, timeMs));
  readings += times.length;
  passMs += time(() => {
    let sum = 0;
    for (let index = 0; index < values.length; index++) sum += values[index]!;
    checksum += sum;
  })[1];
  rollupMs += time(() => {
    rollups += rollupColumns('g', times, values, 'hourly', { nowMs, offsetMinutes: 600 }).length;
    rollups += rollupColumns('g', times, values, 'daily', { nowMs, offsetMinutes: 600 }).length;
  })[1];
}

// The object path (GaugeReading[] with ISO times), on the first million readings.
const objects: { id: string; readings: { time: string; value: number; quality: null }[] }[] = [];
let objectCount = 0;
for (const gauge of rollupFleet) {
  if (objectCount >= 1_000_000) break;
  const list = readingTimes(gauge, startMs, endMs).map((timeMs) => ({
    time: formatAtOffset(timeMs, 600),
    value: valueAt(gauge, timeMs),
    quality: null,
  }));
  objectCount += list.length;
  objects.push({ id: String(gauge.index), readings: list });
}
const [, objectMs] = time(() => {
  for (const { id, readings: list } of objects) {
    rollupReadings(id, list, 'hourly', { nowMs, offsetMinutes: 600 });
    rollupReadings(id, list, 'daily', { nowMs, offsetMinutes: 600 });
  }
});

console.log(`\ngauge rollups: ${rollupFleet.length} gauges × ${days} days (checksum ${checksum.toFixed(0)})`);
line(
  'readings',
  `${readings} (${((readings * 16) / 1e6).toFixed(0)} MB as two Float64 columns; held one gauge at a time)`,
);
line('  one pass over values (baseline)', `${passMs.toFixed(0)} ms, ${rate(readings, passMs)}`);
line(
  '  hourly + daily rollupColumns',
  `${rollupMs.toFixed(0)} ms, ${rate(readings, rollupMs)}, ${rollups} buckets`,
);
line('  ratio to one pass', `${(rollupMs / passMs).toFixed(1)}×`);
line('  per 1 M readings', `${((rollupMs / readings) * 1e6).toFixed(0)} ms`);
line(
  'rollupReadings (objects, ISO times)',
  `${objectCount} readings in ${objectMs.toFixed(0)} ms, ${rate(objectCount, objectMs)}`,
);
line('  ratio to rollupColumns', `${(objectMs / objectCount / (rollupMs / readings)).toFixed(1)}×`);
