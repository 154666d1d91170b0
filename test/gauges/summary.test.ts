import { describe, expect, it } from 'vitest';
import { newestFirst, readingsAtOrAbove, recentReadings, summarizeGauges } from '../../gauges/index.js';
import type { FloodClass, Gauge, ReadingStatus } from '../../model/index.js';

let serial = 0;
function gauge(
  floodClass: FloodClass | null,
  readingStatus: ReadingStatus,
  state: Gauge['state'] = 'nsw',
  lga: string | null = '10050',
): Gauge {
  serial++;
  return {
    id: `nsw-hydstra:${String(serial).padStart(5, '0')}:${floodClass === null ? 'rain' : 'level'}`,
    source: 'nsw-hydstra',
    stationNo: String(serial),
    name: `Gauge ${serial}`,
    state,
    latitude: -30,
    longitude: 150,
    variable: floodClass === null ? 'rainfall' : 'water_level',
    unit: floodClass === null ? 'mm' : 'm',
    datum: floodClass === null ? null : 'local',
    lga,
    latest: { time: '2026-02-01T10:00:00+10:00', value: 1, quality: null },
    thresholds: null,
    floodClass,
    readingStatus,
  };
}

describe('gauge summary', () => {
  it('counts each gauge once: stale apart from the classes, unclassified apart, class counts exact', () => {
    const gauges = [
      gauge('major', 'current'),
      gauge('moderate', 'current', 'qld', '30300'),
      gauge('minor', 'current'),
      gauge('minor', 'current', 'qld', '30300'),
      gauge('major', 'stale'),
      gauge('below_minor', 'current'),
      gauge('unclassified', 'current', 'vic', '20660'),
      gauge('unclassified', 'stale', 'vic', '20660'),
    ];
    const { summary, groups, aboveMinorStations } = summarizeGauges(gauges, { groupBy: 'state' });
    expect(summary).toEqual({
      total: 8,
      minor: 2,
      moderate: 1,
      major: 1,
      stale: 2,
      unclassified: 1,
      atOrAboveMinor: 4,
    });
    expect(groups).toEqual([
      { key: 'nsw', total: 4, minor: 1, moderate: 0, major: 1, stale: 1, unclassified: 0, atOrAboveMinor: 2 },
      { key: 'qld', total: 2, minor: 1, moderate: 1, major: 0, stale: 0, unclassified: 0, atOrAboveMinor: 2 },
      { key: 'vic', total: 2, minor: 0, moderate: 0, major: 0, stale: 1, unclassified: 1, atOrAboveMinor: 0 },
    ]);
    // The stale major gauge is not listed; the most severe come first.
    expect(aboveMinorStations.map((entry) => entry.floodClass)).toEqual([
      'major',
      'moderate',
      'minor',
      'minor',
    ]);
  });

  it('groups by LGA, with gauges not yet placed under the unknown key last', () => {
    const { groups } = summarizeGauges(
      [
        gauge('minor', 'current', 'nsw', '17200'),
        gauge('minor', 'current', 'nsw', null),
        gauge('major', 'current', 'nsw', '10050'),
      ],
      {
        groupBy: 'lga',
      },
    );
    expect(groups.map((group) => [group.key, group.atOrAboveMinor])).toEqual([
      ['10050', 1],
      ['17200', 1],
      ['unknown', 1],
    ]);
  });

  it('groups gauges without a state (the national source) under the unknown key last', () => {
    const { groups } = summarizeGauges(
      [gauge('minor', 'current', null, null), gauge('major', 'current', 'vic'), gauge('minor', 'current')],
      { groupBy: 'state' },
    );
    expect(groups.map((group) => [group.key, group.total])).toEqual([
      ['nsw', 1],
      ['vic', 1],
      ['unknown', 1],
    ]);
  });

  it('counts rain gauges only in total and stale', () => {
    const { summary } = summarizeGauges([gauge(null, 'current'), gauge(null, 'stale')], { groupBy: 'state' });
    expect(summary).toEqual({
      total: 2,
      minor: 0,
      moderate: 0,
      major: 0,
      stale: 1,
      unclassified: 0,
      atOrAboveMinor: 0,
    });
  });

  it('caps the station list at 500', () => {
    const many = Array.from({ length: 620 }, (_, index) => gauge(index % 2 ? 'minor' : 'major', 'current'));
    const { summary, aboveMinorStations } = summarizeGauges(many, { groupBy: 'state' });
    expect(summary.atOrAboveMinor).toBe(620);
    expect(aboveMinorStations).toHaveLength(500);
    expect(aboveMinorStations.slice(0, 310).every((entry) => entry.floodClass === 'major')).toBe(true);
  });
});

describe('reading lists', () => {
  const nowMs = Date.parse('2026-02-01T12:00:00+10:00');
  const at = (time: string, value = 1) => ({ time, value, quality: null });

  it('gives the trailing 6 hours, newest first, the edge 6 hours ago included', () => {
    const readings = [
      at('2026-02-01T05:59:59+10:00'),
      at('2026-02-01T06:00:00+10:00'),
      at('2026-02-01T11:45:00+10:00'),
      at('2026-02-01T12:15:00+10:00'),
    ];
    expect(recentReadings(readings, nowMs).map((reading) => reading.time)).toEqual([
      '2026-02-01T11:45:00+10:00',
      '2026-02-01T06:00:00+10:00',
    ]);
    expect(
      newestFirst([at('2026-02-01T01:00:00Z'), at('2026-02-01T10:30:00+10:00')]).map(
        (reading) => reading.time,
      ),
    ).toEqual(['2026-02-01T01:00:00Z', '2026-02-01T10:30:00+10:00']);
  });

  it('filters readings at or above a class level, and selects none when that level is not published', () => {
    const thresholds = {
      minor: 4,
      moderate: null,
      major: 6,
      datum: 'local' as const,
      sourceUrl: 'https://x',
      retrieved: '2026-01-01',
    };
    const readings = [
      at('2026-02-01T10:00:00+10:00', 3.99),
      at('2026-02-01T10:15:00+10:00', 4),
      at('2026-02-01T10:30:00+10:00', 6.2),
    ];
    expect(readingsAtOrAbove(readings, thresholds, 'minor').map((reading) => reading.value)).toEqual([
      4, 6.2,
    ]);
    expect(readingsAtOrAbove(readings, thresholds, 'moderate')).toEqual([]);
    expect(readingsAtOrAbove(readings, null, 'minor')).toEqual([]);
  });
});
