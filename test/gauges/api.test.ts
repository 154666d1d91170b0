import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../api/app.js';
import { CursorCodec } from '../../api/cursor.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import type { GaugeSourceItem } from '../../api/gauges/source-health.js';
import { GAUGE_SOURCES, gaugeSourceByName } from '../../config/gauge-sources.js';
import { floodClass, isAtOrAbove, readingStatus, summarizeGauges } from '../../gauges/index.js';
import {
  GAUGE_SOURCE_NAMES,
  type FloodClass,
  type Gauge,
  type GaugeSourceHealth,
  type GaugeVariable,
} from '../../model/index.js';
import { syntheticFleet, syntheticStation } from '../../replay/gauges/index.js';
import {
  READING_STEP_MS,
  readingTimes,
  valueAt,
  type SyntheticGauge,
} from '../../sources/gauges/fake/index.js';
import { formatAtOffset } from '../../model/time/fixed-offset.js';
import { bearer, testAccess, type TestAccess } from '../support/keys.js';
import { ResponseValidator } from '../support/openapi-validator.js';
import { TEST_CAP_ISSUER } from '../support/cap-issuer.js';
import { gaugeLake, NSW_GRID, type GaugeLake } from './support/gauge-lake.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
// A reading instant, so "latest" is exact.
const NOW = new Date(Date.parse('2026-03-10T00:00:00Z') + 7 * 60_000);
const FLEET = syntheticFleet({
  count: 160,
  seed: 42,
  startMs: NOW.getTime() - 3 * DAY,
  endMs: NOW.getTime() + DAY,
});
const HISTORY_DAYS = 35;

interface GaugeBody extends Gauge {
  lgaName: string | null;
  stalenessHorizonHours: number;
}
interface Collection {
  gauges: GaugeBody[];
  meta: { totalCount: number; nextCursor?: string; generatedAt: string };
  links: { self: string; next?: string };
}
interface Readings {
  gaugeId: string;
  interval: string;
  readings: { time: string; value: number; quality: string | null; max?: number; count?: number }[];
  meta: { count: number; nextCursor?: string; after: string; before: string };
}
interface Problem {
  status: number;
  detail?: string;
}

const idOf = (gauge: SyntheticGauge) => syntheticStation(gauge).id;
const horizonOf = (gauge: SyntheticGauge) => gaugeSourceByName(gauge.source)!.stalenessHorizonHours;
const lastTime = (gauge: SyntheticGauge) =>
  readingTimes(gauge, NOW.getTime() - HISTORY_DAYS * DAY, NOW.getTime() + 1).at(-1);

/** What the service must say of a gauge at NOW, from the generator and the pure rules. */
function expectedClass(gauge: SyntheticGauge): FloodClass | null {
  const time = lastTime(gauge);
  const thresholds = gauge.thresholds && {
    ...gauge.thresholds,
    datum: 'local' as const,
    sourceUrl: '',
    retrieved: '',
  };
  // The table gives AHD levels for AHD gauges (replay/gauges/thresholds.ts).
  if (thresholds && gauge.datum === 'ahd') Object.assign(thresholds, { datum: 'ahd' });
  return floodClass(gauge, time === undefined ? null : valueAt(gauge, time), thresholds);
}
function expectedStatus(gauge: SyntheticGauge) {
  const time = lastTime(gauge);
  return readingStatus(
    time === undefined ? null : new Date(time).toISOString(),
    NOW.getTime(),
    horizonOf(gauge),
  );
}

describe('gauge API over the lake (app.request, validated against the OpenAPI document)', () => {
  let lake: GaugeLake;
  let store: ServingStore;
  let app: App;
  let access: TestAccess;
  let validator: ResponseValidator;
  const keys: Record<string, Record<string, string>> = {};
  const health: (GaugeSourceHealth | undefined)[] = GAUGE_SOURCE_NAMES.map((source, index) =>
    index === 0
      ? {
          source,
          status: 'degraded',
          lastPolled: NOW.toISOString(),
          lastOutcome: 'failed',
          lastError: 'hydstra get_ts_traces: error 120: Missing params',
          lastErrorKind: 'upstream-error',
          gaugeCount: 10,
          newReadings: 0,
          skippedSeries: 0,
          polls: 2,
          errorCount: 1,
          consecutiveFailures: 1,
          // The poller's own interval (POLL_INTERVAL_SECONDS in the demo), not the catalogue's.
          pollIntervalSeconds: 10,
        }
      : undefined,
  );

  async function get<T>(path: string, tier = 'pro', expected = 200): Promise<T> {
    const response = await app.request(path, { headers: keys[tier] });
    await validator.check('GET', path, response);
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(expected);
    return (await response.json()) as T;
  }
  const problem = (path: string, status: number, tier = 'pro') => get<Problem>(path, tier, status);

  beforeAll(async () => {
    lake = await gaugeLake(FLEET, NOW);
    await lake.commitWindow(FLEET, NOW.getTime() - HISTORY_DAYS * DAY, NOW.getTime() + 1);
    store = await ServingStore.open(lake.lakeDir);
    access = testAccess();
    for (const tier of ['free', 'starter', 'pro'] as const)
      keys[tier] = bearer((await access.issue(tier)).token);
    app = createApp({
      cap: TEST_CAP_ISSUER,
      store,
      feedHealth: { read: () => Promise.resolve([]) },
      gaugeHealth: {
        read: (items: readonly GaugeSourceItem[]) => Promise.resolve(items.map((_, i) => health[i])),
      },
      catalogue: [],
      cursors: new CursorCodec('test-cursor-secret'),
      keys: access.store,
      quota: access.store,
      version: 'test',
      startedAt: NOW,
      now: () => NOW,
    });
    const document = (await (await app.request('/v1/openapi.json')).json()) as object;
    validator = new ResponseValidator(document as ConstructorParameters<typeof ResponseValidator>[0]);
  }, 120_000);
  afterAll(async () => {
    access.close();
    store.close();
    await lake.close();
  });

  async function everyPage(query: string): Promise<GaugeBody[]> {
    const gauges: GaugeBody[] = [];
    let path: string | undefined = `/v1/gauges?${query}`;
    while (path) {
      const page: Collection = await get<Collection>(path);
      gauges.push(...page.gauges);
      expect(page.links.next !== undefined).toBe(page.meta.nextCursor !== undefined);
      path = page.links.next;
    }
    return gauges;
  }

  const ofVariable = (variable: GaugeVariable) => FLEET.filter((gauge) => gauge.variable === variable);

  it('lists water-level gauges by default, sorted by id, each with its latest reading, class and status', async () => {
    const page = await get<Collection>('/v1/gauges');
    const levels = ofVariable('water_level');
    expect(page.meta.totalCount).toBe(levels.length);
    expect(page.gauges).toHaveLength(Math.min(100, levels.length));
    const all = await everyPage('limit=37');
    expect(all.map((gauge) => gauge.id)).toEqual(levels.map(idOf).sort());
    for (const gauge of levels) {
      const body = all.find((one) => one.id === idOf(gauge))!;
      const time = lastTime(gauge);
      expect(body.latest?.value).toBe(time === undefined ? undefined : valueAt(gauge, time));
      expect(body.latest && Date.parse(body.latest.time)).toBe(time);
      expect(body.floodClass, body.id).toBe(expectedClass(gauge));
      expect(body.readingStatus, body.id).toBe(expectedStatus(gauge));
      expect(body.stalenessHorizonHours).toBe(horizonOf(gauge));
    }
    // Times keep the source's standard offset.
    const sa = all.find((gauge) => gauge.source === 'sa-aquarius' && gauge.latest)!;
    expect(sa.latest!.time).toMatch(/\+09:30$/);
  });

  it('covers every source, with some gauges in flood, some stale, some rainfall', async () => {
    const all = [...(await everyPage('limit=500')), ...(await everyPage('variable=rainfall&limit=500'))];
    expect(new Set(all.map((gauge) => gauge.source))).toEqual(new Set(GAUGE_SOURCE_NAMES));
    expect(all.some((gauge) => gauge.readingStatus === 'stale')).toBe(true);
    expect(all.some((gauge) => gauge.floodClass === 'major' || gauge.floodClass === 'moderate')).toBe(true);
    expect(
      all.some((gauge) => gauge.variable === 'rainfall' && gauge.floodClass === null && gauge.unit === 'mm'),
    ).toBe(true);
  });

  it('filters by variable, floodClass (at or above, current only), state, source, lga and bbox', async () => {
    const rain = await everyPage('variable=rainfall&limit=500');
    expect(rain.map((gauge) => gauge.id)).toEqual(ofVariable('rainfall').map(idOf).sort());
    expect(rain.every((gauge) => gauge.thresholds === null && gauge.floodClass === null)).toBe(true);

    const minor = await everyPage('floodClass=minor');
    const expected = ofVariable('water_level').filter(
      (gauge) => expectedStatus(gauge) === 'current' && isAtOrAbove(expectedClass(gauge), 'minor'),
    );
    expect(minor.map((gauge) => gauge.id)).toEqual(expected.map(idOf).sort());
    expect(minor.length).toBeGreaterThan(0);
    const major = await everyPage('floodClass=major');
    expect(major.every((gauge) => gauge.floodClass === 'major')).toBe(true);
    expect(major.length).toBeLessThan(minor.length);

    const vic = await everyPage('state=vic');
    expect(vic.map((g) => g.id)).toEqual(
      ofVariable('water_level')
        .filter((g) => g.state === 'vic')
        .map(idOf)
        .sort(),
    );
    const kiwis = await everyPage('source=bom-kiwis');
    expect(kiwis.every((gauge) => gauge.source === 'bom-kiwis')).toBe(true);
    // The national archive does not say the state: the stand-in LGAs place those inside them.
    const placed = kiwis.filter((gauge) => gauge.lga !== null);
    expect(placed.every((gauge) => gauge.state === 'nsw' || gauge.state === 'qld')).toBe(true);

    const nsw = ofVariable('water_level').find((gauge) => gauge.source === 'nsw-hydstra')!;
    const cell = NSW_GRID.lgas.find((lga) => {
      const box = NSW_GRID.cellOf(lga.code)!;
      return (
        nsw.longitude >= box.west &&
        nsw.longitude < box.west + box.size &&
        nsw.latitude <= box.north &&
        nsw.latitude > box.north - box.size
      );
    })!;
    const inLga = await everyPage(`lga=${cell.code}`);
    expect(inLga.map((gauge) => gauge.id)).toContain(idOf(nsw));
    expect(inLga.every((gauge) => gauge.lga === cell.code && gauge.lgaName === cell.name)).toBe(true);

    const box = [nsw.longitude - 0.01, nsw.latitude - 0.01, nsw.longitude + 0.01, nsw.latitude + 0.01];
    const boxed = await everyPage(`bbox=${box.join(',')}`);
    expect(boxed.map((gauge) => gauge.id)).toContain(idOf(nsw));
    expect(
      boxed.every(
        (g) => Math.abs(g.longitude! - nsw.longitude) <= 0.01 && Math.abs(g.latitude! - nsw.latitude) <= 0.01,
      ),
    ).toBe(true);
  });

  it('answers 400 for every bad list parameter, and 401 without a key', async () => {
    expect((await problem('/v1/gauges?floodClass=minor&variable=rainfall', 400)).detail).toMatch(/rainfall/);
    await problem('/v1/gauges?floodClass=below_minor', 400);
    await problem('/v1/gauges?variable=snow', 400);
    await problem('/v1/gauges?state=NSW', 400);
    await problem('/v1/gauges?source=nowhere', 400);
    await problem('/v1/gauges?lga=abc', 400);
    expect((await problem('/v1/gauges?bbox=170,-40,175,-35', 400)).detail).toMatch(/Australia/);
    await problem('/v1/gauges?bbox=1,2,3', 400);
    await problem('/v1/gauges?limit=0', 400);
    expect((await problem('/v1/gauges?limit=501', 400)).detail).toMatch(/1 to 500/);
    await problem('/v1/gauges?cursor=not-a-cursor', 400);
    const page = await get<Collection>('/v1/gauges?limit=5');
    expect((await problem(`/v1/gauges?state=nsw&cursor=${page.meta.nextCursor}`, 400)).detail).toMatch(
      /different query/,
    );
    const response = await app.request('/v1/gauges');
    expect(response.status).toBe(401);
  });

  it('GET /gauges/{id}: the gauge and its raw readings of the trailing 6 hours, newest first; 404 otherwise', async () => {
    const gauge = FLEET.find(
      (one) => one.variable === 'water_level' && one.flood && one.lastReportMs === null,
    )!;
    const body = await get<{ gauge: GaugeBody; recent: Readings['readings'] }>(`/v1/gauges/${idOf(gauge)}`);
    expect(body.gauge.id).toBe(idOf(gauge));
    const times = readingTimes(gauge, NOW.getTime() - 6 * HOUR, NOW.getTime() + 1).reverse();
    expect(body.recent.map((r) => Date.parse(r.time))).toEqual(times);
    expect(body.recent.map((r) => r.value)).toEqual(times.map((time) => valueAt(gauge, time)));
    expect(body.recent[0]!.time).toBe(
      formatAtOffset(times[0]!, gaugeSourceByName(gauge.source)!.standardOffsetMinutes),
    );
    const encoded = await get<{ gauge: GaugeBody }>(`/v1/gauges/${encodeURIComponent(idOf(gauge))}`);
    expect(encoded.gauge.id).toBe(idOf(gauge));
    await problem('/v1/gauges/nsw-hydstra:nope:level', 404);
  });

  describe('GET /gauges/{id}/readings', () => {
    const flooded = () =>
      FLEET.find(
        (one) =>
          one.variable === 'water_level' &&
          one.flood &&
          one.lastReportMs === null &&
          one.source.endsWith('hydstra') &&
          one.flood.peakLevel >= one.thresholds!.minor,
      )!;
    const path = (gauge: SyntheticGauge, query: string) => `/v1/gauges/${idOf(gauge)}/readings?${query}`;

    it('is for paid plans within their lookback', async () => {
      const gauge = flooded();
      expect((await problem(path(gauge, ''), 403, 'free')).detail).toMatch(/paid plan/);
      const old = new Date(NOW.getTime() - 400 * DAY).toISOString();
      await problem(path(gauge, `after=${old}`), 403, 'starter');
      await get<Readings>(
        path(gauge, `after=${new Date(NOW.getTime() - 300 * DAY).toISOString()}`),
        'starter',
      );
    });

    it('serves raw readings newest first, paged by an ISO timestamp cursor', async () => {
      const gauge = flooded();
      const after = new Date(NOW.getTime() - 2 * DAY).toISOString();
      const expected = readingTimes(gauge, NOW.getTime() - 2 * DAY, NOW.getTime()).reverse();
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const query = `after=${after}&before=${NOW.toISOString()}&interval=raw&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page: Readings = await get<Readings>(path(gauge, query));
        expect(page.interval).toBe('raw');
        seen.push(...page.readings.map((r) => Date.parse(r.time)));
        cursor = page.meta.nextCursor;
        if (cursor) expect(Date.parse(cursor)).toBe(seen.at(-1));
      } while (cursor);
      expect(seen).toEqual(expected);
    });

    it('picks raw, hourly or daily for interval=auto, and rolls buckets up exactly', async () => {
      const gauge = flooded();
      const recent = await get<Readings>(path(gauge, ''));
      expect(recent.interval).toBe('raw');
      // Seven days of 15-minute readings: more than the default page of 500.
      expect(readingTimes(gauge, NOW.getTime() - 7 * DAY, NOW.getTime()).length).toBeGreaterThan(500);
      expect(recent.meta.count).toBe(500);
      expect(recent.meta.nextCursor).toBe(recent.readings[499]!.time);
      const month = await get<Readings>(
        path(gauge, `after=${new Date(NOW.getTime() - 33 * DAY).toISOString()}`),
      );
      expect(month.interval).toBe('hourly');
      const bucket = month.readings[5]!;
      const start = Date.parse(bucket.time);
      const values = readingTimes(gauge, start, start + HOUR).map((time) => valueAt(gauge, time));
      expect(bucket).toMatchObject({
        value: Math.max(...values),
        max: Math.max(...values),
        count: values.length,
      });
      const daily = await get<Readings>(
        path(gauge, `after=${new Date(NOW.getTime() - 100 * DAY).toISOString()}`),
      );
      expect(daily.interval).toBe('daily');
      // Days are the source's standard-time days (+10:00): every bucket starts at local midnight.
      expect(daily.readings.every((r) => r.time.endsWith('T00:00:00+10:00'))).toBe(true);
      expect(daily.readings.slice(1, -1).every((r) => r.count === DAY / READING_STEP_MS)).toBe(true);
    });

    it('keeps readings at or above a class with `above`', async () => {
      const gauge = flooded();
      const minor = gauge.thresholds!.minor;
      const body = await get<Readings>(
        path(gauge, `after=${new Date(NOW.getTime() - 5 * DAY).toISOString()}&above=minor&limit=1000`),
      );
      const expected = readingTimes(gauge, NOW.getTime() - 5 * DAY, NOW.getTime()).filter(
        (time) => valueAt(gauge, time) >= minor,
      );
      expect(body.readings.length).toBe(expected.length);
      expect(body.readings.every((r) => r.value >= minor)).toBe(true);
    });

    it('answers 400 for bad parameters, 404 for an unknown gauge', async () => {
      const gauge = flooded();
      const rain = FLEET.find((one) => one.variable === 'rainfall')!;
      await problem(path(gauge, 'limit=1001'), 400);
      await problem(path(gauge, 'limit=0'), 400);
      await problem(path(gauge, 'interval=weekly'), 400);
      await problem(path(gauge, 'above=extreme'), 400);
      await problem(path(gauge, 'cursor=yesterday'), 400);
      await problem(path(gauge, 'after=2026-03-01'), 400);
      await problem(
        path(gauge, `after=${NOW.toISOString()}&before=${new Date(NOW.getTime() - DAY).toISOString()}`),
        400,
      );
      await problem(path(rain, 'above=minor'), 400);
      await problem('/v1/gauges/nsw-hydstra:nope:level/readings', 404);
    });
  });

  describe('GET /gauges/summary', () => {
    it('counts by state: stale and unclassified apart, stations at or above minor most severe first', async () => {
      const body = await get<{
        summary: Record<string, number>;
        groups: { key: string; name: string | null; total: number }[];
        aboveMinorStations: GaugeBody[];
      }>('/v1/gauges/summary');
      const all = await everyPage('limit=500');
      const expected = summarizeGauges(all, { groupBy: 'state' });
      expect(body.summary).toEqual(expected.summary);
      expect(body.summary.stale).toBeGreaterThan(0);
      expect(body.summary.atOrAboveMinor).toBeGreaterThan(0);
      expect(body.groups.map((group) => group.key)).toEqual(expected.groups.map((group) => group.key));
      // The national source's gauges have no state: a named group of their own, last, never a null key.
      const stateless = all.filter((gauge) => gauge.state === null).length;
      expect(stateless).toBeGreaterThan(0);
      expect(body.groups.at(-1)).toMatchObject({ key: 'unknown', name: 'No state', total: stateless });
      expect(body.groups.every((group) => typeof group.key === 'string')).toBe(true);
      expect(body.aboveMinorStations.map((gauge) => gauge.id)).toEqual(
        expected.aboveMinorStations.map((g) => g.id),
      );
      expect(body.aboveMinorStations.length).toBeLessThanOrEqual(500);
      const rain = await get<{ summary: Record<string, number>; aboveMinorStations: unknown[] }>(
        '/v1/gauges/summary?variable=rainfall',
      );
      expect(rain.summary.total).toBe(ofVariable('rainfall').length);
      expect(rain.summary.atOrAboveMinor).toBe(0);
      expect(rain.aboveMinorStations).toEqual([]);
    });

    it('groups by LGA within a state, with names; lga without state is a 400', async () => {
      expect((await problem('/v1/gauges/summary?groupBy=lga', 400)).detail).toMatch(/state/);
      await problem('/v1/gauges/summary?groupBy=postcode', 400);
      const body = await get<{
        groups: { key: string; name: string | null; total: number }[];
        summary: { total: number };
      }>('/v1/gauges/summary?groupBy=lga&state=nsw');
      expect(body.groups.reduce((sum, group) => sum + group.total, 0)).toBe(body.summary.total);
      const named = body.groups.filter((group) => group.key !== 'unknown');
      expect(named.length).toBeGreaterThan(1);
      for (const group of named)
        expect(group.name).toBe(NSW_GRID.lgas.find((lga) => lga.code === group.key)!.name);
      // The stand-in LGAs are over NSW: most Queensland gauges are in none, one group of them, last.
      const qld = await get<{ groups: { key: string; name: string | null; total: number }[] }>(
        '/v1/gauges/summary?groupBy=lga&state=qld',
      );
      const unplaced = (await everyPage('state=qld&limit=500')).filter((gauge) => gauge.lga === null).length;
      expect(unplaced).toBeGreaterThan(0);
      expect(qld.groups.at(-1)).toMatchObject({ key: 'unknown', name: 'No LGA', total: unplaced });
      expect(qld.groups.filter((group) => group.key === 'unknown')).toHaveLength(1);
    });
  });

  it('GET /gauges/sources: every source with its poller health', async () => {
    const body = await get<{
      sources: { source: string; status: string; lastError: { kind: string } | null }[];
    }>('/v1/gauges/sources');
    expect(body.sources.map((entry) => entry.source)).toEqual([...GAUGE_SOURCE_NAMES]);
    expect(body.sources[0]).toMatchObject({
      status: 'degraded',
      lastError: { kind: 'upstream-error' },
      pollIntervalSeconds: 10,
    });
    // A source not polled yet says its catalogue's interval.
    expect(body.sources[1]).toMatchObject({ pollIntervalSeconds: GAUGE_SOURCES[1]!.pollIntervalSeconds });
    expect(
      body.sources.slice(1).every((entry) => entry.status === 'unknown' && entry.lastError === null),
    ).toBe(true);
  });
});
