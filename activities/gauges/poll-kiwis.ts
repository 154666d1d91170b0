import {
  gaugeStation,
  kiwisSeries,
  parseKiwisStationList,
  parseKiwisTimeseriesList,
  parseKiwisValues,
} from '../../sources/gauges/index.js';
import { formatAtOffset } from '../../model/time/fixed-offset.js';
import type { GaugeSeries } from '../../model/index.js';
import { parsed } from './source-fetch.js';
import { chunks, type SourcePoller } from './source-poll.js';

/** Series per getTimeseriesValues request: a URL of forty ids stays well under 2 KB. */
const SERIES_PER_REQUEST = 40;

const TIMESERIES_FIELDS =
  'station_name,station_no,station_id,ts_id,ts_name,ts_unitsymbol,parametertype_name,ts_path';
const STATION_FIELDS = 'station_name,station_no,station_id,station_latitude,station_longitude';
const VALUE_METADATA = 'ts_id,station_no,station_name,parametertype_name,ts_name,ts_unitsymbol';
/** Water Data Online's merged, quality-checked series as stored (level and rain alike). */
const SERIES_NAME = 'DMQaQc.Merged.AsStored.1';

/**
 * A KiWIS poll of the Bureau's Water Data Online: its level and rainfall series, the stations'
 * coordinates, then the values of every series in the window, forty series per request.
 */
export const pollKiwis: SourcePoller = async ({ source, baseUrl, fromMs, toMs, fetcher }) => {
  if (source.system !== 'kiwis') throw new Error(`${source.name} is not a KiWIS source`);
  const get = (request: string, query: Record<string, string>) =>
    fetcher.get(`${baseUrl}?${source.serviceQuery}&${new URLSearchParams({ request, ...query }).toString()}`);

  const listBody = await get('getTimeseriesList', {
    parametertype_name: 'Water Course Level,Rainfall',
    ts_name: SERIES_NAME,
    returnfields: TIMESERIES_FIELDS,
  });
  const timeseries = parsed(() => parseKiwisTimeseriesList(listBody)).filter((ts) => ts.measure);
  const stationsBody = await get('getStationList', { returnfields: STATION_FIELDS });
  const stationByNo = new Map(parsed(() => parseKiwisStationList(stationsBody)).map((s) => [s.stationNo, s]));
  const tsById = new Map(timeseries.map((ts) => [ts.tsId, ts]));

  const offset = source.standardOffsetMinutes;
  const series: GaugeSeries[] = [];
  for (const chunk of chunks(timeseries, SERIES_PER_REQUEST)) {
    const body = await get('getTimeseriesValues', {
      ts_id: chunk.map((ts) => ts.tsId).join(','),
      from: formatAtOffset(fromMs, offset),
      to: formatAtOffset(toMs, offset),
      returnfields: 'Timestamp,Value,Quality Code',
      metadata: 'true',
      md_returnfields: VALUE_METADATA,
    });
    for (const values of parsed(() => parseKiwisValues(body))) {
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
};
