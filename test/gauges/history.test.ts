import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  HOUR_MS,
  autoInterval,
  bucketStartMs,
  floodEventWindows,
  keepRollup,
  mergeWindows,
  retainRaw,
  retentionCutoffs,
  rollupColumns,
  rollupReadings,
  rollupWatermark,
  type TimeWindow,
} from '../../gauges/index.js';
import type { GaugeReading, GaugeRollup, RollupInterval } from '../../model/index.js';
import { formatAtOffset } from '../../model/time/fixed-offset.js';
import { syntheticGauge } from '../../replay/gauges/index.js';
import {
  READING_STEP_MS,
  levelAt,
  readingTimes,
  type SyntheticGauge,
} from '../../sources/gauges/fake/index.js';

/**
 * Rollups and retention over 120 simulated days. The clock is a number moved forward a day at a
 * time; each day the new readings arrive, closed buckets are rolled up (incrementally, from the
 * watermark) and retention runs, as the warehouse will do.
 */

const OFFSET = 600;
const START = Date.parse('2026-01-01T00:00:00+10:00');
const DAYS = 120;
const MINOR = 4;
const FLOOD_PEAK = START + 60.5 * DAY_MS;

function floodingGauge(): SyntheticGauge {
  const base = syntheticGauge(0, { count: 1, seed: 11, startMs: START, endMs: START + DAYS * DAY_MS });
  return {
    ...base,
    variable: 'water_level',
    datum: 'local',
    baseLevel: 1,
    thresholds: { minor: MINOR, moderate: 5, major: 6 },
    flood: { peakMs: FLOOD_PEAK, widthMs: 10 * HOUR_MS, peakLevel: 6.5 },
    lastReportMs: null,
  };
}

const readingsOf = (gauge: SyntheticGauge, fromMs: number, toMs: number): GaugeReading[] =>
  readingTimes(gauge, fromMs, toMs).map((time) => ({
    time: formatAtOffset(time, OFFSET),
    value: levelAt(gauge, time),
    quality: null,
  }));

interface Store {
  raw: GaugeReading[];
  windows: TimeWindow[];
  rollups: Record<RollupInterval, Map<string, GaugeRollup>>;
  watermark: Record<RollupInterval, number>;
}

function simulate(gauge: SyntheticGauge, days: number): { store: Store; nowMs: number; recomputed: number } {
  const store: Store = {
    raw: [],
    windows: [],
    rollups: { hourly: new Map(), daily: new Map() },
    watermark: { hourly: -Infinity, daily: -Infinity },
  };
  const thresholds = {
    ...gauge.thresholds!,
    datum: 'local' as const,
    sourceUrl: 'https://example.org',
    retrieved: '2026-01-01',
  };
  let recomputed = 0;
  let nowMs = START;
  for (let day = 1; day <= days; day++) {
    const previous = nowMs;
    nowMs = START + day * DAY_MS;
    store.raw.push(...readingsOf(gauge, previous, nowMs));
    for (const interval of ['hourly', 'daily'] as const) {
      // Re-rolling from two days back on purpose: closed buckets come out the same, so upserts are harmless.
      const since = store.watermark[interval] - 2 * DAY_MS;
      for (const rollup of rollupReadings('g', store.raw, interval, {
        nowMs,
        offsetMinutes: OFFSET,
        sinceMs: since,
      })) {
        const before = store.rollups[interval].get(rollup.start);
        if (before) {
          expect(rollup).toEqual(before);
          recomputed++;
        }
        store.rollups[interval].set(rollup.start, rollup);
      }
      store.watermark[interval] = rollupWatermark(nowMs, interval, OFFSET);
    }
    const retained = retainRaw(store.raw, { nowMs, thresholds, knownWindows: store.windows });
    store.raw = retained.keep;
    store.windows = retained.windows;
    const cutoffs = retentionCutoffs(nowMs);
    for (const [start] of store.rollups.hourly) {
      if (!keepRollup('hourly', Date.parse(start), cutoffs)) store.rollups.hourly.delete(start);
    }
  }
  return { store, nowMs, recomputed };
}

describe('rollups and retention over 120 days', () => {
  const gauge = floodingGauge();
  const { store, nowMs, recomputed } = simulate(gauge, DAYS);
  const all = readingTimes(gauge, START, nowMs);
  const firstAbove = all.find((time) => levelAt(gauge, time) >= MINOR)!;
  const lastAbove = all.findLast((time) => levelAt(gauge, time) >= MINOR)!;

  it('keeps every raw reading of the last 30 days, and older ones only inside the flood window', () => {
    const rawFrom = nowMs - 30 * DAY_MS;
    const kept = store.raw.map((reading) => Date.parse(reading.time));
    const recent = all.filter((time) => time >= rawFrom);
    expect(kept.filter((time) => time >= rawFrom)).toEqual(recent);
    const old = kept.filter((time) => time < rawFrom);
    const windowStart = firstAbove - 24 * HOUR_MS;
    const windowEnd = lastAbove + 24 * HOUR_MS;
    expect(old).toEqual(all.filter((time) => time >= windowStart && time <= windowEnd));
    // The window's edges are exact: 24 h before the first reading at minor is kept, 15 minutes earlier is not.
    expect(old[0]).toBe(windowStart);
    expect(old.at(-1)).toBe(windowEnd);
    expect(store.windows).toEqual([{ startMs: windowStart, endMs: windowEnd }]);
    expect(firstAbove).toBeGreaterThan(START + 58 * DAY_MS);
    expect(lastAbove).toBeLessThan(START + 63 * DAY_MS);
  });

  it('keeps hourly rollups for 90 days and daily ones for every closed day', () => {
    const hourlyStarts = [...store.rollups.hourly.keys()]
      .map((start) => Date.parse(start))
      .sort((a, b) => a - b);
    expect(hourlyStarts[0]).toBe(nowMs - 90 * DAY_MS);
    expect(hourlyStarts).toHaveLength(90 * 24);
    expect(store.rollups.daily.size).toBe(DAYS);
    expect([...store.rollups.daily.values()].every((rollup) => rollup.count === 96)).toBe(true);
  });

  it('rolls up each closed bucket to the values of its readings, incrementally the same as in one pass', () => {
    const times = Float64Array.from(all);
    const values = Float64Array.from(all, (time) => levelAt(gauge, time));
    const batch = rollupColumns('g', times, values, 'daily', { nowMs, offsetMinutes: OFFSET });
    expect(batch).toEqual([...store.rollups.daily.values()].sort((a, b) => a.start.localeCompare(b.start)));

    const peakDay = store.rollups.daily.get(
      formatAtOffset(bucketStartMs(FLOOD_PEAK, 'daily', OFFSET), OFFSET),
    )!;
    const dayValues = all
      .filter((time) => bucketStartMs(time, 'daily', OFFSET) === Date.parse(peakDay.start))
      .map((time) => levelAt(gauge, time));
    expect(peakDay).toEqual({
      gaugeId: 'g',
      interval: 'daily',
      start: '2026-03-02T00:00:00+10:00',
      min: Math.min(...dayValues),
      max: Math.max(...dayValues),
      mean: dayValues.reduce((sum, value) => sum + value, 0) / dayValues.length,
      last: dayValues.at(-1),
      count: 96,
    });
    expect(peakDay.max).toBeGreaterThanOrEqual(6);
    expect(recomputed).toBeGreaterThan(0);
  });
});

describe('rollup buckets', () => {
  it('rolls up only closed buckets: an hour closes exactly at its end', () => {
    const start = Date.parse('2026-02-01T10:00:00+10:00');
    const times = [start, start + 15 * 60_000, start + 59 * 60_000, start + HOUR_MS];
    const values = [1, 3, 2, 9];
    expect(
      rollupColumns('g', times, values, 'hourly', { nowMs: start + HOUR_MS - 1, offsetMinutes: OFFSET }),
    ).toEqual([]);
    expect(
      rollupColumns('g', times, values, 'hourly', { nowMs: start + HOUR_MS, offsetMinutes: OFFSET }),
    ).toEqual([
      {
        gaugeId: 'g',
        interval: 'hourly',
        start: '2026-02-01T10:00:00+10:00',
        min: 1,
        max: 3,
        mean: 2,
        last: 2,
        count: 3,
      },
    ]);
  });

  it('aligns hours to half-hour offsets and days to local standard midnight', () => {
    const t = Date.parse('2026-02-01T10:45:00+09:30');
    expect(formatAtOffset(bucketStartMs(t, 'hourly', 570), 570)).toBe('2026-02-01T10:00:00+09:30');
    expect(formatAtOffset(bucketStartMs(t, 'daily', 570), 570)).toBe('2026-02-01T00:00:00+09:30');
    expect(formatAtOffset(bucketStartMs(Date.parse('2026-02-01T23:59:59+10:00'), 'daily', 600), 600)).toBe(
      '2026-02-01T00:00:00+10:00',
    );
  });

  it('resolves readings repeated by overlapping polls to one, the later given', () => {
    const readings = [
      { time: '2026-02-01T10:15:00+10:00', value: 2, quality: null },
      { time: '2026-02-01T10:00:00+10:00', value: 1, quality: null },
      { time: '2026-02-01T00:15:00Z', value: 5, quality: null },
    ];
    const [hour] = rollupReadings('g', readings, 'hourly', {
      nowMs: Date.parse('2026-02-01T11:00:00+10:00'),
      offsetMinutes: 600,
    });
    expect(hour).toMatchObject({ count: 2, min: 1, max: 5, last: 5 });
    expect(() => rollupColumns('g', [2, 1], [0, 0], 'hourly', { nowMs: 0 })).toThrow(RangeError);
  });
});

describe('retention rules', () => {
  const nowMs = Date.parse('2026-05-01T00:00:00+10:00');

  it('keeps raw readings exactly 30 days old and hourly buckets exactly 90 days old', () => {
    const cutoffs = retentionCutoffs(nowMs);
    expect(cutoffs.rawFromMs).toBe(nowMs - 30 * DAY_MS);
    expect(keepRollup('hourly', nowMs - 90 * DAY_MS, cutoffs)).toBe(true);
    expect(keepRollup('hourly', nowMs - 90 * DAY_MS - 1, cutoffs)).toBe(false);
    expect(keepRollup('daily', 0, cutoffs)).toBe(true);
    const readings = [
      { time: formatAtOffset(nowMs - 30 * DAY_MS, 600), value: 1, quality: null },
      { time: formatAtOffset(nowMs - 30 * DAY_MS - 1000, 600), value: 1, quality: null },
    ];
    const { keep, drop } = retainRaw(readings, { nowMs, thresholds: null });
    expect(keep).toEqual([readings[0]]);
    expect(drop).toEqual([readings[1]]);
  });

  it('opens a window per run at or above minor (the lowest published level without one) and merges overlaps', () => {
    const step = READING_STEP_MS;
    const times = Array.from({ length: 12 }, (_, index) => index * step);
    const values = [0, 3, 3, 0, 0, 0, 0, 0, 0, 3, 0, 0];
    const thresholds = {
      minor: null,
      moderate: 3,
      major: 5,
      datum: 'local' as const,
      sourceUrl: 'https://x',
      retrieved: '2026-01-01',
    };
    expect(floodEventWindows(times, values, thresholds, step)).toEqual([
      { startMs: 0, endMs: 3 * step },
      { startMs: 8 * step, endMs: 10 * step },
    ]);
    expect(floodEventWindows(times, values, thresholds, 4 * step)).toEqual([
      { startMs: -3 * step, endMs: 13 * step },
    ]);
    expect(floodEventWindows(times, values, null)).toEqual([]);
    expect(mergeWindows([{ startMs: 5, endMs: 9 }], [{ startMs: 0, endMs: 5 }])).toEqual([
      { startMs: 0, endMs: 9 },
    ]);
  });
});

describe('interval=auto', () => {
  const nowMs = Date.parse('2026-05-01T00:00:00+10:00');
  it('picks the finest granularity the whole window still has', () => {
    expect(autoInterval(nowMs - 6 * HOUR_MS, nowMs)).toBe('raw');
    expect(autoInterval(nowMs - 30 * DAY_MS, nowMs)).toBe('raw');
    expect(autoInterval(nowMs - 30 * DAY_MS - 1, nowMs)).toBe('hourly');
    expect(autoInterval(nowMs - 90 * DAY_MS, nowMs)).toBe('hourly');
    expect(autoInterval(nowMs - 90 * DAY_MS - 1, nowMs)).toBe('daily');
  });
});
