import { compactTimeAt } from '../../../model/time/fixed-offset.js';
import { chunks } from '../poll-sequence.js';

/**
 * Request objects of the Hydstra calls the pollers make. The object is sent URL-encoded after `?`,
 * and IIS in front of the service refuses query strings past about 2 KB, so site lists go in chunks.
 */

export const HYDSTRA_SITES_PER_REQUEST = 60;

export interface HydstraRequest {
  function: string;
  version: string;
  params: Record<string, unknown>;
}

/** Sites in chunks small enough for one request each. */
export function siteChunks(sites: readonly string[], size = HYDSTRA_SITES_PER_REQUEST): string[][] {
  return chunks(sites, size);
}

export function latestValuesRequest(
  sites: readonly string[],
  datasource: string,
  variables: readonly string[],
): HydstraRequest {
  return {
    function: 'get_latest_ts_values',
    version: '2',
    params: {
      site_list: sites.join(','),
      datasource,
      trace_list: variables.map((variable) => ({ varfrom: variable, varto: variable })),
    },
  };
}

/** Raw (`point`) readings of one variable between two instants, in the sites' standard time. */
export function pointTracesRequest(options: {
  sites: readonly string[];
  datasource: string;
  variable: string;
  fromMs: number;
  toMs: number;
  offsetMinutes: number;
}): HydstraRequest {
  return {
    function: 'get_ts_traces',
    version: '2',
    params: {
      site_list: options.sites.join(','),
      datasource: options.datasource,
      varfrom: options.variable,
      varto: options.variable,
      start_time: compactTimeAt(options.fromMs, options.offsetMinutes),
      end_time: compactTimeAt(options.toMs, options.offsetMinutes),
      data_type: 'point',
      // Raw points ignore the interval; the value below is not yet checked against a live point request.
      interval: 'minute',
      multiplier: '1',
    },
  };
}

export function siteGeojsonRequest(sites: readonly string[]): HydstraRequest {
  return {
    function: 'get_site_geojson',
    version: '2',
    params: { site_list: sites.join(','), fields: ['stname', 'timezone'], get_elev: 0 },
  };
}

/** The URL of a request: the JSON object URL-encoded after `?`. */
export function hydstraUrl(baseUrl: string, request: HydstraRequest): string {
  return `${baseUrl}?${encodeURIComponent(JSON.stringify(request))}`;
}

/** `get_variable_list`: which variables each site records in a datasource, with units. */
export function variableListRequest(sites: readonly string[], datasource: string): HydstraRequest {
  return { function: 'get_variable_list', version: '1', params: { site_list: sites.join(','), datasource } };
}

/**
 * The site-list expression of every site with time series in a datasource (Hydstra's site list
 * functions), so one call lists a source's sites without a hand-kept list.
 */
export function datasourceSitesExpression(datasource: string): string {
  return `TSFILES(DSOURCES(${datasource}))`;
}
