import {
  datasourceSitesExpression,
  gaugeStation,
  hydstraUrl,
  parseHydstraSiteGeojson,
  parseHydstraTraces,
  parseHydstraVariableList,
  pointTracesRequest,
  siteChunks,
  siteGeojsonRequest,
  variableListRequest,
} from '../../sources/gauges/index.js';
import type { GaugeSeries, GaugeStation } from '../../model/index.js';
import { parsed } from './source-fetch.js';
import type { SourcePoller } from './source-poll.js';

/**
 * A Hydstra poll: the sites with series in the telemetry datasource (get_site_geojson), then per
 * chunk of sites their variables (get_variable_list) and the raw points of each gauge variable in the
 * window (get_ts_traces). A site's own error inside a good answer skips that site, not the poll.
 */
export const pollHydstra: SourcePoller = async ({ source, baseUrl, fromMs, toMs, fetcher }) => {
  if (source.system !== 'hydstra') throw new Error(`${source.name} is not a Hydstra source`);
  const { datasource } = source;
  const get = async (request: Parameters<typeof hydstraUrl>[1]) => fetcher.get(hydstraUrl(baseUrl, request));

  const sitesBody = await get(siteGeojsonRequest([datasourceSitesExpression(datasource)]));
  const sites = parsed(() => parseHydstraSiteGeojson(sitesBody));
  const siteByNo = new Map(sites.map((site) => [site.site, site]));
  const stations: GaugeStation[] = [];
  const series: GaugeSeries[] = [];
  let skipped = 0;
  for (const chunk of siteChunks(sites.map((site) => site.site))) {
    const variablesBody = await get(variableListRequest(chunk, datasource));
    const lists = parsed(() => parseHydstraVariableList(variablesBody, source.standardOffsetMinutes));
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
      const body = await get(
        pointTracesRequest({
          sites: variableSites,
          datasource,
          variable,
          fromMs,
          toMs,
          offsetMinutes: source.standardOffsetMinutes,
        }),
      );
      const traces = parsed(() => parseHydstraTraces(body, source));
      skipped += traces.problems.length;
      series.push(...traces.series);
    }
  }
  return { stations, series, seriesThresholds: new Map(), skipped, nextToken: null };
};
