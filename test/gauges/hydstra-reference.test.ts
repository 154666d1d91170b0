import { describe, expect, it } from 'vitest';
import { GaugeSourceError } from '../../sources/gauges/errors.js';
import {
  hydstraLatestSeries,
  parseHydstraDatasourcesBySite,
  parseHydstraGroups,
  parseHydstraTraces,
  parseHydstraVariableList,
  unitsBySiteVariable,
} from '../../sources/gauges/hydstra/index.js';
import { referenceBytes, source } from './reference.js';

const NSW = source('nsw-hydstra');
const VIC = source('vic-hydstra');
const QLD = source('qld-hydstra');
const read = (file: string) => referenceBytes('hydstra', file);

describe('Hydstra get_ts_traces on real answers', () => {
  it('reads a NSW daily level trace: string values, 14-digit AEST times, quality codes and their meaning', () => {
    const result = parseHydstraTraces(read('nsw_get_ts_traces_422004_daily_level_100.json'), NSW);
    expect(result.noData).toBe(false);
    const [trace] = result.traces;
    expect(trace).toMatchObject({
      site: '422004',
      variable: '100.00',
      units: 'Metres',
      offsetMinutes: 600,
      missing: 0,
    });
    expect(trace?.qualityCodes['11']).toMatch(/^TS-Synthetic or Artificial Data/);
    expect(trace?.readings).toHaveLength(5);
    expect(trace?.readings[0]).toEqual({ time: '2020-01-01T00:00:00+10:00', value: 1.216, quality: '11' });
    expect(trace?.readings[4]?.time).toBe('2020-01-05T00:00:00+10:00');
    expect(result.series).toHaveLength(1);
    expect(result.series[0]?.station).toEqual({
      id: 'nsw-hydstra:422004:level',
      source: 'nsw-hydstra',
      stationNo: '422004',
      name: 'BARWON RIVER AT MOGIL MOGIL',
      state: 'nsw',
      latitude: -29.353,
      longitude: 148.6885,
      variable: 'water_level',
      unit: 'm',
      datum: 'local',
    });
  });

  it('reads discharge traces (141.00, ML/d) but makes no gauge series of them', () => {
    const cases: [string, typeof NSW, string, number, string, string][] = [
      ['nsw_get_ts_traces_422004_daily_141.json', NSW, '422004', 0, '140', 'Megalitres/Day'],
      ['qld_get_ts_traces_422211A_daily_141.json', QLD, '422211A', 0, '15', 'Megalitres/Day'],
      ['vic_get_ts_traces_233217_daily_141.json', VIC, '233217', 15.93, '150', 'megalitres/day'],
    ];
    for (const [file, context, site, first, quality, units] of cases) {
      const result = parseHydstraTraces(read(file), context);
      expect(result.series, file).toEqual([]);
      expect(result.traces[0], file).toMatchObject({ site, variable: '141.00', units });
      expect(result.traces[0]?.readings[0], file).toEqual({
        time: '2020-01-01T00:00:00+10:00',
        value: first,
        quality,
      });
    }
    const vic = parseHydstraTraces(read('vic_get_ts_traces_233217_daily_141.json'), VIC);
    expect(vic.traces[0]?.readings.map((reading) => reading.value).at(-1)).toBe(7.52);
    expect(vic.traces[0]?.qualityCodes['150']).toMatch(/extrapolated/);
  });

  it('reads the Queensland and Victorian daily levels with their own quality codes', () => {
    const qld = parseHydstraTraces(read('qld_get_ts_traces_422211A_daily_level_100.json'), QLD);
    expect(qld.series[0]?.station).toMatchObject({
      id: 'qld-hydstra:422211A:level',
      state: 'qld',
      name: 'Briarie Creek at Woolerbilla-Hebel Road',
      latitude: -28.90811667,
    });
    expect(qld.series[0]?.readings.map((reading) => reading.value)).toEqual([0.22, 0.22, 0.22, 0.22, 0.22]);
    expect(qld.traces[0]?.qualityCodes).toEqual({ '15': 'Water level below threshold (no flow)' });

    const vic = parseHydstraTraces(read('vic_get_ts_traces_233217_daily_level_100.json'), VIC);
    expect(vic.series[0]?.station).toMatchObject({ id: 'vic-hydstra:233217:level', state: 'vic', unit: 'm' });
    expect(vic.series[0]?.readings.map((reading) => reading.value)).toEqual([
      0.838, 0.834, 0.827, 0.821, 0.816,
    ]);
  });

  it('reads a 15-minute Victorian level trace, keeping the gaps as gaps', () => {
    const result = parseHydstraTraces(read('vic_get_ts_traces_233217_15min_level.json'), VIC);
    const readings = result.series[0]!.readings;
    expect(readings).toHaveLength(93);
    expect(readings.slice(0, 2)).toEqual([
      { time: '2020-01-01T00:00:00+10:00', value: 0.84, quality: '15' },
      { time: '2020-01-01T00:15:00+10:00', value: 0.841, quality: '15' },
    ]);
    expect(readings.at(-1)).toEqual({ time: '2020-01-01T23:45:00+10:00', value: 0.836, quality: '15' });
    // Each time is a quarter hour of 1 January, in order; three quarter hours are not in the answer.
    const minutes = readings.map(
      (reading) => (Date.parse(reading.time) - Date.parse('2020-01-01T00:00:00+10:00')) / 60_000,
    );
    expect(
      minutes.every((minute, index) => minute % 15 === 0 && (index === 0 || minute > minutes[index - 1]!)),
    ).toBe(true);
  });

  it('answers error 126 (no data) as an empty result, not an error', () => {
    const result = parseHydstraTraces(read('nsw_error_126_no_data.json'), NSW);
    expect(result).toEqual({ traces: [], series: [], problems: [], noDataSites: [], noData: true });
  });

  it('raises the HTTP-200 error 120 as an upstream error carrying the service number and message', () => {
    const call = () => parseHydstraTraces(read('nsw_error_120_missing_params.json'), NSW);
    expect(call).toThrow(GaugeSourceError);
    try {
      call();
    } catch (error) {
      expect(error).toMatchObject({ kind: 'upstream', upstreamCode: '120' });
      expect((error as Error).message).toMatch(/Missing top-level "version" item/);
    }
  });
});

describe('Hydstra site catalogue calls on real answers', () => {
  it('reads variable lists: units, periods in site time, which variables are gauge variables', () => {
    const [vic] = parseHydstraVariableList(read('vic_get_variable_list.json'), 600);
    expect(vic).toMatchObject({ site: '233217', name: 'BARWON RIVER @ GEELONG', offsetMinutes: 600 });
    expect(vic?.variables[0]).toEqual({
      variable: '100.00',
      name: 'Stream Water Level (m)',
      units: 'metres',
      subdesc: 'Available for release',
      periodStart: '2018-09-03T09:59:00+10:00',
      periodEnd: '2025-02-11T08:00:00+10:00',
      measure: { variable: 'water_level', datum: 'local' },
    });
    expect(vic?.variables.find((variable) => variable.variable === '210.00')?.measure).toBeUndefined();

    const [lake] = parseHydstraVariableList(read('nsw_get_variable_list_lake_cargelligo.json'), 600);
    expect(lake?.variables.find((variable) => variable.variable === '130.00')).toMatchObject({
      name: 'Reservoir Water Level AHD',
      measure: { variable: 'water_level', datum: 'ahd' },
      periodEnd: '2025-01-16T07:15:01+10:00',
    });

    const [beemery] = parseHydstraVariableList(read('nsw_get_variable_list_lake.json'), 600);
    expect(beemery?.site).toBe('422028');
    // 100.09 (externally supplied peaks) is a derived variable, not the level.
    expect(beemery?.variables.find((variable) => variable.variable === '100.09')?.measure).toBeUndefined();
    expect(beemery?.variables.find((variable) => variable.variable === '100.00')?.measure?.variable).toBe(
      'water_level',
    );

    const [missing] = parseHydstraVariableList(read('nsw_get_variable_list_missing.json'), 600);
    expect(missing).toMatchObject({ site: '414209', variables: [] });
  });

  it('joins latest values to the variable list for units (a level is kept, unknown sites are left out)', () => {
    const variables = parseHydstraVariableList(read('vic_get_variable_list.json'), 600);
    const latest = {
      values: [
        {
          site: '233217',
          variable: '100.00',
          reading: { time: '2025-02-11T08:00:00+10:00', value: 0.9, quality: '15' },
        },
        {
          site: '999999',
          variable: '100.00',
          reading: { time: '2025-02-11T08:00:00+10:00', value: 1, quality: null },
        },
      ],
      problems: [],
      noDataSites: [],
      noData: false,
    };
    const sites = new Map([
      [
        '233217',
        {
          site: '233217',
          name: 'BARWON RIVER @ GEELONG',
          latitude: -38.16,
          longitude: 144.35,
          offsetMinutes: 600,
        },
      ],
    ]);
    const series = hydstraLatestSeries(latest, sites, unitsBySiteVariable(variables), VIC);
    expect(series.map((entry) => entry.station.id)).toEqual(['vic-hydstra:233217:level']);
  });

  it('reads datasources by site for each state', () => {
    expect(parseHydstraDatasourcesBySite(read('nsw_get_datasources_by_site.json')).get('422004')).toEqual([
      'AUTOQCNOWTELEM',
      'A',
      'PROV',
      'QA',
      'MIR_DRR_PROV',
      'WEBPROV',
    ]);
    expect(parseHydstraDatasourcesBySite(read('qld_get_datasources_by_site.json')).get('422211A')).toEqual([
      'FDR',
      'A',
      'TE',
      'RAW',
    ]);
    expect(parseHydstraDatasourcesBySite(read('vic_get_datasources_by_site.json')).get('233217')).toEqual([
      'A',
      'TELEM',
      'TELEMCOPY',
    ]);
  });

  it('reads station groups, e.g. the Victorian flood-warning group', () => {
    const vic = parseHydstraGroups(read('vic_get_groups_233217.json'));
    expect(vic).toHaveLength(26);
    expect(vic[0]).toEqual({
      group: 'AB',
      groupName: 'to be at the top of the list',
      value: 'FLOOD',
      valueName: 'All VIR Sites for Flood Zoom',
      stations: ['233217'],
    });
    expect(parseHydstraGroups(read('nsw_get_groups.json'))).toHaveLength(56);
    const qld = parseHydstraGroups(read('qld_get_groups.json'));
    expect(qld).toHaveLength(17);
    expect(qld.every((group) => group.stations.includes('422211A'))).toBe(true);
  });
});
