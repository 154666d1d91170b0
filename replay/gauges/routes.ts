import {
  gaugeMirrorPath,
  gaugeSourceByName,
  type GaugeSourceDefinition,
} from '../../config/gauge-sources.js';
import type { GaugeSourceName } from '../../model/index.js';
import { compactLocalTime, parseInstant } from '../../model/time/fixed-offset.js';
import type { ReplayServer, ReplayStep } from '../server.js';
import {
  aquariusUniqueId,
  renderAquariusCorrectedData,
  renderAquariusDescriptions,
  renderAquariusError,
  renderAquariusLocation,
  renderAquariusUniqueIds,
} from './aquarius.js';
import { renderBccReadings, renderBccSensors } from './bcc.js';
import { readingTimes, type SyntheticGauge } from './fleet.js';
import {
  renderHydstraError,
  renderHydstraSiteGeojson,
  renderHydstraTraces,
  renderHydstraVariableList,
} from './hydstra.js';
import { kiwisTsId, renderKiwisStationList, renderKiwisTimeseriesList, renderKiwisValues } from './kiwis.js';

/**
 * The replay server as every gauge source: each source's calls answered at its mirror path
 * (config/gauge-sources.ts gaugeMirrorPath) from a made-up fleet, in the source's own format, with
 * readings up to the clock's now. `stepsBefore` scripts failures to play before the good answers.
 */
export function scriptGaugeSources(
  replay: ReplayServer,
  fleet: readonly SyntheticGauge[],
  options: { now?: () => number; sources?: readonly GaugeSourceName[] } = {},
): void {
  const now = options.now ?? Date.now;
  const names = options.sources ?? [...new Set(fleet.map((gauge) => gauge.source))];
  for (const name of names) {
    replay.script(gaugeMirrorPath(name), [gaugeSourceStep(name, fleet, now)]);
  }
}

/** The step that answers every call of one source. */
export function gaugeSourceStep(
  name: GaugeSourceName,
  fleet: readonly SyntheticGauge[],
  now: () => number = Date.now,
): ReplayStep {
  const source = gaugeSourceByName(name)!;
  const gauges = fleet.filter((gauge) => gauge.source === name);
  return {
    kind: 'dynamic',
    respond: (url) => {
      const relative = url.pathname.slice(gaugeMirrorPath(name).length);
      const body = answer(source, gauges, relative, url.searchParams, url.search, now());
      return body === undefined
        ? { kind: 'status', status: 404, body: 'no such call' }
        : { kind: 'document', body, contentType: 'application/json' };
    },
  };
}

function answer(
  source: GaugeSourceDefinition,
  gauges: readonly SyntheticGauge[],
  path: string,
  query: URLSearchParams,
  search: string,
  nowMs: number,
): string | undefined {
  switch (source.system) {
    case 'hydstra':
      return hydstra(source.standardOffsetMinutes, gauges, search, nowMs);
    case 'aquarius':
      return aquarius(path.slice(source.publishPath.length), gauges, query, nowMs);
    case 'kiwis':
      return kiwis(gauges, query, nowMs);
    case 'opendatasoft': {
      if (path === `/${source.sensorsDataset}/records`) return page(renderBccSensors(gauges), query);
      if (path !== `/${source.readingsDataset}/records`) return undefined;
      const since = /date'([^']+)'/.exec(query.get('where') ?? '')?.[1];
      const fromMs = since === undefined ? nowMs - 86_400_000 : Date.parse(since);
      return page(renderBccReadings(gauges, fromMs, nowMs + 1), query);
    }
  }
}

function hydstra(offset: number, gauges: readonly SyntheticGauge[], search: string, nowMs: number) {
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

function aquarius(
  operation: string,
  gauges: readonly SyntheticGauge[],
  query: URLSearchParams,
  nowMs: number,
) {
  switch (operation) {
    case '/GetTimeSeriesDescriptionList':
      return renderAquariusDescriptions(gauges, nowMs);
    case '/GetTimeSeriesUniqueIdList': {
      const token = query.get('ChangesSinceToken');
      const sinceMs = token === null ? undefined : parseInstant(token)?.epochMs;
      const changed =
        sinceMs === undefined
          ? gauges
          : gauges.filter((gauge) => readingTimes(gauge, sinceMs, nowMs + 1).length > 0);
      return renderAquariusUniqueIds(changed, { sinceMs: sinceMs ?? nowMs, atMs: nowMs });
    }
    case '/GetLocationData': {
      const gauge = gauges.find((one) => one.stationNo === query.get('LocationIdentifier'));
      return gauge ? renderAquariusLocation(gauge) : renderAquariusError('NotFound', 'No such location');
    }
    case '/GetTimeSeriesCorrectedData': {
      const gauge = gauges.find((one) => aquariusUniqueId(one) === query.get('TimeSeriesUniqueId'));
      const from = parseInstant(query.get('QueryFrom') ?? '')?.epochMs;
      const to = parseInstant(query.get('QueryTo') ?? '')?.epochMs;
      if (!gauge) return renderAquariusError('NotFound', 'No such time series');
      return renderAquariusCorrectedData(gauge, from ?? nowMs - 86_400_000, Math.min(to ?? nowMs, nowMs) + 1);
    }
    default:
      return undefined;
  }
}

function kiwis(gauges: readonly SyntheticGauge[], query: URLSearchParams, nowMs: number) {
  switch (query.get('request')) {
    case 'getTimeseriesList':
      return renderKiwisTimeseriesList(gauges);
    case 'getStationList':
      return renderKiwisStationList(gauges);
    case 'getTimeseriesValues': {
      const ids = new Set((query.get('ts_id') ?? '').split(','));
      const from = parseInstant(query.get('from') ?? '')?.epochMs ?? nowMs - 86_400_000;
      const to = Math.min(parseInstant(query.get('to') ?? '')?.epochMs ?? nowMs, nowMs) + 1;
      return renderKiwisValues(
        gauges.filter((gauge) => ids.has(kiwisTsId(gauge))),
        from,
        to,
      );
    }
    default:
      return JSON.stringify({ type: 'error', code: 'InvalidParameterValue', message: 'unknown request' });
  }
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
