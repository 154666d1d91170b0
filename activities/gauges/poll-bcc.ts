import { odsRecords } from '../../sources/gauges/bcc-telemetry/envelope.js';
import { bccSeries, gaugeStation, parseBccReadings, parseBccSensors } from '../../sources/gauges/index.js';
import { parsed } from './source-fetch.js';
import type { SourcePoller } from './source-poll.js';

/** Opendatasoft's page size limit. */
const PAGE = 100;
/** Opendatasoft refuses offset + limit beyond this; a poll window never needs that many records. */
const MAX_RECORDS = 10_000;

/**
 * A poll of Brisbane City Council's telemetry on Opendatasoft: every sensor, then the readings records
 * of the window (one record per 15 minutes, a column per sensor), page by page. Pages are joined into
 * one document for the parsers.
 */
export const pollBcc: SourcePoller = async ({ source, baseUrl, fromMs, fetcher }) => {
  if (source.system !== 'opendatasoft') throw new Error(`${source.name} is not an Opendatasoft source`);
  const records = async (dataset: string, query: Record<string, string>): Promise<string> => {
    const all: Record<string, unknown>[] = [];
    for (let offset = 0; offset < MAX_RECORDS; offset += PAGE) {
      const search = new URLSearchParams({ ...query, limit: String(PAGE), offset: String(offset) });
      const body = await fetcher.get(`${baseUrl}/${dataset}/records?${search.toString()}`);
      const page = parsed(() => odsRecords(body, dataset));
      all.push(...page);
      if (page.length < PAGE) break;
    }
    return JSON.stringify({ total_count: all.length, results: all });
  };

  const sensorsDocument = await records(source.sensorsDataset, {});
  const sensors = parsed(() => parseBccSensors(sensorsDocument)).filter((sensor) => sensor.measure);
  const readingsDocument = await records(source.readingsDataset, {
    where: `measured >= date'${new Date(fromMs).toISOString()}'`,
    order_by: 'measured desc',
  });
  const readings = parsed(() => parseBccReadings(readingsDocument, source));
  const stations = sensors.map((sensor) =>
    gaugeStation(
      source,
      {
        stationNo: sensor.sensorId,
        name: sensor.locationName,
        latitude: sensor.latitude,
        longitude: sensor.longitude,
      },
      sensor.measure!,
    ),
  );
  return {
    stations,
    series: bccSeries(sensors, readings, source),
    seriesThresholds: new Map(),
    skipped: 0,
    nextToken: null,
  };
};
