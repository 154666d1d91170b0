import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gaugeSourceByName } from '../../config/gauge-sources.js';
import { retainRaw, rollupColumns } from '../../gauges/index.js';
import { filesOf, readManifest, type Manifest } from '../../lake/manifest.js';
import { gaugeId, type FloodThresholds, type GaugeReading, type GaugeSeries } from '../../model/index.js';
import { syntheticFleet, syntheticStation } from '../../replay/gauges/index.js';
import { readingTimes, valueAt, type SyntheticGauge } from '../../sources/gauges/fake/index.js';
import { formatAtOffset } from '../../model/time/fixed-offset.js';
import { gaugeLake, type GaugeLake } from './support/gauge-lake.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-10T00:00:00Z');

let lake: GaugeLake | undefined;
afterEach(async () => {
  await lake?.close();
  lake = undefined;
});

async function manifest(): Promise<Manifest> {
  return (await readManifest(lake!.lakeDir))!;
}

/** Every row of a gauge table, superseded copies dropped, read from the current manifest's files. */
async function rows(
  table: 'gauge_readings' | 'gauge_rollups',
  where = 'true',
): Promise<Record<string, unknown>[]> {
  const files = filesOf(await manifest(), table).map((file) => `'${join(lake!.lakeDir, file.path)}'`);
  if (files.length === 0) return [];
  const [key, newest] =
    table === 'gauge_readings'
      ? ['gauge_id, reading_time', 'received_at']
      : ['gauge_id, span, bucket_start', 'computed_at'];
  const reader = await lake!.warehouse.db.runAndReadAll(
    `SELECT * EXCLUDE (copy), epoch_ms(${table === 'gauge_readings' ? 'reading_time' : 'bucket_start'})::DOUBLE AS ms FROM (
       SELECT *, row_number() OVER (PARTITION BY ${key} ORDER BY ${newest} DESC) AS copy
       FROM read_parquet([${files.join(', ')}], hive_partitioning = false)
     ) WHERE copy = 1 AND ${where} ORDER BY ${key}`,
  );
  return reader.getRowObjectsJS();
}

function station(stationNo: string) {
  return syntheticStation({
    index: 0,
    source: 'nsw-hydstra',
    state: 'nsw',
    offsetMinutes: 600,
    stationNo,
    name: `Test ${stationNo}`,
    latitude: -33,
    longitude: 150,
    variable: 'water_level',
    datum: 'local',
    baseLevel: 1,
    thresholds: null,
    flood: null,
    lastReportMs: null,
  });
}

const reading = (ms: number, value: number, quality: string | null = null): GaugeReading => ({
  time: formatAtOffset(ms, 600),
  value,
  quality,
});

describe('gauge commits into the warehouse and the lake', () => {
  it('commits a poll once, keeps only new or corrected readings, and recomputes a bucket a late reading changes', async () => {
    lake = await gaugeLake([], new Date(T0 + 6 * HOUR));
    const gauge = station('410001');
    // 00:00 … 04:45 UTC every 15 minutes, without 01:15.
    const times = Array.from({ length: 20 }, (_, i) => T0 + i * 15 * 60_000).filter(
      (t) => t !== T0 + 75 * 60_000,
    );
    const series: GaugeSeries = {
      station: gauge,
      readings: times.map((t, i) => reading(t, 1 + i / 100)),
      missing: 0,
    };
    const first = await lake.commitSeries('nsw-hydstra', [series], 'poll-1');
    expect(first).toMatchObject({ gauges: 1, received: 19, fresh: 19, corrected: 0, generation: 1 });
    // The retried commit of the same poll changes nothing and publishes nothing.
    expect(await lake.commitSeries('nsw-hydstra', [series], 'poll-1')).toMatchObject({
      fresh: 19,
      generation: null,
    });
    expect((await manifest()).generation).toBe(1);
    // A bucket is rolled up an hour (the settling time) after it ends: at 06:00, 00:00 to 04:00.
    const hourly = await rows('gauge_rollups', "span = 'hourly'");
    expect(hourly.map((row) => row.ms)).toEqual([0, 1, 2, 3, 4].map((h) => T0 + h * HOUR));
    expect(hourly[1]).toMatchObject({ reading_count: 3 });

    // The next poll overlaps the last: repeats are not new; a changed value and the missing 01:15 are.
    lake.clock.now = new Date(T0 + 7 * HOUR);
    const later: GaugeSeries = {
      station: gauge,
      readings: [
        reading(T0 + 75 * 60_000, 1.5),
        reading(T0 + 4 * HOUR, 9.99, 'corrected'),
        reading(
          T0 + 4 * HOUR + 15 * 60_000,
          series.readings.find((r) => Date.parse(r.time) === T0 + 4 * HOUR + 15 * 60_000)!.value,
        ),
        reading(T0 + 5 * HOUR, 2),
      ],
      missing: 0,
    };
    expect(await lake.commitSeries('nsw-hydstra', [later], 'poll-2')).toMatchObject({
      received: 4,
      fresh: 3,
      corrected: 1,
    });
    const raw = await rows('gauge_readings', `gauge_id = '${gauge.id}'`);
    expect(raw).toHaveLength(21);
    expect(raw.find((row) => row.ms === T0 + 4 * HOUR)).toMatchObject({ value: 9.99, quality: 'corrected' });
    // 01:00 was rolled up with three readings; the late 01:15 made it dirty: the newest copy has four.
    const recomputed = await rows(
      'gauge_rollups',
      `span = 'hourly' AND bucket_start = to_timestamp(${(T0 + HOUR) / 1000})`,
    );
    expect(recomputed).toHaveLength(1);
    expect(recomputed[0]).toMatchObject({ reading_count: 4, value_max: 1.5 });
  });

  it('rolls up exactly as the pure rule does, aligned to the source standard time', async () => {
    const fleet = syntheticFleet({ count: 24, seed: 9, startMs: T0 - 3 * DAY, endMs: T0 + DAY });
    lake = await gaugeLake(fleet, new Date(T0));
    await lake.commitWindow(fleet, T0 - 3 * DAY, T0);
    const settled = T0 - HOUR;
    for (const gauge of fleet.filter((one) => one.source === 'sa-aquarius' || one.source === 'vic-hydstra')) {
      const offset = gaugeSourceByName(gauge.source)!.standardOffsetMinutes;
      const times = readingTimes(gauge, T0 - 3 * DAY, T0);
      const values = times.map((time) => valueAt(gauge, time));
      const id = syntheticStation(gauge).id;
      for (const span of ['hourly', 'daily'] as const) {
        const expected = rollupColumns(id, times, values, span, { nowMs: settled, offsetMinutes: offset });
        const actual = await rows('gauge_rollups', `gauge_id = '${id}' AND span = '${span}'`);
        expect(
          actual.map((row) => formatAtOffset(Number(row.ms), offset)),
          `${id} ${span}`,
        ).toEqual(expected.map((rollup) => rollup.start));
        actual.forEach((row, i) => {
          const want = expected[i]!;
          expect(row.value_min).toBe(want.min);
          expect(row.value_max).toBe(want.max);
          expect(row.value_last).toBe(want.last);
          expect(row.reading_count).toBe(want.count);
          expect(row.value_mean).toBeCloseTo(want.mean, 6);
        });
      }
    }
  });

  it('stops showing a station the source no longer lists', async () => {
    lake = await gaugeLake([], new Date(T0));
    const [a, b] = [station('410010'), station('410011')];
    const one = (s: typeof a) => ({ station: s, readings: [reading(T0 - HOUR, 1)], missing: 0 });
    await lake.commitSeries('nsw-hydstra', [one(a), one(b)]);
    await lake.commitSeries('nsw-hydstra', [one(a)]);
    const [latest] = filesOf(await manifest(), 'gauges_latest');
    const ids = await lake.warehouse.db.runAndReadAll(
      `SELECT id FROM read_parquet('${join(lake.lakeDir, latest!.path)}') ORDER BY id`,
    );
    expect(ids.getRowObjectsJS().map((row) => row.id)).toEqual([a.id]);
  });
});

describe('gauge retention on the lake, with a controllable clock', () => {
  const HISTORY = 100;
  const fleet = syntheticFleet({ count: 30, seed: 21, startMs: T0 - 60 * DAY, endMs: T0 - 20 * DAY }).filter(
    (gauge) => gauge.source !== 'bom-kiwis' && gauge.source !== 'bcc-telemetry',
  );

  /** The flood class levels the lake holds: the table for Hydstra gauges, the series' own for AQUARIUS. */
  function thresholdsOf(gauge: SyntheticGauge): FloodThresholds | null {
    return gauge.thresholds ? { ...gauge.thresholds, datum: 'local', sourceUrl: '', retrieved: '' } : null;
  }

  it('keeps raw readings 30 days, and for ever within 24 h of a flood; hourly 90 days; daily for ever', async () => {
    expect(fleet.some((gauge) => gauge.flood)).toBe(true);
    lake = await gaugeLake(fleet, new Date(T0));
    await lake.commitWindow(fleet, T0 - HISTORY * DAY, T0);
    const dailyBefore = (await rows('gauge_rollups', "span = 'daily'")).length;

    // At T0 the oldest 70 of the 100 days age out, but for the flood windows.
    const first = await lake.gauges.retention(new Date(T0));
    expect(first.partitions).toBeGreaterThan(0);
    expect(first.rowsDropped).toBeGreaterThan(0);
    for (const gauge of fleet) {
      const id = syntheticStation(gauge).id;
      const times = readingTimes(gauge, T0 - HISTORY * DAY, T0);
      const all = times.map((time) => ({
        time: new Date(time).toISOString(),
        value: valueAt(gauge, time),
        quality: null,
      }));
      const { keep } = retainRaw(all, { nowMs: T0, thresholds: thresholdsOf(gauge) });
      const kept = await rows('gauge_readings', `gauge_id = '${id}'`);
      expect(
        kept.map((row) => row.ms),
        id,
      ).toEqual(keep.map((r) => Date.parse(r.time)));
    }
    // Exact at the boundary: the reading exactly 30 days old stays, the one before it goes (no flood then).
    const quiet = fleet.find((gauge) => !gauge.flood && gauge.lastReportMs === null)!;
    const quietRows = await rows('gauge_readings', `gauge_id = '${syntheticStation(quiet).id}'`);
    expect(quietRows[0]!.ms).toBe(T0 - 30 * DAY);
    const hourly = await rows('gauge_rollups', "span = 'hourly'");
    expect(Math.min(...hourly.map((row) => Number(row.ms)))).toBe(T0 - 90 * DAY);
    expect((await rows('gauge_rollups', "span = 'daily'")).length).toBe(dailyBefore);

    // The same clock again: nothing more ages out, so nothing is rewritten.
    const paths = (await manifest()).files.map((file) => file.path).sort();
    expect(await lake.gauges.retention(new Date(T0))).toMatchObject({ partitions: 0, rowsDropped: 0 });
    expect((await manifest()).files.map((file) => file.path).sort()).toEqual(paths);

    // A day later only the partitions holding the next day's expiry are rewritten; newer months stay.
    const later = new Date(T0 + DAY);
    const before = await manifest();
    const third = await lake.gauges.retention(later);
    expect(third.partitions).toBeGreaterThan(0);
    const after = await manifest();
    const untouched = before.files.filter(
      (file) => file.minTime !== null && Date.parse(file.minTime) >= later.getTime() - 30 * DAY,
    );
    for (const file of untouched.filter((f) => f.table === 'gauge_readings')) {
      expect(after.files.map((f) => f.path)).toContain(file.path);
    }
    // Flood readings outlive every cutoff.
    const flooded = fleet.find((gauge) => gauge.flood && gauge.flood.peakLevel >= gauge.thresholds!.minor)!;
    const far = new Date(T0 + 400 * DAY);
    await lake.gauges.retention(far);
    const left = await rows(
      'gauge_readings',
      `gauge_id = '${gaugeId(flooded.source, flooded.stationNo, 'water_level')}'`,
    );
    expect(left.length).toBeGreaterThan(0);
    expect(left.some((row) => Number(row.value) >= flooded.thresholds!.minor)).toBe(true);
    expect(await rows('gauge_rollups', "span = 'hourly'")).toEqual([]);
    expect((await rows('gauge_rollups', "span = 'daily'")).length).toBe(dailyBefore);
  }, 120_000);
});
