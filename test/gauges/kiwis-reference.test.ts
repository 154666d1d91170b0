import { describe, expect, it } from 'vitest';
import type { GaugeSourceError } from '../../sources/gauges/errors.js';
import {
  BOM_MISSING_CODES,
  BOM_QUALITY_GRADES,
  BOM_ZERO_RAIN_CODE,
  bomQualityGrade,
  kiwisSeries,
  parseKiwisGroupList,
  parseKiwisParameterList,
  parseKiwisStationList,
  parseKiwisTimeseriesList,
  parseKiwisValues,
} from '../../sources/gauges/kiwis/index.js';
import { referenceBytes, referenceText, source } from './reference.js';

const BOM = source('bom-kiwis');
const read = (file: string) => referenceBytes('bom-kiwis', file);

describe('KiWIS list requests on real answers (arrays of arrays, header row first)', () => {
  it('reads station lists, once per station, with coordinates', () => {
    expect(parseKiwisStationList(read('getStationList_410730.json'))).toEqual([
      {
        stationNo: '410730',
        stationId: '13360',
        name: 'Cotter R. at Gingera',
        latitude: -35.58805556,
        longitude: 148.82191667,
      },
    ]);
    const all = parseKiwisStationList(read('getStationList_410730_allfields.json'));
    expect(all.map((station) => station.stationNo)).toEqual(['410730', 'A4260505']);
    expect(all[1]).toMatchObject({
      name: 'River Murray at Lock 9 Downstream (AMTD 764.8km)',
      latitude: -34.191506,
      longitude: 141.596673,
    });
  });

  it('reads series lists: which are level and rain series, units, and periods with their offset', () => {
    const list = parseKiwisTimeseriesList(read('getTimeseriesList_A4260505.json'));
    expect(list).toHaveLength(200);
    const gaugeSeries = list.filter((entry) => entry.measure);
    expect(gaugeSeries).toHaveLength(68);
    expect(new Set(gaugeSeries.map((entry) => `${entry.parameterName}|${entry.unitSymbol}`))).toEqual(
      new Set(['Water Course Level|m', 'Rainfall|mm']),
    );
    expect(list.find((entry) => entry.tsId === '208665010')).toMatchObject({
      tsName: 'DMQaQc.Auto.AsStored.1',
      stationNo: 'A4260505',
      from: '2008-11-26T14:34:59+10:00',
      to: '2025-02-10T08:15:01+10:00',
      measure: { variable: 'water_level', datum: 'unstated' },
    });
    expect(
      list
        .filter((entry) => entry.parameterName === 'Water Course Discharge')
        .every((entry) => !entry.measure),
    ).toBe(true);

    const [wa] = parseKiwisTimeseriesList(read('getTimeseriesList_wa_from_to.json'));
    expect(wa).toMatchObject({
      tsId: '104497010',
      stationNo: '615026',
      tsPath: 'w00076-615026/615026/WaterCourseLevel/Pat3_C_B_1',
      from: '1995-06-23T16:32:48+10:00',
      to: '2025-02-10T02:00:01+10:00',
      // No parameter or unit column was asked for: the series cannot be placed, and is not guessed.
      measure: undefined,
    });

    const [daily] = parseKiwisTimeseriesList(read('getTimeseriesList_410730_daily09.json'));
    expect(daily).toMatchObject({
      tsId: '1572010',
      parameterName: 'Water Course Discharge',
      measure: undefined,
    });
  });

  it('reads parameter and group lists', () => {
    const parameters = parseKiwisParameterList(read('getParameterList_410730.json'));
    expect(parameters).toHaveLength(9);
    expect(
      parameters.filter((entry) => entry.stationNo === 'A4260505').map((entry) => entry.parameterTypeName),
    ).toEqual(['Water Course Discharge', 'Water Course Level']);
    const groups = parseKiwisGroupList(read('getGroupList.json'));
    expect(groups).toHaveLength(8);
    expect(groups[0]).toEqual({ groupId: '20017539', groupName: 'MDB_WIP_Storages', groupType: 'station' });
  });

  it('answers the help text of a request without `request=` as malformed', () => {
    expect(() => parseKiwisStationList(read('services_root_response.txt'))).toThrow(
      expect.objectContaining({ name: 'GaugeSourceError', kind: 'malformed' }) as GaugeSourceError,
    );
  });
});

describe('KiWIS getTimeseriesValues on real answers', () => {
  it('reads 5-minute Lock 9 levels (m, +10:00, quality B) into a level series placed by the station list', () => {
    const [values] = parseKiwisValues(read('getTimeseriesValues_asstored.json'));
    expect(values).toMatchObject({ tsId: '208665010', stationNo: 'A4260505', unitSymbol: 'm', missing: 0 });
    expect(values?.readings).toHaveLength(288);
    expect(values?.readings[0]).toEqual({ time: '2020-01-01T00:00:00+10:00', value: 23.617, quality: '90' });
    expect(values?.readings.at(-1)).toEqual({
      time: '2020-01-01T23:55:00+10:00',
      value: 23.623,
      quality: '90',
    });

    const stations = parseKiwisStationList(read('getStationList_410730_allfields.json'));
    const series = kiwisSeries(
      values!,
      undefined,
      stations.find((station) => station.stationNo === 'A4260505'),
      BOM,
    );
    expect(series?.station).toEqual({
      id: 'bom-kiwis:A4260505:level',
      source: 'bom-kiwis',
      stationNo: 'A4260505',
      name: 'River Murray at Lock 9 Downstream (AMTD 764.8km)',
      state: null,
      latitude: -34.191506,
      longitude: 141.596673,
      variable: 'water_level',
      unit: 'm',
      // About 23.6 m is AHD at Lock 9, but the service does not say so: the datum stays unstated.
      datum: 'unstated',
    });
  });

  it('reads hourly and 9 am daily discharge values (not gauge series) with quality A', () => {
    const [hourly] = parseKiwisValues(read('getTimeseriesValues_410730_hourly_discharge.json'));
    expect(hourly?.readings).toHaveLength(744);
    expect(hourly?.readings[0]).toEqual({ time: '2020-01-01T00:00:00+10:00', value: 0.013, quality: '10' });
    expect(hourly?.readings.at(-1)).toEqual({
      time: '2020-01-31T23:00:00+10:00',
      value: 0.008,
      quality: '10',
    });
    expect(bomQualityGrade(hourly!.readings[0]!.quality)).toBe('A');
    expect(kiwisSeries(hourly!, undefined, undefined, BOM)).toBeUndefined();

    const [daily] = parseKiwisValues(read('getTimeseriesValues_410730_daily09.json'));
    expect(daily?.readings).toHaveLength(31);
    expect(daily?.readings[0]).toEqual({ time: '2020-01-01T09:00:00+10:00', value: 0.014, quality: '10' });
  });

  it('reads answers with metadata fields, minimal columns, an interpolation column and gaps', () => {
    const metadata = parseKiwisValues(read('getTimeseriesValues_metadata_A4260505.json'));
    expect(
      metadata.map((entry) => [entry.tsId, entry.parameterName, entry.unitSymbol, entry.readings.length]),
    ).toEqual([
      ['329344010', 'Water Course Discharge', 'Ml/d', 4],
      ['208669010', 'Water Course Level', 'm', 3],
      ['380185010', 'pH', '---', 4],
    ]);
    expect(metadata[0]?.readings[0]).toEqual({
      time: '2020-01-01T09:30:00+10:00',
      value: 2025.475,
      quality: '140',
    });
    expect(metadata.map((entry) => kiwisSeries(entry, undefined, undefined, BOM)?.station.id)).toEqual([
      undefined,
      'bom-kiwis:A4260505:level',
      undefined,
    ]);

    const minimal = parseKiwisValues(read('getTimeseriesValues_minimal_fields.json'));
    expect(minimal[1]?.readings[0]).toEqual({
      time: '2020-01-01T00:30:00+10:00',
      value: 23.616,
      quality: null,
    });
    expect(minimal.map((entry) => entry.readings.length)).toEqual([4, 4, 5]);

    const gaps = parseKiwisValues(read('getTimeseriesValues_gaps.json'));
    expect(gaps.map((entry) => entry.readings.length)).toEqual([4, 4, 5]);

    const [interpolated] = parseKiwisValues(read('getTimeseriesValues_with_interpolation_type.json'));
    expect(interpolated?.readings).toEqual([
      { time: '2016-01-01T00:00:00+10:00', value: 879, quality: '10' },
    ]);

    const [level] = parseKiwisValues(read('getTimeseriesValues_ts_path_level.json'));
    expect(level?.readings.map((reading) => reading.value)).toEqual([23.633, 23.649, 23.643]);
  });

  it('counts null values with a missing-value quality as gaps, and reads an empty series', () => {
    const [pastEnds] = parseKiwisValues(read('getTimeseriesValues_past_ends.json'));
    expect(pastEnds).toMatchObject({ stationNo: 'A4260624', readings: [], missing: 8 });
    expect(BOM_MISSING_CODES.has('-1')).toBe(true);
    expect(parseKiwisValues(read('getTimeseriesValues_empty.json'))).toEqual([
      {
        tsId: '196412010',
        stationNo: undefined,
        stationName: undefined,
        parameterName: undefined,
        tsName: undefined,
        unitSymbol: undefined,
        readings: [],
        missing: 0,
      },
    ]);
  });

  it('uses the BoM quality codes the Bureau documents', () => {
    const table = referenceText('bom-kiwis', 'bom_quality_codes.md');
    const documented = Object.fromEntries(
      [...table.matchAll(/^(\d+)\s+-\s+quality-([A-F])\b/gm)].map((match): [string, string] => [
        match[1]!,
        match[2]!,
      ]),
    );
    expect(documented).toEqual(BOM_QUALITY_GRADES);
    expect(table).toMatch(new RegExp(`^${BOM_ZERO_RAIN_CODE}\\s+-\\s+zero-rainfall`, 'm'));
  });
});
