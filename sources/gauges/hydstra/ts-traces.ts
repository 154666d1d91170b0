import type { GaugeReading, GaugeSeries } from '../../../model/index.js';
import { malformed } from '../errors.js';
import { asRecord, numberOf, textOf } from '../json-body.js';
import { gaugeStation, type GaugeSourceContext } from '../station.js';
import { compactLocalTime } from '../../../model/time/fixed-offset.js';
import {
  HYDSTRA_FORMAT,
  hydstraAnswer,
  setAsideTraceError,
  siteOffsetMinutes,
  type HydstraProblem,
} from './envelope.js';
import { canonicalVariable, hydstraMeasure } from './variables.js';

/**
 * `get_ts_traces` (version 2): history and backfill. One trace per site and variable:
 * `{site, site_details{name, latitude, longitude, timezone}, varto_details{variable, units, name},
 * quality_codes{"<q>": text}, trace[{v: "1.216", t: 20200101000000, q: 11}]}`. Values are strings,
 * times 14-digit numbers in the site's standard time (`site_details.timezone`, no daylight saving).
 */

export interface HydstraTrace {
  site: string;
  siteName: string;
  latitude: number | undefined;
  longitude: number | undefined;
  offsetMinutes: number;
  /** The output variable (varto), canonical "141.00" form. */
  variable: string;
  variableName: string;
  units: string;
  /** The agency's meaning of each quality code used in the trace. */
  qualityCodes: Record<string, string>;
  readings: GaugeReading[];
  missing: number;
}

export interface HydstraTracesResult {
  traces: HydstraTrace[];
  /** The traces that are gauge variables (level or rain), as gauge series. */
  series: GaugeSeries[];
  problems: HydstraProblem[];
  /** Sites whose own trace said "no data in the period". */
  noDataSites: string[];
  /** The whole answer was error 126, no data in the period. */
  noData: boolean;
}

const FN = 'get_ts_traces';

export function parseHydstraTraces(
  body: Uint8Array | string,
  context: GaugeSourceContext,
): HydstraTracesResult {
  const answer = hydstraAnswer(body, FN);
  if (answer.kind === 'no_data')
    return { traces: [], series: [], problems: [], noDataSites: [], noData: true };
  const traces = asRecord(answer.value)?.traces;
  if (!Array.isArray(traces)) throw malformed(`${HYDSTRA_FORMAT} ${FN}`, 'return has no traces array');

  const result: HydstraTracesResult = {
    traces: [],
    series: [],
    problems: [],
    noDataSites: [],
    noData: false,
  };
  for (const item of traces) {
    const trace = asRecord(item);
    if (!trace) throw malformed(`${HYDSTRA_FORMAT} ${FN}`, 'a trace is not an object');
    const site = textOf(trace.site) ?? '';
    if (setAsideTraceError(trace, site, result)) continue;
    const parsed = readTrace(trace, site, context);
    result.traces.push(parsed);
    const measure = hydstraMeasure(parsed.variable, parsed.units);
    if (measure) {
      const station = gaugeStation(
        context,
        { stationNo: site, name: parsed.siteName, latitude: parsed.latitude, longitude: parsed.longitude },
        measure,
      );
      result.series.push({ station, readings: parsed.readings, missing: parsed.missing });
    }
  }
  return result;
}

function readTrace(trace: Record<string, unknown>, site: string, context: GaugeSourceContext): HydstraTrace {
  const details = asRecord(trace.site_details) ?? {};
  const varto = asRecord(trace.varto_details) ?? {};
  const offsetMinutes = siteOffsetMinutes(details.timezone) ?? context.standardOffsetMinutes;
  const { readings, missing } = tracePoints(trace.trace, offsetMinutes);
  return {
    site,
    siteName: textOf(details.name) ?? textOf(details.short_name) ?? site,
    latitude: numberOf(details.latitude),
    longitude: numberOf(details.longitude),
    offsetMinutes,
    variable: canonicalVariable(textOf(varto.variable) ?? ''),
    variableName: textOf(varto.name) ?? '',
    units: textOf(varto.units) ?? '',
    qualityCodes: qualityCodes(trace.quality_codes),
    readings,
    missing,
  };
}

/** Points with a numeric value and a real time become readings; the rest are counted as missing. */
export function tracePoints(
  points: unknown,
  offsetMinutes: number,
): { readings: GaugeReading[]; missing: number } {
  if (!Array.isArray(points)) throw malformed(`${HYDSTRA_FORMAT} ${FN}`, 'a trace has no trace array');
  const readings: GaugeReading[] = [];
  let missing = 0;
  for (const item of points) {
    const point = asRecord(item);
    const value = numberOf(point?.v);
    const t = point?.t;
    const time =
      typeof t === 'number' || typeof t === 'string' ? compactLocalTime(t, offsetMinutes) : undefined;
    if (value === undefined || time === undefined) {
      missing++;
      continue;
    }
    readings.push({ time, value, quality: textOf(point?.q) ?? null });
  }
  return { readings, missing };
}

function qualityCodes(value: unknown): Record<string, string> {
  const codes: Record<string, string> = {};
  for (const [code, text] of Object.entries(asRecord(value) ?? {})) {
    const meaning = textOf(text);
    if (meaning !== undefined) codes[code] = meaning;
  }
  return codes;
}
