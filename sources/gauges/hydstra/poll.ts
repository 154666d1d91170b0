import type { GaugeSeries, GaugeStation } from '../../../model/index.js';
import type { PollSequence, PollWindow } from '../poll-sequence.js';
import { gaugeStation, type GaugeSourceContext } from '../station.js';
import {
  datasourceSitesExpression,
  hydstraUrl,
  pointTracesRequest,
  siteChunks,
  siteGeojsonRequest,
  variableListRequest,
  type HydstraRequest,
} from './requests.js';
import { parseHydstraSiteGeojson } from './sites.js';
import { parseHydstraTraces } from './ts-traces.js';
import { parseHydstraVariableList } from './variable-list.js';

/** What a Hydstra poll reads from its catalogue entry (config/gauge-sources.ts). */
export interface HydstraSourceFields extends GaugeSourceContext {
  system: 'hydstra';
  /** The datasource that carries telemetered data. */
  datasource: string;
}

/**
 * A Hydstra poll: the sites with series in the telemetry datasource (get_site_geojson), then per
 * chunk of sites their variables (get_variable_list) and the raw points of each gauge variable in the
 * window (get_ts_traces). A site's own error inside a good answer skips that site, not the poll.
 */
export function* hydstraPoll({
  source,
  baseUrl,
  fromMs,
  toMs,
}: PollWindow<HydstraSourceFields>): PollSequence {
  const { datasource } = source;
  const get = (request: HydstraRequest) => hydstraUrl(baseUrl, request);

  const sitesBody = yield get(siteGeojsonRequest([datasourceSitesExpression(datasource)]));
  const sites = parseHydstraSiteGeojson(sitesBody);
  const siteByNo = new Map(sites.map((site) => [site.site, site]));
  const stations: GaugeStation[] = [];
  const series: GaugeSeries[] = [];
  let skipped = 0;
  for (const chunk of siteChunks(sites.map((site) => site.site))) {
    const variablesBody = yield get(variableListRequest(chunk, datasource));
    const lists = parseHydstraVariableList(variablesBody, source.standardOffsetMinutes);
    const sitesByVariable = new Map<string, string[]>();
    for (const list of lists) {
      const site = siteByNo.get(list.site);
      for (const variable of list.variables) {
        if (!variable.measure) continue;
        stations.push(
          gaugeStation(
            source,
            {
              stationNo: list.site,
              name: site?.name ?? list.name,
              latitude: site?.latitude,
              longitude: site?.longitude,
            },
            variable.measure,
          ),
        );
        sitesByVariable.set(variable.variable, [
          ...(sitesByVariable.get(variable.variable) ?? []),
          list.site,
        ]);
      }
    }
    for (const [variable, variableSites] of [...sitesByVariable].sort(([a], [b]) => a.localeCompare(b))) {
      const body = yield get(
        pointTracesRequest({
          sites: variableSites,
          datasource,
          variable,
          fromMs,
          toMs,
          offsetMinutes: source.standardOffsetMinutes,
        }),
      );
      const traces = parseHydstraTraces(body, source);
      skipped += traces.problems.length;
      series.push(...traces.series);
    }
  }
  return { stations, series, seriesThresholds: new Map(), skipped, nextToken: null };
}
