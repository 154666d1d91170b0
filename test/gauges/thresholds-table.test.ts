import { describe, expect, it } from 'vitest';
import {
  floodClass,
  loadThresholdsTable,
  mergeThresholds,
  ThresholdsTableError,
} from '../../gauges/index.js';
import { gaugeId } from '../../model/index.js';

/** Made-up rows in the table's real format (the Bureau publishes class levels in documents only). */
const HEAD =
  '# flood-thresholds v1\nsource,station_no,station_name,minor,moderate,major,datum,source_url,retrieved\n';
const TABLE =
  HEAD +
  'nsw-hydstra,203014,"Example River at Bridge, upstream",4.2,5.6,7.1,local,https://example.org/nsw/203014,2026-01-15\n' +
  'bcc-telemetry,E9002,Example Ck at Bridge,3.5,,5.0,ahd,https://example.org/bcc/E9002,2025-11-30\r\n';

const problemsOf = (text: string): string[] => {
  try {
    loadThresholdsTable(text);
  } catch (error) {
    if (error instanceof ThresholdsTableError) return error.problems;
    throw error;
  }
  return [];
};

describe('flood thresholds table (CSV, version 1)', () => {
  it('loads rows keyed by the gauge id, empty levels as unpublished', () => {
    const table = loadThresholdsTable(TABLE);
    expect(table.size).toBe(2);
    expect(table.get('nsw-hydstra:203014:level')).toEqual({
      minor: 4.2,
      moderate: 5.6,
      major: 7.1,
      datum: 'local',
      sourceUrl: 'https://example.org/nsw/203014',
      retrieved: '2026-01-15',
    });
    expect(table.get('bcc-telemetry:E9002:level')).toMatchObject({
      minor: 3.5,
      moderate: null,
      major: 5,
      datum: 'ahd',
    });
  });

  it('leaves a gauge without a row unclassified', () => {
    const table = loadThresholdsTable(TABLE);
    const id = gaugeId('vic-hydstra', '233217', 'water_level');
    expect(table.get(id)).toBeUndefined();
    expect(floodClass({ variable: 'water_level', datum: 'local' }, 99, table.get(id))).toBe('unclassified');
  });

  it('refuses a table of another version or with other columns', () => {
    expect(problemsOf(TABLE.replace('v1', 'v2'))).toEqual(['first line must be "# flood-thresholds v1"']);
    expect(problemsOf(TABLE.replace('station_name,', ''))[0]).toMatch(/^header must be/);
  });

  it('reports every bad row with its line number, and loads nothing', () => {
    const bad =
      HEAD +
      'nsw-hydstra,1,A,5,4,7,local,https://example.org/1,2026-01-15\n' +
      'act-hydstra,2,B,1,2,3,local,https://example.org/2,2026-01-15\n' +
      'vic-hydstra,3,C,1,2,3,msl,ftp://example.org/3,2026-02-30\n' +
      'vic-hydstra,4,D,,,,local,https://example.org/4,2026-01-15\n' +
      'vic-hydstra,5,E,one,2,3,local,https://example.org/5,2026-01-15\n' +
      'qld-hydstra,6,F,1,2,3,local,https://example.org/6,2026-01-15\n' +
      'qld-hydstra,6,F again,1,2,3,local,https://example.org/6,2026-01-15\n' +
      'qld-hydstra,7,G,1,2\n';
    expect(problemsOf(bad)).toEqual([
      'line 3: levels must rise from minor to major',
      'line 4: unknown source "act-hydstra"',
      'line 5: datum "msl" is not local or ahd',
      'line 5: source_url is not an http(s) address',
      'line 5: retrieved "2026-02-30" is not a YYYY-MM-DD date',
      'line 6: no level published',
      'line 7: minor "one" is not a number',
      'line 9: a second row for qld-hydstra 6',
      'line 10: 5 fields, expected 9',
    ]);
  });

  it('numbers a row by the line it starts on, whatever the line ends, and refuses a file that is not CSV', () => {
    const mixed =
      HEAD +
      'nsw-hydstra,1,"Two-line\nname",5,4,7,local,https://example.org/1,2026-01-15\r\n\r\n' +
      'vic-hydstra,2,Gauge 6" board,x,2,3,local,https://example.org/2,2026-01-15\r' +
      'qld-hydstra,3,C,1,2\n';
    expect(problemsOf(mixed)).toEqual([
      'line 3: levels must rise from minor to major',
      'line 6: minor "x" is not a number',
      'line 7: 5 fields, expected 9',
    ]);
    expect(
      problemsOf(HEAD + 'nsw-hydstra,1,"Unclosed,1,2,3,local,https://example.org/1,2026-01-15\n')[0],
    ).toMatch(/^not CSV: /);
  });

  it('adds AQUARIUS-derived thresholds for gauges the table lacks; the table wins where both exist', () => {
    const table = loadThresholdsTable(TABLE);
    const fromSeries = new Map([
      [
        'nsw-hydstra:203014:level',
        {
          minor: 1,
          moderate: 2,
          major: 3,
          datum: 'unstated' as const,
          sourceUrl: 'https://x',
          retrieved: '2026-01-01',
        },
      ],
      [
        'sa-aquarius:A1:level',
        {
          minor: 1,
          moderate: 2,
          major: 3,
          datum: 'local' as const,
          sourceUrl: 'https://y',
          retrieved: '2026-01-01',
        },
      ],
    ]);
    const merged = mergeThresholds(table, fromSeries);
    expect(merged.get('nsw-hydstra:203014:level')?.minor).toBe(4.2);
    expect(merged.get('sa-aquarius:A1:level')?.sourceUrl).toBe('https://y');
    expect(merged.size).toBe(3);
  });
});
