import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  parseSosObservation,
  sosAvailabilityOf,
  sosFeaturesOf,
  type XmlTree,
} from '../../sources/gauges/bom-sos2/index.js';
import { BOM_QUALITY_GRADES } from '../../sources/gauges/kiwis/index.js';
import { referenceBytes, referenceText } from './reference.js';

describe('BoM SOS2 (WaterML 2.0) on real answers', () => {
  it('reads a GetObservation answer: station, parameter, unit, times with offset, per-point and default qualifiers', () => {
    const [observation] = parseSosObservation(
      referenceBytes('bom-sos2', 'GetObservation_915011A_response.xml'),
    );
    expect(observation).toMatchObject({
      stationNo: '915011A',
      stationName: 'Porcupine_Ck',
      parameterName: 'Water Course Discharge',
      procedure: 'DMQaQc.Merged.AsStored.1',
      unit: 'cumec',
      missing: 0,
    });
    const readings = observation!.readings;
    expect(readings).toHaveLength(1542);
    expect(readings[0]).toEqual({ time: '2019-01-20T00:00:00+10:00', value: 0, quality: '10' });
    expect(readings[499]).toMatchObject({ time: '2019-02-01T20:45:00+10:00', value: 107.067 });
    expect(readings.at(-1)).toEqual({ time: '2019-02-10T23:00:00+10:00', value: 5.78, quality: '10' });
    // Points without their own qualifier take the series default (90, quality B).
    const untagged = readings.find((reading) => reading.time === '2019-01-30T12:55:00+10:00');
    expect(untagged).toEqual({ time: '2019-01-30T12:55:00+10:00', value: 8.206, quality: '90' });
    const counts = new Map<string | null, number>();
    for (const reading of readings) counts.set(reading.quality, (counts.get(reading.quality) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ '10': 295, '110': 172, '90': 1075 });
  });

  it('reads a GetFeatureOfInterest tree (converted to JSON by another XML reader) into a located station', () => {
    const tree = JSON.parse(referenceText('bom-sos2', 'GetFeatureOfInterest_as_json.json')) as XmlTree;
    expect(sosFeaturesOf(tree)).toEqual([
      { stationNo: 'GW036501.2.2', name: 'Cowra-Back Ck Nth P2', latitude: -33.7927, longitude: 148.5919 },
    ]);
  });

  it('reads a GetDataAvailability tree: parameter, series type and period of each entry', () => {
    const tree = JSON.parse(referenceText('bom-sos2', 'GetDataAvailability_as_json.json')) as XmlTree;
    const availability = sosAvailabilityOf(tree);
    expect(availability).toHaveLength(20);
    expect(
      availability.every(
        (entry) => entry.stationNo === 'GW036501.2.2' && entry.parameterName === 'Ground Water Level',
      ),
    ).toBe(true);
    expect(availability[0]).toEqual({
      stationNo: 'GW036501.2.2',
      stationName: 'Cowra-Back Ck Nth P2',
      parameterName: 'Ground Water Level',
      procedure: 'Harmonised.Provisional.AsStored.1',
      begin: '2015-05-14T10:59:59+10:00',
      end: '2020-11-08T21:00:01+10:00',
    });
  });

  it('uses the qualifier for each BoM grade that the agency mapping table gives', () => {
    const rows = parse<Record<string, string>>(
      referenceText('bom-sos2', 'bom_quality_codes_agency_mapping.csv'),
      {
        bom: true,
        comment: '#',
        columns: true,
        relax_column_count: true,
        skip_empty_lines: true,
      },
    );
    const pairs = new Set(
      rows
        .filter((row) => /^[A-F]$/.test(row['Bureau Quality code'] ?? ''))
        .map((row) => `${row['SOS2 qualifier']}=${row['Bureau Quality code']}`),
    );
    expect(pairs).toEqual(
      new Set(Object.entries(BOM_QUALITY_GRADES).map(([code, grade]) => `${code}=${grade}`)),
    );
  });
});
