import type { GaugeReading, GaugeSeries } from '../../../model/index.js';
import { malformed } from '../errors.js';
import { asRecord, numberOf, textOf } from '../json-body.js';
import { gaugeStation, type GaugeSourceContext } from '../station.js';
import { normaliseInstant } from '../../../model/time/fixed-offset.js';
import { KIWIS_FORMAT, kiwisDocument } from './envelope.js';
import type { KiwisStation, KiwisTimeseries } from './lists.js';
import { kiwisMeasure } from './parameters.js';

/**
 * getTimeseriesValues: one object per series, `{ts_id, rows, columns: "Timestamp,Value,Quality Code",
 * data: [["2020-01-01T00:00:00.000+10:00", 0.013, 10], ...]}`, plus whatever metadata fields were
 * asked for (station_no, station_name, parametertype_name, ts_unitsymbol…). Columns come in the
 * order asked; a null value (quality -1 or 255) is a gap.
 */

export interface KiwisValues {
  tsId: string;
  stationNo: string | undefined;
  stationName: string | undefined;
  parameterName: string | undefined;
  tsName: string | undefined;
  unitSymbol: string | undefined;
  readings: GaugeReading[];
  missing: number;
}

const REQUEST = 'getTimeseriesValues';
const FORMAT = `${KIWIS_FORMAT} ${REQUEST}`;
/** KiWIS's own shape, rewritten without a date parse: "…T00:00:00.000+10:00" → "…T00:00:00+10:00". */
const KIWIS_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:[0-5]\d:[0-5]\d\.000[+-]\d{2}:\d{2}$/;

export function parseKiwisValues(body: Uint8Array | string): KiwisValues[] {
  return kiwisDocument(body, REQUEST).map((item) => {
    const entry = asRecord(item);
    const tsId = textOf(entry?.ts_id);
    if (!entry || tsId === undefined) throw malformed(FORMAT, 'a series has no ts_id');
    const columns = (textOf(entry.columns) ?? '').split(',').map((name) => name.trim());
    const timeColumn = columns.indexOf('Timestamp');
    const valueColumn = columns.indexOf('Value');
    const qualityColumn = columns.indexOf('Quality Code');
    if (timeColumn < 0 || valueColumn < 0) throw malformed(FORMAT, `series ${tsId} lacks Timestamp or Value`);
    if (!Array.isArray(entry.data)) throw malformed(FORMAT, `series ${tsId} has no data array`);

    const readings: GaugeReading[] = [];
    let missing = 0;
    for (const row of entry.data) {
      if (!Array.isArray(row)) throw malformed(FORMAT, `series ${tsId} has a row that is not an array`);
      const time = kiwisTime(row[timeColumn]);
      const value = numberOf(row[valueColumn]);
      if (time === undefined || value === undefined) {
        missing++;
        continue;
      }
      readings.push({
        time,
        value,
        quality: qualityColumn < 0 ? null : (textOf(row[qualityColumn]) ?? null),
      });
    }
    return {
      tsId,
      stationNo: textOf(entry.station_no),
      stationName: textOf(entry.station_name),
      parameterName: textOf(entry.parametertype_name),
      tsName: textOf(entry.ts_name),
      unitSymbol: textOf(entry.ts_unitsymbol),
      readings,
      missing,
    };
  });
}

function kiwisTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // Days 1–28 of months 1–12 need no calendar: the common case goes by the pattern (test allocates no
  // match array) and two slices; anything else is read in full.
  if (KIWIS_TIME.test(value) && plainDay(value)) return value.slice(0, 19) + value.slice(23);
  return normaliseInstant(value);
}

function plainDay(value: string): boolean {
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  return month >= 1 && month <= 12 && day >= 1 && day <= 28 && Number(value.slice(11, 13)) < 24;
}

/**
 * A gauge series from values joined to their series and station lists (metadata fields in the values
 * answer win when present); none when it is not a level or rainfall series, or its station is unknown.
 */
export function kiwisSeries(
  values: KiwisValues,
  timeseries: KiwisTimeseries | undefined,
  station: KiwisStation | undefined,
  context: GaugeSourceContext,
): GaugeSeries | undefined {
  const parameterName = values.parameterName ?? timeseries?.parameterName ?? '';
  const unitSymbol = values.unitSymbol ?? timeseries?.unitSymbol ?? '';
  const measure = kiwisMeasure(parameterName, unitSymbol);
  const stationNo = values.stationNo ?? timeseries?.stationNo ?? station?.stationNo;
  if (!measure || stationNo === undefined) return undefined;
  const gauge = gaugeStation(
    context,
    {
      stationNo,
      name: values.stationName ?? timeseries?.stationName ?? station?.name ?? stationNo,
      latitude: station?.latitude,
      longitude: station?.longitude,
    },
    measure,
  );
  return { station: gauge, readings: values.readings, missing: values.missing };
}
