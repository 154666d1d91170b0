import { compactLocalTime } from '../../../model/time/fixed-offset.js';
import { readingTimes, valueAt, type SyntheticGauge } from '../fake/gauge.js';
import { fakeStations, type FakeCall, type SystemFake } from '../fake/system-fake.js';
import { compactText } from '../fake/time-text.js';
import type { HydstraSourceFields } from './poll.js';

/**
 * Kisters Hydstra web-service answers for made-up gauges: get_ts_traces (raw points), latest values,
 * site GeoJSON, variable lists and the HTTP-200 errors. Level is variable 100.00 (metres, gauge
 * datum), rain 10.00 (millimetres). Quality codes and their texts are made up.
 */

const QUALITY_CODES: Readonly<Record<string, string>> = {
  '1': 'Synthetic: good continuous record',
  '130': 'Synthetic: unverified telemetry',
};

export function isHydstraGauge(gauge: SyntheticGauge): boolean {
  return gauge.source.endsWith('-hydstra');
}

const variableOf = (gauge: SyntheticGauge) =>
  gauge.variable === 'rainfall'
    ? { variable: '10.00', units: 'Millimetres', name: 'Rainfall', short: 'Rain (mm)' }
    : { variable: '100.00', units: 'Metres', name: 'Stream Water Level', short: 'Level (Metres)' };

/** Quality of a synthetic point: the last six hours are unverified telemetry. */
export function hydstraQuality(timeMs: number, untilMs: number): string {
  return untilMs - timeMs < 6 * 3_600_000 ? '130' : '1';
}

/** One trace per gauge; a gauge with no point in the period gets the service's per-trace error 126. */
export function renderHydstraTraces(gauges: readonly SyntheticGauge[], fromMs: number, toMs: number): string {
  const traces = gauges.map((gauge) => {
    const times = readingTimes(gauge, fromMs, toMs);
    if (times.length === 0) {
      return `{"error_num":126,"error_msg":"No data within specified period","site":${JSON.stringify(gauge.stationNo)}}`;
    }
    const offset = gauge.offsetMinutes;
    const variable = variableOf(gauge);
    const points = times.map(
      (time) =>
        `{"v":"${valueAt(gauge, time).toFixed(3)}","t":${compactText(time, offset)},"q":${hydstraQuality(time, toMs)}}`,
    );
    const details = JSON.stringify({
      timezone: (offset / 60).toFixed(1),
      short_name: gauge.name.slice(0, 20).toUpperCase(),
      longitude: gauge.longitude.toFixed(9),
      name: gauge.name.toUpperCase(),
      latitude: gauge.latitude.toFixed(9),
      org_name: 'Synthetic water agency',
    });
    const varDetails = JSON.stringify({
      short_name: variable.short,
      precision: '0.001000',
      subdesc: '',
      variable: variable.variable,
      units: variable.units,
      name: variable.name,
    });
    return (
      `{"error_num":0,"compressed":"0","site_details":${details},"quality_codes":${JSON.stringify(QUALITY_CODES)},` +
      `"trace":[${points.join(',')}],"varfrom_details":${varDetails},"site":${JSON.stringify(gauge.stationNo)},` +
      `"varto_details":${varDetails}}`
    );
  });
  return `{"error_num":0,"return":{"traces":[${traces.join(',')}]}}`;
}

/** get_latest_ts_values: each gauge's last point at or before `atMs`. */
export function renderHydstraLatest(gauges: readonly SyntheticGauge[], atMs: number): string {
  const bySite: Record<string, unknown[]> = {};
  for (const gauge of gauges) {
    const variable = variableOf(gauge).variable;
    const time = readingTimes(gauge, atMs - 7 * 86_400_000, atMs + 1).at(-1);
    bySite[gauge.stationNo] = [
      time === undefined
        ? { error_num: 126, error_msg: 'No data within specified period', varfrom: variable, varto: variable }
        : {
            values: [
              {
                time_end: '',
                v: valueAt(gauge, time).toFixed(3),
                q: Number(hydstraQuality(time, atMs)),
                p: '',
                trend: '0',
                time: compactText(time, gauge.offsetMinutes),
                time_start: '',
              },
            ],
            varto: variable,
            varfrom: variable,
          },
    ];
  }
  return JSON.stringify({ error_num: 0, buff_required: 0, return: bySite, buff_supplied: 0 });
}

export function renderHydstraSiteGeojson(gauges: readonly SyntheticGauge[]): string {
  return JSON.stringify({
    error_num: 0,
    return: {
      type: 'FeatureCollection',
      features: gauges.map((gauge) => ({
        type: 'Feature',
        id: gauge.stationNo,
        geometry: { type: 'Point', coordinates: [gauge.longitude, gauge.latitude] },
        properties: {
          stname: gauge.name.toUpperCase(),
          timezone: (gauge.offsetMinutes / 60).toFixed(1),
        },
      })),
    },
  });
}

export function renderHydstraVariableList(gauges: readonly SyntheticGauge[]): string {
  return JSON.stringify({
    error_num: 0,
    return: {
      sites: gauges.map((gauge) => {
        const variable = variableOf(gauge);
        return {
          site_details: {
            timezone: (gauge.offsetMinutes / 60).toFixed(1),
            short_name: gauge.name.slice(0, 20).toUpperCase(),
            name: gauge.name.toUpperCase(),
          },
          variables: [
            {
              period_end: '20991231000000',
              period_start: '19900101000000',
              subdesc: '',
              variable: variable.variable,
              units: variable.units,
              name: variable.name,
            },
          ],
          site: gauge.stationNo,
        };
      }),
    },
  });
}

/** The answers the service gives with HTTP 200 when a call fails or finds nothing. */
export function renderHydstraError(errorNum: 120 | 126): string {
  const message = errorNum === 126 ? 'No data within specified period' : 'Missing top-level "params" item';
  return JSON.stringify({ error_num: errorNum, error_msg: message });
}

/** The answer to a call: the request object URL-encoded after `?`, as the poll sends it. */
function answer(
  source: HydstraSourceFields,
  gauges: readonly SyntheticGauge[],
  { search }: FakeCall,
  nowMs: number,
): string {
  const offset = source.standardOffsetMinutes;
  let request: { function?: string; params?: Record<string, string> };
  try {
    request = JSON.parse(decodeURIComponent(search.slice(1))) as typeof request;
  } catch {
    return renderHydstraError(120);
  }
  const params = request.params ?? {};
  const listed = new Set((params.site_list ?? '').split(','));
  const named = gauges.filter((gauge) => listed.has(gauge.stationNo));
  switch (request.function) {
    case 'get_site_geojson':
      // A site-list expression (TSFILES(…)) lists every site of the source.
      return renderHydstraSiteGeojson(named.length > 0 ? named : gauges);
    case 'get_variable_list':
      return renderHydstraVariableList(named);
    case 'get_ts_traces': {
      const variable = params.varfrom === '10.00' ? 'rainfall' : 'water_level';
      const from = compactLocalTime(params.start_time ?? '', offset);
      const to = compactLocalTime(params.end_time ?? '', offset);
      if (!from || !to) return renderHydstraError(120);
      const toMs = Math.min(Date.parse(to), nowMs) + 1;
      const traced = named.filter((gauge) => gauge.variable === variable);
      return traced.length === 0
        ? renderHydstraError(126)
        : renderHydstraTraces(traced, Date.parse(from), toMs);
    }
    default:
      return renderHydstraError(120);
  }
}

/** Made-up stations of the Hydstra sources, in the agencies' numbering styles. */
export const hydstraFake: SystemFake<HydstraSourceFields> = {
  stations: [
    fakeStations('nsw-hydstra', 25, [-36.5, -29, 146, 153], (index) => String(100_000 + index)),
    fakeStations('vic-hydstra', 20, [-38.5, -35.5, 142, 149], (index) => String(100_000 + index)),
    fakeStations('qld-hydstra', 18, [-28.5, -17, 142, 153], (index) => `${String(100_000 + index)}A`),
  ],
  answer,
};
