import { parseInstant } from '../../../model/time/fixed-offset.js';
import { readingTimes, valueAt, type SyntheticGauge } from '../fake/gauge.js';
import { fakeStations, type FakeCall, type SystemFake } from '../fake/system-fake.js';
import { isoText } from '../fake/time-text.js';
import { KIWIS_SERIES_NAME, type KiwisSourceFields } from './poll.js';

/**
 * BoM Water Data Online KiWIS answers for made-up gauges: station and series lists (arrays of arrays,
 * header row first, every value a string) and getTimeseriesValues with station metadata fields.
 * Times are +10:00 with milliseconds, as the service writes them; quality codes are BoM's.
 */

const OFFSET = 600;

export function isKiwisGauge(gauge: SyntheticGauge): boolean {
  return gauge.source === 'bom-kiwis';
}

export const kiwisTsId = (gauge: SyntheticGauge): string => String(100_000_010 + gauge.index * 1000);

const parameterOf = (gauge: SyntheticGauge) =>
  gauge.variable === 'rainfall'
    ? { name: 'Rainfall', short: 'Rainfall', unit: 'mm', unitName: 'millimeter' }
    : { name: 'Water Course Level', short: 'WaterCourseLevel', unit: 'm', unitName: 'meter' };

/** BoM quality: A (10) for the record, E (140) for the newest day, not yet checked. */
export function kiwisQuality(timeMs: number, toMs: number): number {
  return timeMs < toMs - 86_400_000 ? 10 : 140;
}

export function renderKiwisStationList(gauges: readonly SyntheticGauge[]): string {
  const header = ['station_name', 'station_no', 'station_id', 'station_latitude', 'station_longitude'];
  const rows = gauges.map((gauge) => [
    gauge.name,
    gauge.stationNo,
    String(20_000 + gauge.index),
    gauge.latitude.toFixed(8),
    gauge.longitude.toFixed(8),
  ]);
  return JSON.stringify([header, ...rows]);
}

export function renderKiwisTimeseriesList(gauges: readonly SyntheticGauge[]): string {
  const header = [
    'station_name',
    'station_no',
    'station_id',
    'ts_id',
    'ts_name',
    'ts_unitsymbol',
    'parametertype_name',
    'ts_path',
  ];
  const rows = gauges.map((gauge) => {
    const parameter = parameterOf(gauge);
    return [
      gauge.name,
      gauge.stationNo,
      String(20_000 + gauge.index),
      kiwisTsId(gauge),
      KIWIS_SERIES_NAME,
      parameter.unit,
      parameter.name,
      `w99999-${gauge.stationNo}/${gauge.stationNo}/${parameter.short}/Pat1_C_B_1`,
    ];
  });
  return JSON.stringify([header, ...rows]);
}

/** One series per gauge; a silent gauge's series is empty (`rows: "0"`), as the service answers. */
export function renderKiwisValues(gauges: readonly SyntheticGauge[], fromMs: number, toMs: number): string {
  const series = gauges.map((gauge) => {
    const parameter = parameterOf(gauge);
    const rows = readingTimes(gauge, fromMs, toMs).map(
      (time) => `["${isoText(time, OFFSET, '.000')}",${valueAt(gauge, time)},${kiwisQuality(time, toMs)}]`,
    );
    const meta = JSON.stringify({
      ts_id: kiwisTsId(gauge),
      station_name: gauge.name,
      station_no: gauge.stationNo,
      parametertype_name: parameter.name,
      ts_name: KIWIS_SERIES_NAME,
      ts_unitname: parameter.unitName,
      ts_unitsymbol: parameter.unit,
      rows: String(rows.length),
      columns: 'Timestamp,Value,Quality Code',
    });
    return `${meta.slice(0, -1)},"data":[${rows.join(',')}]}`;
  });
  return `[${series.join(',')}]`;
}

/** The answer to a QueryServices request (`request=` names it). */
function answer(
  _source: KiwisSourceFields,
  gauges: readonly SyntheticGauge[],
  { query }: FakeCall,
  nowMs: number,
): string {
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

/** Made-up stations of Water Data Online, which states no datum for its levels. */
export const kiwisFake: SystemFake<KiwisSourceFields> = {
  stations: [
    fakeStations('bom-kiwis', 12, [-34, -20, 115, 150], (index) => String(100_000 + index), {
      levelDatum: 'unstated',
    }),
  ],
  answer,
};
