import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalise } from '../../../model/index.js';
import { parseNswRfsMajorIncidents } from '../../../sources/nsw/rfs-major-incidents.js';
import { publishNow } from '../../../warehouse/publisher.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import type { App } from '../../../api/app.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { FEED_CATALOGUE, type Tier } from '../../../config/index.js';
import { CSV_COLUMNS } from '../../../exports/csv.js';
import { toRecord, type IncidentRecord } from '../../../model/index.js';
import type { ResponseValidator } from '../../support/openapi-validator.js';
import { bearer } from '../../support/keys.js';
import { testApi, type TestApi } from '../../support/test-api.js';
import { requireSharedFolder } from '../../../replay/shared-samples.js';

const FEED = 'nsw-rfs-major-incidents';
const NSW_FEED = FEED_CATALOGUE.find((feed) => feed.key === FEED)!;
const NOW = new Date('2026-11-21T00:00:00Z');
const FIRST_POLL = '2026-05-01T10:00:00+10:00';
const SECOND_POLL = '2026-05-02T10:00:00+10:00';

interface Feature {
  id: string;
  geometry: { type: string; coordinates: unknown } | null;
  properties: Record<string, unknown> & {
    status: string;
    featureType: string;
    distanceKm?: number;
    location: {
      latitude?: number;
      longitude?: number;
      address: string;
      suburb: string;
      lga: string;
      state: string;
    };
    source: { state: string; agency: string; feedId: string };
    timestamps: { reported: string; updated: string; fetched: string };
    retraction: { retracted: boolean; retractedAt?: string; reason?: string };
  };
}
interface Collection {
  features: Feature[];
  meta: { total_count: number; has_more: boolean; next_cursor?: string; source: string };
  links: { self: string; next?: string };
}
interface Problem {
  status: number;
  detail: string;
}

/** Independent of geokdbush: the haversine on a 6371 km sphere. */
function haversineKm(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

function sampleRecords(file: string, fetched: string): IncidentRecord[] {
  const samples = requireSharedFolder('upstream/samples/nsw/');
  const { incidents } = parseNswRfsMajorIncidents(readFileSync(`${samples}${file}`));
  return incidents.map((draft) => toRecord(normalise(draft, fetched)));
}

describe('the incidents surface, over a warehouse loaded from real NSW samples', () => {
  let dir: string;
  let warehouse: Warehouse;
  let store: ServingStore;
  let validator: ResponseValidator;
  let tier: Tier = 'free';
  let app: App;
  let api: TestApi;
  let tokens: ReadonlyMap<Tier, string>;
  let blackSummer: IncidentRecord[];

  /** Each request carries the key of the plan the test is about. */
  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = bearer(tokens.get(tier)!, init.headers as Record<string, string> | undefined);
    const response = await app.request(path, { ...init, headers });
    await validator.check(init.method ?? 'GET', path, response);
    return response;
  }
  async function json<T>(path: string, status = 200): Promise<T> {
    const response = await request(path);
    expect(response.status, path).toBe(status);
    return (await response.json()) as T;
  }
  const problem = (path: string, status: number) => json<Problem>(path, status);

  async function commit(records: IncidentRecord[], polledAt: string): Promise<void> {
    await warehouse.commit({
      feedKey: FEED,
      rawSha256: 'e'.repeat(64),
      incoming: records,
      polledAt,
      pollId: `poll@${polledAt}`,
      guarded: false,
    });
    await publishNow(warehouse, join(dir, 'serving'));
    await store.refresh();
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-surface-'));
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    store = await ServingStore.open(join(dir, 'serving'));
    blackSummer = sampleRecords(
      'nsw-rfs-majorIncidents-2020-01-26-black-summer-EW-recompacted.json',
      FIRST_POLL,
    );
    await commit(blackSummer, FIRST_POLL);
    api = await testApi({ store, catalogue: [NSW_FEED], now: () => NOW });
    ({ app, tokens, validator } = api);
  });
  afterAll(async () => {
    api.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe('OpenAPI', () => {
    it('passes an OpenAPI 3.1 validator', async () => {
      const document = (await (await app.request('/v1/openapi.json')).json()) as object;
      const result = await new Validator().validate(document as Parameters<Validator['validate']>[0]);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    });

    // The document and the docs page are open: no key.
    it('serves a docs page with its assets from the service itself', async () => {
      const page = await app.request('/v1/docs');
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).not.toMatch(/https?:\/\/(unpkg|cdn|cdnjs|jsdelivr)/);
      for (const asset of html.match(/\/v1\/docs\/assets\/[\w.-]+/g) ?? []) {
        expect((await app.request(asset)).status, asset).toBe(200);
      }
      const init = await (await app.request('/v1/docs/assets/init.js')).text();
      expect(init).toMatch(/\/v1\/openapi\.json/);
    });
  });

  describe('GET /v1/incidents', () => {
    const points = () => blackSummer.filter((r) => r.feature_type === 'incident');

    it('filters on every enum parameter and combines them', async () => {
      const cases: [string, (r: IncidentRecord) => boolean][] = [
        ['state=nsw', (r) => r.state === 'nsw'],
        ['eventType=bushfire,grass_fire', (r) => ['bushfire', 'grass_fire'].includes(r.event_type)],
        ['category=planned', (r) => r.event_category === 'planned'],
        ['severity=Extreme', (r) => r.severity === 'Extreme'],
        ['urgency=Immediate', (r) => r.urgency === 'Immediate'],
        ['certainty=Observed', (r) => r.certainty === 'Observed'],
        [
          'warningLevel=watch_and_act,emergency_warning',
          (r) => ['watch_and_act', 'emergency_warning'].includes(r.warning_level),
        ],
        ['status=contained', (r) => r.status === 'contained'],
        ['agency=rfs', (r) => r.agency === 'rfs'],
        ['agency=cfa', () => false],
        ['status=active&eventType=bushfire', (r) => r.status === 'active' && r.event_type === 'bushfire'],
        [
          'bbox=150,-34,151,-33',
          (r) => r.longitude! >= 150 && r.longitude! <= 151 && r.latitude! >= -34 && r.latitude! <= -33,
        ],
      ];
      for (const [query, predicate] of cases) {
        const body = await json<Collection>(`/v1/incidents?${query}&limit=500`);
        const expected = points()
          .filter(predicate)
          .map((r) => r.id)
          .sort();
        expect(body.features.map((f) => f.id).sort(), query).toEqual(expected);
        expect(body.meta.total_count, query).toBe(expected.length);
      }
    });

    it('returns areas only when asked, and every feature type together', async () => {
      const areas = await json<Collection>('/v1/incidents?featureType=incident_area&limit=500');
      expect(areas.meta.total_count).toBe(48);
      const all = await json<Collection>('/v1/incidents?featureType=incident,incident_area&limit=500');
      expect(all.meta.total_count).toBe(blackSummer.length);
    });

    it('rejects every invalid parameter with a 400 naming it', async () => {
      const cases: [string, RegExp][] = [
        ['state=nsw,xx', /state: unknown value xx; allowed: nsw, vic, qld, sa, wa, tas, nt, act/],
        ['eventType=wildfire', /eventType: unknown value wildfire/],
        ['category=fires', /category: unknown value fires/],
        ['featureType=point', /featureType: unknown value point/],
        ['severity=extreme', /severity: unknown value extreme; allowed: Extreme/],
        ['urgency=Now', /urgency:/],
        ['certainty=Sure', /certainty:/],
        ['warningLevel=red', /warningLevel:/],
        ['status=open', /status:/],
        ['limit=501', /limit: must be an integer from 1 to 500/],
        ['limit=0', /limit:/],
        ['limit=-1', /limit:/],
        ['limit=1.5', /limit:/],
        ['bbox=1,2,3', /bbox:/],
        ['bbox=151,-33,150,-34', /bbox:/],
        ['bbox=a,b,c,d', /bbox:/],
        ['format=pdf', /format:/],
        ['include_retracted=yes', /include_retracted:/],
        ['cursor=%%%', /cursor: malformed cursor/],
      ];
      for (const [query, detail] of cases)
        expect((await problem(`/v1/incidents?${query}`, 400)).detail, query).toMatch(detail);
    });

    it('refuses tampered cursors and cursors of another query', async () => {
      const first = await json<Collection>('/v1/incidents?limit=10');
      const cursor = first.meta.next_cursor!;
      const body = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { k: string };
      const tampered = Buffer.from(JSON.stringify({ ...body, k: 'nsw-rfs-0' })).toString('base64url');
      expect((await problem(`/v1/incidents?limit=10&after=${tampered}`, 400)).detail).toMatch(
        /malformed cursor/,
      );
      expect((await problem(`/v1/incidents?limit=10&state=nsw&after=${cursor}`, 400)).detail).toMatch(
        /different query/,
      );
      // Page size may change between pages; after wins over cursor.
      const next = await json<Collection>(`/v1/incidents?limit=20&cursor=junk&after=${cursor}`);
      expect(next.features[0]!.id > first.features[9]!.id).toBe(true);
    });

    it('walks every page exactly once by links.next while the data changes between pages', async () => {
      const seen: string[] = [];
      let next: string | undefined = '/v1/incidents?limit=7';
      let changed = false;
      while (next) {
        const page: Collection = await json<Collection>(next);
        seen.push(...page.features.map((f) => f.id));
        expect(page.meta.has_more).toBe(page.links.next !== undefined);
        expect(page.meta.next_cursor === undefined).toBe(page.links.next === undefined);
        next = page.links.next;
        if (!changed && next) {
          // A new poll lands mid-walk: one status changes (to one NSW never sends), nothing is added or removed.
          const moved = blackSummer.map((r) =>
            r.id === page.features[0]!.id ? { ...r, status: 'safe' as const } : r,
          );
          await commit(moved, SECOND_POLL);
          changed = true;
        }
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.sort()).toEqual(
        points()
          .map((r) => r.id)
          .sort(),
      );
    });

    it('serves CSV with exactly the spec columns that agree field by field with the GeoJSON', async () => {
      const response = await request('/v1/incidents?format=csv&limit=500&featureType=incident,incident_area');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
      const text = await response.text();
      expect(text.split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
      const rows = parseCsv<Record<string, string>>(text, { columns: true });
      const geo = await json<Collection>('/v1/incidents?limit=500&featureType=incident,incident_area');
      expect(rows.map((r) => r.id)).toEqual(geo.features.map((f) => f.id));
      geo.features.forEach((feature, i) => {
        const row = rows[i]!;
        const p = feature.properties;
        const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));
        expect(row).toEqual({
          id: feature.id,
          state: p.source.state,
          agency: p.source.agency,
          feed_id: p.source.feedId,
          title: p.title,
          event_type: p.eventType,
          status: p.status,
          warning_level: p.warningLevel,
          severity: p.severity,
          urgency: p.urgency,
          certainty: p.certainty,
          lng: text(p.location.longitude),
          lat: text(p.location.latitude),
          address: p.location.address,
          suburb: p.location.suburb,
          lga: p.location.lga,
          location_state: p.location.state,
          reported_at: p.timestamps.reported,
          updated_at: p.timestamps.updated,
          fetched_at: p.timestamps.fetched,
          is_retracted: String(p.retraction.retracted),
          retracted_at: text(p.retraction.retractedAt),
          retraction_reason: text(p.retraction.reason),
        });
      });
    });

    it('serves json as application/json', async () => {
      const response = await request('/v1/incidents?format=json&limit=1');
      expect(response.headers.get('content-type')).toBe('application/json');
    });
  });

  describe('GET /v1/incidents/nearby', () => {
    const centre = { lng: 150.3, lat: -33.6 };

    it('sorts by great-circle distance, which agrees with an independent haversine', async () => {
      const body = await json<Collection>(
        `/v1/incidents/nearby?lat=${centre.lat}&lng=${centre.lng}&radius=150&limit=500`,
      );
      expect(body.features.length).toBeGreaterThan(3);
      let last = 0;
      for (const feature of body.features) {
        const { latitude, longitude } = feature.properties.location;
        const expected = haversineKm(centre.lng, centre.lat, longitude!, latitude!);
        expect(Math.abs(feature.properties.distanceKm! - expected)).toBeLessThan(0.01);
        expect(feature.properties.distanceKm!).toBeGreaterThanOrEqual(last);
        expect(feature.properties.distanceKm!).toBeLessThanOrEqual(150);
        last = feature.properties.distanceKm!;
      }
      const within = blackSummer.filter(
        (r) =>
          r.feature_type === 'incident' &&
          r.latitude !== null &&
          haversineKm(centre.lng, centre.lat, r.longitude!, r.latitude) <= 150,
      );
      expect(body.meta.total_count).toBe(within.length);
    });

    it('applies limit and filters', async () => {
      const limited = await json<Collection>(
        `/v1/incidents/nearby?lat=${centre.lat}&lng=${centre.lng}&radius=500&limit=3`,
      );
      expect(limited.features).toHaveLength(3);
      expect(limited.meta.has_more).toBe(true);
      const filtered = await json<Collection>(
        `/v1/incidents/nearby?lat=${centre.lat}&lng=${centre.lng}&radius=500&status=contained&limit=500`,
      );
      expect(filtered.features.every((f) => f.properties.status === 'contained')).toBe(true);
    });

    it('validates lat, lng and radius at their edges', async () => {
      const base = `lat=${centre.lat}&lng=${centre.lng}`;
      const exact = blackSummer.find((r) => r.feature_type === 'incident' && r.latitude !== null)!;
      const zero = await json<Collection>(
        `/v1/incidents/nearby?lat=${exact.latitude}&lng=${exact.longitude}&radius=0`,
      );
      expect(zero.features.map((f) => f.id)).toContain(exact.id);
      await json<Collection>(`/v1/incidents/nearby?${base}&radius=500`);
      for (const bad of ['radius=500.1', 'radius=-1', 'radius=NaN', 'radius=', 'radius=abc']) {
        expect((await problem(`/v1/incidents/nearby?${base}&${bad}`, 400)).detail, bad).toMatch(/radius/);
      }
      expect((await problem(`/v1/incidents/nearby?lng=150&radius=5`, 400)).detail).toMatch(/lat: required/);
      await problem(`/v1/incidents/nearby?lat=91&lng=150&radius=5`, 400);
      await problem(`/v1/incidents/nearby?lat=-33&lng=181&radius=5`, 400);
      await problem(`/v1/incidents/nearby?${base}&radius=5&status=burning`, 400);
    });
  });

  describe('GET /v1/incidents/snapshot and /history', () => {
    it('rebuilds the state at an instant from version rows', async () => {
      // The walk above changed one incident at SECOND_POLL.
      const changed = await json<Collection>(
        `/v1/incidents/snapshot?datetime=${encodeURIComponent(SECOND_POLL)}&limit=500`,
      );
      const before = await json<Collection>(
        `/v1/incidents/snapshot?datetime=2026-05-01T12:00:00%2B10:00&limit=500`,
      );
      expect(changed.meta.source).toBe('live');
      expect(before.meta.total_count).toBe(80);
      const differing = changed.features.filter(
        (f) => before.features.find((g) => g.id === f.id)?.properties.status !== f.properties.status,
      );
      expect(differing.map((f) => f.properties.status)).toEqual(['safe']);
      const empty = await json<Collection>('/v1/incidents/snapshot?datetime=2026-04-30T00:00:00Z');
      expect(empty.meta.total_count).toBe(0);
    });

    it('rejects a missing, malformed or future datetime, and an archive instant without state', async () => {
      expect((await problem('/v1/incidents/snapshot', 400)).detail).toMatch(/datetime/);
      await problem('/v1/incidents/snapshot?datetime=yesterday', 400);
      await problem('/v1/incidents/snapshot?datetime=2026-05-01T10:00:00', 400);
      expect((await problem('/v1/incidents/snapshot?datetime=2026-11-22T00:00:00Z', 400)).detail).toMatch(
        /future/,
      );
      expect((await problem('/v1/incidents/snapshot?datetime=2020-01-01T00:00:00Z', 400)).detail).toMatch(
        /state: required/,
      );
      await problem('/v1/incidents/snapshot?datetime=2026-05-01T10:00:00Z&limit=501', 400);
    });

    it('reads the archive only within the plan lookback', async () => {
      tier = 'free';
      expect(
        (await problem('/v1/incidents/snapshot?datetime=2025-06-01T00:00:00Z&state=nsw', 403)).detail,
      ).toMatch(/paid plan/);
      tier = 'starter';
      const recent = await json<Collection>('/v1/incidents/snapshot?datetime=2026-01-01T00:00:00Z&state=nsw');
      expect(recent.meta.source).toBe('archive');
      expect(
        (await problem('/v1/incidents/snapshot?datetime=2024-06-01T00:00:00Z&state=nsw', 403)).detail,
      ).toMatch(/1 year/);
      tier = 'pro';
      expect(
        (await json<Collection>('/v1/incidents/snapshot?datetime=1990-06-01T00:00:00Z&state=nsw')).meta
          .source,
      ).toBe('archive');
      tier = 'free';
    });

    it('serves history to paid plans, with the latest version of each incident in the window', async () => {
      expect((await problem('/v1/incidents/history', 403)).detail).toMatch(/paid plan/);
      tier = 'developer';
      const body = await json<Collection>('/v1/incidents/history?after=2026-05-01T00:00:00Z&limit=500');
      expect(body.meta.total_count).toBe(80);
      expect(body.features.filter((f) => f.properties.status === 'safe').length).toBe(1);
      const none = await json<Collection>(
        '/v1/incidents/history?after=2026-04-10T00:00:00Z&before=2026-04-20T00:00:00Z',
      );
      expect(none.meta.total_count).toBe(0);
      expect((await problem('/v1/incidents/history?after=2019-01-01T00:00:00Z', 403)).detail).toMatch(
        /5 years/,
      );
      await problem('/v1/incidents/history?after=2026-06-01T00:00:00Z&before=2026-05-01T00:00:00Z', 400);
      await problem('/v1/incidents/history?limit=0', 400);
      const paged = await json<Collection>('/v1/incidents/history?after=2026-05-01T00:00:00Z&limit=50');
      const rest = await json<Collection>(paged.links.next!);
      expect(paged.features.length + rest.features.length).toBe(80);
      tier = 'free';
    });
  });

  describe('HTTP conventions', () => {
    it('answers 304 to a matching If-None-Match, and changes validators with the data', async () => {
      const first = await request('/v1/incidents?limit=5');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers.get('last-modified')).toMatch(/GMT$/);
      expect(first.headers.get('cache-control')).toMatch(/^private, max-age=60/);
      const again = await request('/v1/incidents?limit=5', { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const since = await request('/v1/incidents?limit=5', {
        headers: { 'if-modified-since': first.headers.get('last-modified')! },
      });
      expect(since.status).toBe(304);
      await commit(blackSummer, '2026-05-03T10:00:00+10:00');
      const after = await request('/v1/incidents?limit=5', { headers: { 'if-none-match': etag } });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
    });

    it('compresses, echoes the Origin for CORS, sets security headers and a request id everywhere', async () => {
      const response = await request('/v1/incidents?limit=100', {
        headers: { 'accept-encoding': 'gzip', origin: 'https://example.org' },
      });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('access-control-allow-origin')).toBe('https://example.org');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-request-id')).toMatch(/.+/);
      const missing = await request('/v1/incidents/nsw-rfs-nope');
      const body = (await missing.json()) as { requestId: string };
      expect(body.requestId).toBe(missing.headers.get('x-request-id'));
    });
  });
});
