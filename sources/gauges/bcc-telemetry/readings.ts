import type { GaugeReading, GaugeSeries } from '../../../model/index.js';
import { numberOf, textOf } from '../json-body.js';
import { gaugeStation, type GaugeSourceContext } from '../station.js';
import { normaliseInstant } from '../../../model/time/fixed-offset.js';
import { odsRecords } from './envelope.js';
import type { BccSensor } from './sensors.js';

/**
 * The readings dataset: one record per `measured` time, one column per sensor (`e1809: "0.5"`), "-"
 * where the sensor sent nothing in that interval (the loggers report on change). `measured` carries
 * an offset (UTC by default on this API); one without is Brisbane standard time. Times are written
 * at the source's standard offset.
 */

/** Columns that are not sensors. */
const NOT_SENSORS = new Set(['measured', '_id', 'recordid', 'record_timestamp']);

export interface BccReadings {
  /** Lower-cased sensor id → readings, oldest first. */
  bySensor: Map<string, GaugeReading[]>;
  /** Lower-cased sensor id → intervals with no report ("-", empty). */
  missing: Map<string, number>;
}

export function parseBccReadings(body: Uint8Array | string, context: GaugeSourceContext): BccReadings {
  const offset = context.standardOffsetMinutes;
  const rows = odsRecords(body, 'readings').flatMap((record) => {
    const measured = textOf(record.measured);
    const time =
      measured === undefined
        ? undefined
        : normaliseInstant(measured, { assumedOffsetMinutes: offset, targetOffsetMinutes: offset });
    return time === undefined ? [] : [{ time, record }];
  });
  rows.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));

  const result: BccReadings = { bySensor: new Map(), missing: new Map() };
  for (const { time, record } of rows) {
    for (const [column, raw] of Object.entries(record)) {
      const sensor = column.toLowerCase();
      if (NOT_SENSORS.has(sensor)) continue;
      const value = numberOf(raw);
      if (value === undefined) {
        result.missing.set(sensor, (result.missing.get(sensor) ?? 0) + 1);
        continue;
      }
      const readings = result.bySensor.get(sensor) ?? [];
      readings.push({ time, value, quality: null });
      result.bySensor.set(sensor, readings);
    }
  }
  return result;
}

/** Gauge series of the sensors that measure level or rain; a sensor with no reading gets an empty series. */
export function bccSeries(
  sensors: readonly BccSensor[],
  readings: BccReadings,
  context: GaugeSourceContext,
): GaugeSeries[] {
  return sensors.flatMap((sensor): GaugeSeries[] => {
    if (!sensor.measure) return [];
    const key = sensor.sensorId.toLowerCase();
    const station = gaugeStation(
      context,
      {
        stationNo: sensor.sensorId,
        name: sensor.locationName,
        latitude: sensor.latitude,
        longitude: sensor.longitude,
      },
      sensor.measure,
    );
    return [{ station, readings: readings.bySensor.get(key) ?? [], missing: readings.missing.get(key) ?? 0 }];
  });
}
