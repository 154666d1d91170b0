import { describe, expect, it } from 'vitest';
import { bccSeries, parseBccReadings, parseBccSensors } from '../../sources/gauges/bcc-telemetry/index.js';
import type { GaugeSourceError } from '../../sources/gauges/errors.js';
import { source } from './reference.js';

/** Brisbane City Council telemetry (Opendatasoft Explore v2.1) with made-up sensors and values. */

const BCC = source('bcc-telemetry');

const sensors = JSON.stringify({
  total_count: 3,
  results: [
    {
      sensor_id: 'E9001',
      location_id: '540001',
      location_name: 'Example Ck at Bridge',
      sensor_type: 'Rainfall',
      unit_of_measure: 'mm',
      latitude: -27.5,
      longitude: 153.0,
    },
    {
      sensor_id: 'E9002',
      location_id: '540001',
      location_name: 'Example Ck at Bridge',
      sensor_type: 'Stream Height AHD',
      unit_of_measure: 'm',
      geopoint: { lat: -27.5, lon: 153.0 },
    },
    {
      sensor_id: 'E9003',
      location_id: '540002',
      location_name: 'Example Battery',
      sensor_type: 'Battery Voltage',
      unit_of_measure: 'V',
      latitude: -27.6,
      longitude: 153.1,
    },
  ],
});

const readings = JSON.stringify({
  total_count: 3,
  results: [
    { measured: '2026-02-01T00:10:00+00:00', e9001: '-', e9002: '2.35', e9003: '12.8' },
    { measured: '2026-02-01T00:05:00+00:00', e9001: '0.5', e9002: '-', e9003: '12.8' },
    { measured: '2026-02-01T10:00:00', e9001: '1', e9002: '2.31', e9003: '12.9' },
  ],
});

describe('Brisbane City Council telemetry', () => {
  it('reads sensors: rain in mm, stream height on AHD, other sensors kept out of the gauges', () => {
    const parsed = parseBccSensors(sensors);
    expect(parsed.map((sensor) => [sensor.sensorId, sensor.measure])).toEqual([
      ['E9001', { variable: 'rainfall', datum: null }],
      ['E9002', { variable: 'water_level', datum: 'ahd' }],
      ['E9003', undefined],
    ]);
    expect(parsed[1]).toMatchObject({ latitude: -27.5, longitude: 153 });
  });

  it('turns the one-column-per-sensor records into per-sensor readings in Brisbane standard time, "-" as no report', () => {
    const parsed = parseBccReadings(readings, BCC);
    expect(parsed.bySensor.get('e9001')).toEqual([
      { time: '2026-02-01T10:00:00+10:00', value: 1, quality: null },
      { time: '2026-02-01T10:05:00+10:00', value: 0.5, quality: null },
    ]);
    expect(parsed.bySensor.get('e9002')?.map((reading) => reading.time)).toEqual([
      '2026-02-01T10:00:00+10:00',
      '2026-02-01T10:10:00+10:00',
    ]);
    expect(parsed.missing.get('e9001')).toBe(1);

    const series = bccSeries(parseBccSensors(sensors), parsed, BCC);
    expect(
      series.map((entry) => [entry.station.id, entry.station.datum, entry.readings.length, entry.missing]),
    ).toEqual([
      ['bcc-telemetry:E9001:rain', null, 2, 1],
      ['bcc-telemetry:E9002:level', 'ahd', 2, 1],
    ]);
    expect(series[0]?.station).toMatchObject({ state: 'qld', unit: 'mm', name: 'Example Ck at Bridge' });
  });

  it('raises the portal error object as an upstream error, and a body without results as malformed', () => {
    expect(() =>
      parseBccSensors(JSON.stringify({ error_code: 'ODSQLError', message: 'Unknown field' })),
    ).toThrow(expect.objectContaining({ kind: 'upstream', upstreamCode: 'ODSQLError' }) as GaugeSourceError);
    expect(() => parseBccReadings('{"total_count": 0}', BCC)).toThrow(
      expect.objectContaining({ kind: 'malformed' }) as GaugeSourceError,
    );
  });
});
