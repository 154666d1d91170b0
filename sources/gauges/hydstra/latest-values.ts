import type { GaugeReading, GaugeSeries } from '../../../model/index.js';
import { malformed } from '../errors.js';
import { asRecord, numberOf, textOf } from '../json-body.js';
import { gaugeStation, type GaugeSourceContext } from '../station.js';
import { compactLocalTime } from '../../../model/time/fixed-offset.js';
import { HYDSTRA_FORMAT, hydstraAnswer, setAsideTraceError, type HydstraProblem } from './envelope.js';
import type { HydstraSite } from './sites.js';
import { canonicalVariable, hydstraMeasure } from './variables.js';

/**
 * `get_latest_ts_values` (version 2): the latest value of each site and variable, the poll of the
 * live sources. `return` maps each site to its traces: `{"<site>": [{varfrom, varto, values: [{v,
 * q, time: "YYYYMMDDHHIIEE", ...}]}]}`; a trace can carry its own `error_num`. The answer names no
 * site details or units, so the site list (get_site_geojson, get_variable_list) supplies them.
 */

export interface HydstraLatestValue {
  site: string;
  /** Output variable, canonical "100.00" form. */
  variable: string;
  reading: GaugeReading;
}

export interface HydstraLatestResult {
  values: HydstraLatestValue[];
  problems: HydstraProblem[];
  /** Sites whose own trace said "no data". */
  noDataSites: string[];
  noData: boolean;
}

const FN = 'get_latest_ts_values';

/** Times are read at each site's offset when the site list knows it, else the source's standard offset. */
export function parseHydstraLatest(
  body: Uint8Array | string,
  context: GaugeSourceContext,
  siteOffsets: ReadonlyMap<string, number> = new Map(),
): HydstraLatestResult {
  const answer = hydstraAnswer(body, FN);
  if (answer.kind === 'no_data') return { values: [], problems: [], noDataSites: [], noData: true };
  const bySite = asRecord(answer.value);
  if (!bySite) throw malformed(`${HYDSTRA_FORMAT} ${FN}`, 'return is not an object of sites');

  const result: HydstraLatestResult = { values: [], problems: [], noDataSites: [], noData: false };
  for (const [site, traces] of Object.entries(bySite)) {
    if (!Array.isArray(traces)) throw malformed(`${HYDSTRA_FORMAT} ${FN}`, `site ${site} has no trace list`);
    const offset = siteOffsets.get(site) ?? context.standardOffsetMinutes;
    for (const item of traces) {
      const trace = asRecord(item) ?? {};
      if (setAsideTraceError(trace, site, result)) continue;
      const reading = latestReading(trace.values, offset);
      if (reading)
        result.values.push({ site, variable: canonicalVariable(textOf(trace.varto) ?? ''), reading });
    }
  }
  return result;
}

/** The last point that has a value and a time. */
function latestReading(values: unknown, offsetMinutes: number): GaugeReading | undefined {
  if (!Array.isArray(values)) return undefined;
  for (let index = values.length - 1; index >= 0; index--) {
    const point = asRecord(values[index]);
    const value = numberOf(point?.v);
    const timeText = textOf(point?.time);
    const time = timeText === undefined ? undefined : compactLocalTime(timeText, offsetMinutes);
    if (value !== undefined && time !== undefined) return { time, value, quality: textOf(point?.q) ?? null };
  }
  return undefined;
}

/**
 * Latest values joined to the site list into one-reading gauge series. The units of each variable
 * come from the variable list (`unitsBySiteVariable`, keyed "<site>|100.00"); values of sites or
 * variables the lists do not know are left out, never guessed.
 */
export function hydstraLatestSeries(
  latest: HydstraLatestResult,
  sites: ReadonlyMap<string, HydstraSite>,
  unitsBySiteVariable: ReadonlyMap<string, string>,
  context: GaugeSourceContext,
): GaugeSeries[] {
  const series: GaugeSeries[] = [];
  for (const { site, variable, reading } of latest.values) {
    const known = sites.get(site);
    const units = unitsBySiteVariable.get(`${site}|${variable}`);
    const measure = units === undefined ? undefined : hydstraMeasure(variable, units);
    if (!known || !measure) continue;
    const station = gaugeStation(
      context,
      { stationNo: site, name: known.name, latitude: known.latitude, longitude: known.longitude },
      measure,
    );
    series.push({ station, readings: [reading], missing: 0 });
  }
  return series;
}
