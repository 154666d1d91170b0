import type { PollSequence, PollWindow } from '../poll-sequence.js';
import { gaugeStation, type GaugeSourceContext } from '../station.js';
import { odsRecords } from './envelope.js';
import { bccSeries, parseBccReadings } from './readings.js';
import { parseBccSensors } from './sensors.js';

/** What an Opendatasoft poll reads from its catalogue entry (config/gauge-sources.ts). */
export interface OpendatasoftSourceFields extends GaugeSourceContext {
  system: 'opendatasoft';
  /** Dataset ids of the readings (one column per sensor) and of the sensor descriptions. */
  readingsDataset: string;
  sensorsDataset: string;
}

/** Opendatasoft's page size limit. */
const PAGE = 100;
/** Opendatasoft refuses offset + limit beyond this; a poll window never needs that many records. */
const MAX_RECORDS = 10_000;

/**
 * A poll of Brisbane City Council's telemetry on Opendatasoft: every sensor, then the readings records
 * of the window (one record per 15 minutes, a column per sensor), page by page. Pages are joined into
 * one document for the parsers.
 */
export function* bccPoll({ source, baseUrl, fromMs }: PollWindow<OpendatasoftSourceFields>): PollSequence {
  function* records(dataset: string, query: Record<string, string>): Generator<string, string, Uint8Array> {
    const all: Record<string, unknown>[] = [];
    for (let offset = 0; offset < MAX_RECORDS; offset += PAGE) {
      const search = new URLSearchParams({ ...query, limit: String(PAGE), offset: String(offset) });
      const body = yield `${baseUrl}/${dataset}/records?${search.toString()}`;
      const page = odsRecords(body, dataset);
      all.push(...page);
      if (page.length < PAGE) break;
    }
    return JSON.stringify({ total_count: all.length, results: all });
  }

  const sensorsDocument = yield* records(source.sensorsDataset, {});
  const sensors = parseBccSensors(sensorsDocument).filter((sensor) => sensor.measure);
  const readingsDocument = yield* records(source.readingsDataset, {
    where: `measured >= date'${new Date(fromMs).toISOString()}'`,
    order_by: 'measured desc',
  });
  const readings = parseBccReadings(readingsDocument, source);
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
}
