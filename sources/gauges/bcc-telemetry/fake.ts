import { READING_STEP_MS, readingTimes, valueAt, type SyntheticGauge } from '../fake/gauge.js';
import { fakeStations, type FakeCall, type SystemFake } from '../fake/system-fake.js';
import { isoText } from '../fake/time-text.js';
import type { OpendatasoftSourceFields } from './poll.js';

/**
 * Brisbane City Council telemetry on Opendatasoft (Explore API v2.1) for made-up sensors. The loggers
 * report on change: a level sensor sends when the level moved 10 mm or more since its last report, a
 * rain gauge when rain fell; otherwise its column holds "-". `measured` is UTC, as the API writes it.
 */

const LEVEL_STEP = 0.01;

export function isBccGauge(gauge: SyntheticGauge): boolean {
  return gauge.source === 'bcc-telemetry';
}

/** The reports a sensor sends in [fromMs, toMs): instants and values. */
export function bccReports(
  gauge: SyntheticGauge,
  fromMs: number,
  toMs: number,
): { timeMs: number; value: number }[] {
  const reports: { timeMs: number; value: number }[] = [];
  let lastSent: number | undefined;
  for (const time of readingTimes(gauge, fromMs, toMs)) {
    const value = valueAt(gauge, time);
    const send =
      gauge.variable === 'rainfall'
        ? value > 0
        : lastSent === undefined || Math.abs(value - lastSent) >= LEVEL_STEP - 1e-9;
    if (!send) continue;
    lastSent = value;
    reports.push({ timeMs: time, value });
  }
  return reports;
}

export function renderBccSensors(gauges: readonly SyntheticGauge[]): string {
  return JSON.stringify({
    total_count: gauges.length,
    results: gauges.map((gauge) => ({
      sensor_id: gauge.stationNo,
      location_id: String(500_000 + gauge.index),
      location_name: gauge.name,
      sensor_type: gauge.variable === 'rainfall' ? 'Rainfall' : 'Stream Height AHD',
      unit_of_measure: gauge.variable === 'rainfall' ? 'mm' : 'm',
      latitude: gauge.latitude,
      longitude: gauge.longitude,
      geopoint: { lon: gauge.longitude, lat: gauge.latitude },
    })),
  });
}

/** The readings dataset over [fromMs, toMs): one record per 15-minute step, newest first as ordered by `measured desc`. */
export function renderBccReadings(gauges: readonly SyntheticGauge[], fromMs: number, toMs: number): string {
  const reports = gauges.map(
    (gauge) => new Map(bccReports(gauge, fromMs, toMs).map((r) => [r.timeMs, r.value])),
  );
  const results: Record<string, string>[] = [];
  for (
    let time = Math.ceil(fromMs / READING_STEP_MS) * READING_STEP_MS;
    time < toMs;
    time += READING_STEP_MS
  ) {
    const record: Record<string, string> = { measured: isoText(time, 0) };
    gauges.forEach((gauge, index) => {
      const value = reports[index]!.get(time);
      record[gauge.stationNo.toLowerCase()] = value === undefined ? '-' : String(value);
    });
    results.push(record);
  }
  results.reverse();
  return JSON.stringify({ total_count: results.length, results });
}

/** The answer to a records call of either dataset, a page at a time. */
function answer(
  source: OpendatasoftSourceFields,
  gauges: readonly SyntheticGauge[],
  { path, query }: FakeCall,
  nowMs: number,
): string | undefined {
  if (path === `/${source.sensorsDataset}/records`) return page(renderBccSensors(gauges), query);
  if (path !== `/${source.readingsDataset}/records`) return undefined;
  const since = /date'([^']+)'/.exec(query.get('where') ?? '')?.[1];
  const fromMs = since === undefined ? nowMs - 86_400_000 : Date.parse(since);
  return page(renderBccReadings(gauges, fromMs, nowMs + 1), query);
}

/** Opendatasoft paging: `limit` records from `offset`. */
function page(document: string, query: URLSearchParams): string {
  const parsed = JSON.parse(document) as { total_count: number; results: unknown[] };
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? 10);
  return JSON.stringify({
    total_count: parsed.total_count,
    results: parsed.results.slice(offset, offset + limit),
  });
}

/** Made-up council sensors around Brisbane; its levels are on AHD and half its sensors are rain gauges. */
export const bccFake: SystemFake<OpendatasoftSourceFields> = {
  stations: [
    fakeStations('bcc-telemetry', 7, [-27.65, -27.3, 152.85, 153.2], (index) => `E${1000 + index}`, {
      rainShare: 0.5,
      levelDatum: 'ahd',
    }),
  ],
  answer,
};
