import { describe, expect, it } from 'vitest';
import { gaugeSourceByName } from '../../config/gauge-sources.js';
import { floodClass, gaugeState, loadThresholdsTable } from '../../gauges/index.js';
import { GAUGE_SOURCE_NAMES, gaugeId, type GaugeReading } from '../../model/index.js';
import { renderThresholdsTable, syntheticFleet } from '../../replay/gauges/index.js';
import {
  aquariusFloodThresholds,
  aquariusSeries,
  aquariusUniqueId,
  isAquariusGauge,
  parseAquariusCorrectedData,
  parseAquariusDescriptions,
  parseAquariusLocation,
  parseAquariusUniqueIds,
  renderAquariusCorrectedData,
  renderAquariusDescriptions,
  renderAquariusLocation,
  renderAquariusUniqueIds,
} from '../../sources/gauges/aquarius/index.js';
import {
  bccReports,
  bccSeries,
  isBccGauge,
  parseBccReadings,
  parseBccSensors,
  renderBccReadings,
  renderBccSensors,
} from '../../sources/gauges/bcc-telemetry/index.js';
import { readingTimes, valueAt, type SyntheticGauge } from '../../sources/gauges/fake/index.js';
import {
  hydstraLatestSeries,
  isHydstraGauge,
  parseHydstraLatest,
  parseHydstraSiteGeojson,
  parseHydstraTraces,
  parseHydstraVariableList,
  renderHydstraError,
  renderHydstraLatest,
  renderHydstraSiteGeojson,
  renderHydstraTraces,
  renderHydstraVariableList,
  unitsBySiteVariable,
} from '../../sources/gauges/hydstra/index.js';
import {
  isKiwisGauge,
  kiwisSeries,
  parseKiwisStationList,
  parseKiwisTimeseriesList,
  parseKiwisValues,
  renderKiwisStationList,
  renderKiwisTimeseriesList,
  renderKiwisValues,
} from '../../sources/gauges/kiwis/index.js';

const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00+10:00');
const END = START + 30 * DAY_MS;
const OPTIONS = { count: 600, seed: 42, startMs: START, endMs: END };
const fleet = syntheticFleet(OPTIONS);
const context = (gauge: SyntheticGauge) => gaugeSourceByName(gauge.source)!;

/** What a gauge should read in [from, to): instants and values, from the scenario itself. */
const expected = (gauge: SyntheticGauge, fromMs: number, toMs: number) =>
  readingTimes(gauge, fromMs, toMs).map((time) => ({ timeMs: time, value: valueAt(gauge, time) }));
const asPairs = (readings: readonly GaugeReading[]) =>
  readings.map((reading) => ({ timeMs: Date.parse(reading.time), value: reading.value }));

describe('synthetic gauge fleet', () => {
  it('is the same for a seed and differs between seeds', () => {
    expect(syntheticFleet(OPTIONS)).toEqual(fleet);
    expect(syntheticFleet({ ...OPTIONS, seed: 43 })).not.toEqual(fleet);
  });

  it('has every source, rain and level gauges, thresholds, floods past major and below it, and stale gauges', () => {
    expect(new Set(fleet.map((gauge) => gauge.source))).toEqual(new Set(GAUGE_SOURCE_NAMES));
    const levels = fleet.filter((gauge) => gauge.variable === 'water_level');
    expect(fleet.some((gauge) => gauge.variable === 'rainfall')).toBe(true);
    expect(levels.some((gauge) => gauge.thresholds === null)).toBe(true);
    const floods = levels.filter((gauge) => gauge.flood);
    expect(floods.some((gauge) => gauge.flood!.peakLevel >= gauge.thresholds!.major)).toBe(true);
    expect(floods.some((gauge) => gauge.flood!.peakLevel < gauge.thresholds!.major)).toBe(true);
    expect(fleet.some((gauge) => gauge.lastReportMs !== null)).toBe(true);
  });

  it('rises through minor to its peak class and falls back below minor', () => {
    const gauge = fleet.find((entry) => entry.flood && entry.flood.peakLevel >= entry.thresholds!.major)!;
    const thresholds = {
      ...gauge.thresholds!,
      datum: 'local' as const,
      sourceUrl: 'https://x',
      retrieved: '2026-01-01',
    };
    const classes = expected(gauge, START, END).map(({ value }) => floodClass(gauge, value, thresholds));
    const changes = classes.filter((entry, index) => index === 0 || entry !== classes[index - 1]);
    expect(changes).toEqual([
      'below_minor',
      'minor',
      'moderate',
      'major',
      'moderate',
      'minor',
      'below_minor',
    ]);
  });

  it('turns stale once a silent gauge passes its horizon', () => {
    const silent = fleet.find(
      (gauge) => gauge.lastReportMs !== null && gauge.lastReportMs < END - 2 * DAY_MS,
    )!;
    const last = readingTimes(silent, START, END).at(-1)!;
    const latest = { time: new Date(last).toISOString(), value: valueAt(silent, last), quality: null };
    const horizon = context(silent).stalenessHorizonHours;
    const station = { ...silent, id: 'x', unit: 'm', datum: silent.datum };
    expect(
      gaugeState(station, latest, null, { nowMs: last + horizon * 3_600_000, horizonHours: horizon })
        .readingStatus,
    ).toBe('current');
    expect(gaugeState(station, latest, null, { nowMs: END, horizonHours: horizon }).readingStatus).toBe(
      'stale',
    );
  });
});

describe('generated documents parse back', () => {
  const from = END - 2 * DAY_MS;

  it('Hydstra traces, latest values, site GeoJSON, variable lists and errors', () => {
    for (const name of ['nsw-hydstra', 'vic-hydstra', 'qld-hydstra'] as const) {
      const gauges = fleet.filter((gauge) => gauge.source === name).slice(0, 60);
      const result = parseHydstraTraces(renderHydstraTraces(gauges, from, END), gaugeSourceByName(name)!);
      expect(result.problems).toEqual([]);
      for (const gauge of gauges) {
        const series = result.series.find((entry) => entry.station.stationNo === gauge.stationNo);
        const points = expected(gauge, from, END);
        if (points.length === 0) {
          expect(result.noDataSites, gauge.stationNo).toContain(gauge.stationNo);
          continue;
        }
        expect(series?.station, gauge.stationNo).toMatchObject({
          id: gaugeId(name, gauge.stationNo, gauge.variable),
          variable: gauge.variable,
          latitude: gauge.latitude,
          longitude: gauge.longitude,
        });
        expect(asPairs(series!.readings)).toEqual(points);
        expect(series!.readings[0]!.time).toMatch(/\+10:00$/);
        expect(series!.readings.at(-1)!.quality).toBe(
          points.at(-1)!.timeMs >= END - 6 * 3_600_000 ? '130' : '1',
        );
      }

      const sites = new Map(
        parseHydstraSiteGeojson(renderHydstraSiteGeojson(gauges)).map((site) => [site.site, site]),
      );
      const units = unitsBySiteVariable(parseHydstraVariableList(renderHydstraVariableList(gauges), 600));
      const latest = parseHydstraLatest(renderHydstraLatest(gauges, END), gaugeSourceByName(name)!);
      const latestSeries = hydstraLatestSeries(latest, sites, units, gaugeSourceByName(name)!);
      for (const series of latestSeries) {
        const gauge = gauges.find((entry) => entry.stationNo === series.station.stationNo)!;
        const last = readingTimes(gauge, END - 7 * DAY_MS, END + 1).at(-1)!;
        expect(asPairs(series.readings)).toEqual([{ timeMs: last, value: valueAt(gauge, last) }]);
      }
      expect(latestSeries.length + latest.noDataSites.length).toBe(gauges.length);
    }
    expect(parseHydstraTraces(renderHydstraError(126), gaugeSourceByName('nsw-hydstra')!).noData).toBe(true);
    expect(() => parseHydstraTraces(renderHydstraError(120), gaugeSourceByName('nsw-hydstra')!)).toThrow(
      /error 120/,
    );
  });

  it('AQUARIUS descriptions with thresholds, corrected data, locations and an incremental poll', () => {
    const gauges = fleet.filter(isAquariusGauge);
    const descriptions = parseAquariusDescriptions(renderAquariusDescriptions(gauges, END));
    expect(descriptions).toHaveLength(gauges.length);
    for (const gauge of gauges) {
      const description = descriptions.find((entry) => entry.uniqueId === aquariusUniqueId(gauge))!;
      const thresholds = aquariusFloodThresholds(description, {
        atMs: END,
        sourceUrl: 'https://x',
        retrieved: '2026-01-31',
      });
      expect(
        thresholds && { minor: thresholds.minor, moderate: thresholds.moderate, major: thresholds.major },
      ).toEqual(gauge.thresholds);
      const data = parseAquariusCorrectedData(renderAquariusCorrectedData(gauge, from, END));
      expect(asPairs(data.readings)).toEqual(expected(gauge, from, END));
      expect(data.missing).toBe(1);
      const series = aquariusSeries(
        description,
        parseAquariusLocation(renderAquariusLocation(gauge)),
        data,
        context(gauge),
      );
      expect(series?.station).toMatchObject({
        stationNo: gauge.stationNo,
        latitude: gauge.latitude,
        variable: gauge.variable,
      });
    }
    const changed = parseAquariusUniqueIds(
      renderAquariusUniqueIds(gauges.slice(0, 3), { sinceMs: from, atMs: END }),
    );
    expect(changed.changes.map((change) => change.uniqueId)).toEqual(
      gauges.slice(0, 3).map(aquariusUniqueId),
    );
    expect(changed.nextToken).toMatch(/Z$/);
  });

  it('KiWIS station and series lists with values', () => {
    const gauges = fleet.filter(isKiwisGauge);
    const stations = parseKiwisStationList(renderKiwisStationList(gauges));
    const list = parseKiwisTimeseriesList(renderKiwisTimeseriesList(gauges));
    const values = parseKiwisValues(renderKiwisValues(gauges, from, END));
    gauges.forEach((gauge, index) => {
      const station = stations.find((entry) => entry.stationNo === gauge.stationNo);
      const timeseries = list.find((entry) => entry.tsId === values[index]!.tsId);
      const series = kiwisSeries(values[index]!, timeseries, station, context(gauge));
      expect(series?.station).toMatchObject({
        id: gaugeId('bom-kiwis', gauge.stationNo, gauge.variable),
        latitude: gauge.latitude,
      });
      expect(asPairs(series!.readings)).toEqual(expected(gauge, from, END));
    });
  });

  it('Brisbane sensors and on-change readings', () => {
    const gauges = fleet.filter(isBccGauge);
    const series = bccSeries(
      parseBccSensors(renderBccSensors(gauges)),
      parseBccReadings(renderBccReadings(gauges, from, END), context(gauges[0]!)),
      context(gauges[0]!),
    );
    expect(series).toHaveLength(gauges.length);
    for (const gauge of gauges) {
      const entry = series.find((item) => item.station.stationNo === gauge.stationNo)!;
      expect(asPairs(entry.readings)).toEqual(
        bccReports(gauge, from, END).map(({ timeMs, value }) => ({ timeMs, value })),
      );
      expect(entry.readings.every((reading) => reading.time.endsWith('+10:00'))).toBe(true);
    }
    // Loggers report on change: level sensors skip most quarter hours.
    const level = series.find(
      (entry) => entry.station.variable === 'water_level' && entry.readings.length > 0,
    )!;
    expect(level.missing).toBeGreaterThan(0);
  });

  it('the thresholds table of the fleet loads, one row per non-AQUARIUS level gauge with thresholds', () => {
    const table = loadThresholdsTable(renderThresholdsTable(fleet));
    const listed = fleet.filter((gauge) => gauge.thresholds && !isAquariusGauge(gauge));
    expect(table.size).toBe(listed.length);
    for (const gauge of listed) {
      expect(table.get(gaugeId(gauge.source, gauge.stationNo, 'water_level'))).toMatchObject(
        gauge.thresholds!,
      );
    }
    expect(listed.some(isHydstraGauge) && listed.some(isBccGauge)).toBe(true);
  });
});
