import { describe, expect, it } from 'vitest';
import { floodClass, gaugeState, isAtOrAbove } from '../../gauges/index.js';
import type { FloodThresholds, GaugeStation } from '../../model/index.js';

const thresholds = (
  minor: number | null,
  moderate: number | null,
  major: number | null,
  datum: FloodThresholds['datum'] = 'local',
): FloodThresholds => ({
  minor,
  moderate,
  major,
  datum,
  sourceUrl: 'https://example.org/classes',
  retrieved: '2026-01-15',
});
const LEVEL = { variable: 'water_level', datum: 'local' } as const;
const below = (value: number) => value - Math.abs(value) * Number.EPSILON * 2;

describe('floodClass', () => {
  const levels = thresholds(4.2, 5.6, 7.1);

  it('puts a level exactly at a threshold in that class, and the next value down in the class below', () => {
    expect(floodClass(LEVEL, 4.2, levels)).toBe('minor');
    expect(floodClass(LEVEL, below(4.2), levels)).toBe('below_minor');
    expect(floodClass(LEVEL, 5.6, levels)).toBe('moderate');
    expect(floodClass(LEVEL, below(5.6), levels)).toBe('minor');
    expect(floodClass(LEVEL, 7.1, levels)).toBe('major');
    expect(floodClass(LEVEL, below(7.1), levels)).toBe('moderate');
    expect(floodClass(LEVEL, 12, levels)).toBe('major');
    expect(floodClass(LEVEL, -0.5, levels)).toBe('below_minor');
  });

  it('is unclassified without thresholds, without a reading, or on another datum; rainfall has no class', () => {
    expect(floodClass(LEVEL, 9, null)).toBe('unclassified');
    expect(floodClass(LEVEL, null, levels)).toBe('unclassified');
    expect(floodClass(LEVEL, Number.NaN, levels)).toBe('unclassified');
    expect(floodClass(LEVEL, 9, thresholds(4.2, 5.6, 7.1, 'ahd'))).toBe('unclassified');
    expect(
      floodClass({ variable: 'water_level', datum: 'unstated' }, 9, thresholds(4.2, 5.6, 7.1, 'ahd')),
    ).toBe('major');
    expect(floodClass({ variable: 'rainfall', datum: null }, 90, levels)).toBeNull();
  });

  it('never places a level below the published levels when minor is not published', () => {
    const noMinor = thresholds(null, 5.6, 7.1);
    expect(floodClass(LEVEL, 6, noMinor)).toBe('moderate');
    expect(floodClass(LEVEL, 5, noMinor)).toBe('unclassified');
    expect(floodClass(LEVEL, 3, thresholds(2, null, 7.1))).toBe('minor');
  });

  it('answers "at or above" for the floodClass filter', () => {
    expect(isAtOrAbove('major', 'minor')).toBe(true);
    expect(isAtOrAbove('moderate', 'moderate')).toBe(true);
    expect(isAtOrAbove('minor', 'moderate')).toBe(false);
    expect(isAtOrAbove('below_minor', 'minor')).toBe(false);
    expect(isAtOrAbove('unclassified', 'minor')).toBe(false);
    expect(isAtOrAbove(null, 'minor')).toBe(false);
  });
});

describe('gaugeState', () => {
  const station: GaugeStation = {
    id: 'nsw-hydstra:203014:level',
    source: 'nsw-hydstra',
    stationNo: '203014',
    name: 'Example River at Bridge',
    state: 'nsw',
    latitude: -28.6,
    longitude: 153.2,
    variable: 'water_level',
    unit: 'm',
    datum: 'local',
  };
  const nowMs = Date.parse('2026-02-02T00:00:00+10:00');

  it('derives class and staleness from the latest reading, thresholds and clock', () => {
    const latest = { time: '2026-02-01T23:45:00+10:00', value: 5.6, quality: '130' };
    expect(
      gaugeState(station, latest, thresholds(4.2, 5.6, 7.1), { nowMs, horizonHours: 24, lga: '14650' }),
    ).toMatchObject({
      id: 'nsw-hydstra:203014:level',
      lga: '14650',
      floodClass: 'moderate',
      readingStatus: 'current',
      latest,
    });
    expect(gaugeState(station, null, null, { nowMs, horizonHours: 24 })).toMatchObject({
      floodClass: 'unclassified',
      readingStatus: 'stale',
      thresholds: null,
      lga: null,
    });
  });

  it('gives a rain gauge neither thresholds nor a class', () => {
    const rain = {
      ...station,
      id: 'nsw-hydstra:203014:rain',
      variable: 'rainfall' as const,
      unit: 'mm',
      datum: null,
    };
    const state = gaugeState(
      rain,
      { time: '2026-02-01T23:45:00+10:00', value: 12.5, quality: null },
      thresholds(1, 2, 3),
      { nowMs, horizonHours: 24 },
    );
    expect(state).toMatchObject({ floodClass: null, thresholds: null, readingStatus: 'current' });
  });
});
