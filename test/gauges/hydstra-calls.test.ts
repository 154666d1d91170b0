import { describe, expect, it } from 'vitest';
import {
  hydstraUrl,
  latestValuesRequest,
  parseHydstraLatest,
  parseHydstraSiteGeojson,
  parseHydstraSiteList,
  parseHydstraSitesByDatasource,
  pointTracesRequest,
  siteChunks,
} from '../../sources/gauges/hydstra/index.js';
import { source } from './reference.js';

/** Hydstra calls with no real answer on hand: made-up answers in the service's documented shapes. */

const QLD = source('qld-hydstra');

describe('Hydstra site list calls', () => {
  it('reads get_site_list and get_sites_by_datasource', () => {
    expect(
      parseHydstraSiteList('{"error_num":0,"buff_required":40,"return":{"sites":["203010","203014"]}}'),
    ).toEqual(['203010', '203014']);
    const bySource = parseHydstraSitesByDatasource(
      JSON.stringify({
        error_num: 0,
        return: { datasources: [{ datasource: 'AT', sites: ['422211A', '416305B'] }] },
      }),
    );
    expect(bySource.get('AT')).toEqual(['422211A', '416305B']);
    expect(parseHydstraSiteList('{"error_num":126,"error_msg":"No data within specified period"}')).toEqual(
      [],
    );
  });

  it('reads get_site_geojson coordinates as [longitude, latitude] and the site time zone', () => {
    const sites = parseHydstraSiteGeojson(
      JSON.stringify({
        error_num: 0,
        return: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              id: '204006',
              geometry: { type: 'Point', coordinates: [152.1713, -28.6448] },
              properties: { stname: 'EXAMPLE R AT WEIR', timezone: '10.0' },
            },
            {
              type: 'Feature',
              id: '425001',
              geometry: { type: 'Point', coordinates: [141.5, -31.9] },
              properties: { timezone: '9.5' },
            },
          ],
        },
      }),
    );
    expect(sites).toEqual([
      {
        site: '204006',
        name: 'EXAMPLE R AT WEIR',
        latitude: -28.6448,
        longitude: 152.1713,
        offsetMinutes: 600,
      },
      { site: '425001', name: '425001', latitude: -31.9, longitude: 141.5, offsetMinutes: 570 },
    ]);
  });
});

describe('Hydstra get_latest_ts_values', () => {
  const body = JSON.stringify({
    error_num: 0,
    return: {
      '422211A': [
        {
          values: [
            { time_end: '', v: '0.888', q: 130, p: '', trend: '0', time: '20260201130000', time_start: '' },
          ],
          varto: '100.00',
          varfrom: '100.00',
        },
        { error_num: 126, error_msg: 'No data within specified period', varfrom: '10.00', varto: '10.00' },
      ],
      '425001': [{ values: [{ v: '1.5', q: 1, time: '20260201123000' }], varto: '100', varfrom: '100' }],
      '999999': [{ error_num: 121, error_msg: 'Unknown site' }],
    },
  });

  it('reads each site latest value at the site offset when known, else the source standard time', () => {
    const result = parseHydstraLatest(body, QLD, new Map([['425001', 570]]));
    // Object keys that are integers ("425001") come before other keys ("422211A") in JSON objects.
    expect(result.values).toEqual([
      {
        site: '425001',
        variable: '100.00',
        reading: { time: '2026-02-01T12:30:00+09:30', value: 1.5, quality: '1' },
      },
      {
        site: '422211A',
        variable: '100.00',
        reading: { time: '2026-02-01T13:00:00+10:00', value: 0.888, quality: '130' },
      },
    ]);
    expect(result.noDataSites).toEqual(['422211A']);
    expect(result.problems).toEqual([{ site: '999999', errorNum: 121, message: 'Unknown site' }]);
  });
});

describe('Hydstra requests', () => {
  it('splits site lists into requests of 60 and writes times as 14-digit site standard time', () => {
    const sites = Array.from({ length: 130 }, (_, index) => String(200_000 + index));
    expect(siteChunks(sites).map((chunk) => chunk.length)).toEqual([60, 60, 10]);
    const request = pointTracesRequest({
      sites: ['204006'],
      datasource: 'A',
      variable: '100.00',
      fromMs: Date.parse('2026-02-01T00:00:00Z'),
      toMs: Date.parse('2026-02-02T00:00:00Z'),
      offsetMinutes: 600,
    });
    expect(request.params).toMatchObject({
      start_time: '20260201100000',
      end_time: '20260202100000',
      data_type: 'point',
    });
    const url = hydstraUrl(QLD.baseUrl, latestValuesRequest(['422211A'], 'AT', ['100.00']));
    expect(url.startsWith(`${QLD.baseUrl}?`)).toBe(true);
    expect(JSON.parse(decodeURIComponent(url.slice(url.indexOf('?') + 1)))).toEqual({
      function: 'get_latest_ts_values',
      version: '2',
      params: {
        site_list: '422211A',
        datasource: 'AT',
        trace_list: [{ varfrom: '100.00', varto: '100.00' }],
      },
    });
  });
});
