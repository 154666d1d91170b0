import type { GaugeSeries } from '../../../model/index.js';
import { formatAtOffset } from '../../../model/time/fixed-offset.js';
import { chunks, type PollSequence, type PollWindow } from '../poll-sequence.js';
import { gaugeStation, type GaugeSourceContext } from '../station.js';
import { parseKiwisStationList, parseKiwisTimeseriesList } from './lists.js';
import { kiwisSeries, parseKiwisValues } from './values.js';

/** What a KiWIS poll reads from its catalogue entry (config/gauge-sources.ts). */
export interface KiwisSourceFields extends GaugeSourceContext {
  system: 'kiwis';
  /** Query string every request carries before `request=`. */
  serviceQuery: string;
}

/** Series per getTimeseriesValues request: a URL of forty ids stays well under 2 KB. */
const SERIES_PER_REQUEST = 40;

const TIMESERIES_FIELDS =
  'station_name,station_no,station_id,ts_id,ts_name,ts_unitsymbol,parametertype_name,ts_path';
const STATION_FIELDS = 'station_name,station_no,station_id,station_latitude,station_longitude';
const VALUE_METADATA = 'ts_id,station_no,station_name,parametertype_name,ts_name,ts_unitsymbol';
/** Water Data Online's merged, quality-checked series as stored (level and rain alike). */
export const KIWIS_SERIES_NAME = 'DMQaQc.Merged.AsStored.1';

/**
 * A KiWIS poll of the Bureau's Water Data Online: its level and rainfall series, the stations'
 * coordinates, then the values of every series in the window, forty series per request.
 */
export function* kiwisPoll({ source, baseUrl, fromMs, toMs }: PollWindow<KiwisSourceFields>): PollSequence {
  const get = (request: string, query: Record<string, string>) =>
    `${baseUrl}?${source.serviceQuery}&${new URLSearchParams({ request, ...query }).toString()}`;

  const listBody = yield get('getTimeseriesList', {
    parametertype_name: 'Water Course Level,Rainfall',
    ts_name: KIWIS_SERIES_NAME,
    returnfields: TIMESERIES_FIELDS,
  });
  const timeseries = parseKiwisTimeseriesList(listBody).filter((ts) => ts.measure);
  const stationsBody = yield get('getStationList', { returnfields: STATION_FIELDS });
  const stationByNo = new Map(parseKiwisStationList(stationsBody).map((s) => [s.stationNo, s]));
  const tsById = new Map(timeseries.map((ts) => [ts.tsId, ts]));

  const offset = source.standardOffsetMinutes;
  const series: GaugeSeries[] = [];
  for (const chunk of chunks(timeseries, SERIES_PER_REQUEST)) {
    const body = yield get('getTimeseriesValues', {
      ts_id: chunk.map((ts) => ts.tsId).join(','),
      from: formatAtOffset(fromMs, offset),
      to: formatAtOffset(toMs, offset),
      returnfields: 'Timestamp,Value,Quality Code',
      metadata: 'true',
      md_returnfields: VALUE_METADATA,
    });
    for (const values of parseKiwisValues(body)) {
      const ts = tsById.get(values.tsId);
      const one = kiwisSeries(values, ts, stationByNo.get(values.stationNo ?? ts?.stationNo ?? ''), source);
      if (one) series.push(one);
    }
  }
  const stations = timeseries.map((ts) => {
    const station = stationByNo.get(ts.stationNo);
    return gaugeStation(
      source,
      {
        stationNo: ts.stationNo,
        name: ts.stationName || station?.name || ts.stationNo,
        latitude: station?.latitude,
        longitude: station?.longitude,
      },
      ts.measure!,
    );
  });
  return { stations, series, seriesThresholds: new Map(), skipped: 0, nextToken: null };
}
