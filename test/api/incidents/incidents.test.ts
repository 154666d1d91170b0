import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalise } from '../../../model/index.js';
import { parseNswRfsMajorIncidents } from '../../../sources/nsw/rfs-major-incidents.js';
import { publishNow } from '../../../warehouse/publisher.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import { createApp, type App } from '../../../api/app.js';
import { API_VERSION } from '../../../api/version.js';
import { CursorCodec } from '../../../api/cursor.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { FEED_CATALOGUE } from '../../../config/index.js';
import { EVENT_TYPES, toRecord, type FeedHealth } from '../../../model/index.js';
import { renderNswMajorIncidents, syntheticNswIncidents } from '../../../replay/generators/nsw-rfs.js';
import { bearer, testAccess, type TestAccess } from '../../support/keys.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';

const FEED = 'nsw-rfs-major-incidents';
const NSW_FEED = FEED_CATALOGUE.find((feed) => feed.key === FEED)!;
const FETCHED = '2026-11-20T10:00:00+11:00';

interface Collection {
  type: string;
  features: { id: string; properties: { featureType: string; status: string; parentId?: string } }[];
  meta: { total_count: number; has_more: boolean; next_cursor?: string; generatedAt: string; source: string };
  links: { self: string; next?: string };
  attribution: string;
}

interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  requestId?: string;
}

function recordsOf(count: number, seed: number) {
  const body = new TextEncoder().encode(renderNswMajorIncidents(syntheticNswIncidents(count, seed)));
  return parseNswRfsMajorIncidents(body).incidents.map((draft) => toRecord(normalise(draft, FETCHED)));
}

describe('incident API over published Parquet (app.request)', () => {
  let dir: string;
  let warehouse: Warehouse;
  let store: ServingStore;
  let app: App;
  let access: TestAccess;
  let headers: Record<string, string>;
  let health: (FeedHealth | undefined)[] = [undefined];
  const records = recordsOf(40, 11);
  const pointCount = records.filter((r) => r.feature_type === 'incident').length;
  const areaCount = records.length - pointCount;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-api-'));
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    await warehouse.commit({
      feedKey: FEED,
      rawSha256: 'b'.repeat(64),
      incoming: records,
      polledAt: FETCHED,
      pollId: `poll@${FETCHED}`,
    });
    await publishNow(warehouse, join(dir, 'serving'));
    store = await ServingStore.open(join(dir, 'serving'));
    access = testAccess();
    headers = bearer((await access.issue('free')).token);
    app = createApp({
      cap: TEST_CAP_ISSUER,
      store,
      feedHealth: { read: () => Promise.resolve(health) },
      catalogue: [NSW_FEED],
      cursors: new CursorCodec('test-cursor-secret'),
      keys: access.store,
      quota: access.store,
      version: API_VERSION,
      startedAt: new Date(),
      now: () => new Date(),
    });
  });
  afterAll(async () => {
    access.close();
    store.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function getJson<T>(path: string, status = 200): Promise<{ body: T; response: Response }> {
    const response = await app.request(path, { headers });
    expect(response.status, path).toBe(status);
    return { body: (await response.json()) as T, response };
  }

  async function problem(path: string, status: number): Promise<Problem> {
    const response = await app.request(path, { headers });
    expect(response.status, path).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = (await response.json()) as Problem;
    expect(body.status).toBe(status);
    expect(body.requestId).toBe(response.headers.get('x-request-id'));
    return body;
  }

  it('lists point incidents by default as a GeoJSON FeatureCollection with meta and links', async () => {
    expect(areaCount).toBeGreaterThan(0);
    const { body, response } = await getJson<Collection>('/v1/incidents');
    expect(response.headers.get('content-type')).toBe('application/geo+json');
    expect(body.type).toBe('FeatureCollection');
    expect(body.meta).toMatchObject({ total_count: pointCount, has_more: false, source: 'live' });
    expect(body.meta.next_cursor).toBeUndefined();
    expect(body.features.every((f) => f.properties.featureType === 'incident')).toBe(true);
    expect(body.links).toEqual({ self: '/v1/incidents' });
    expect(body.attribution).toBe('/v1/attribution');
    expect(Number.isNaN(Date.parse(body.meta.generatedAt))).toBe(false);
  });

  it('returns area features, linked to their incident, when asked for', async () => {
    const { body } = await getJson<Collection>('/v1/incidents?featureType=incident_area');
    expect(body.meta.total_count).toBe(areaCount);
    const ids = new Set(records.map((r) => r.id));
    for (const feature of body.features) expect(ids.has(feature.properties.parentId ?? '')).toBe(true);
  });

  it('filters by status and bbox', async () => {
    const active = records.filter((r) => r.feature_type === 'incident' && r.status === 'active');
    const { body } = await getJson<Collection>('/v1/incidents?status=active');
    expect(body.meta.total_count).toBe(active.length);
    const { body: none } = await getJson<Collection>('/v1/incidents?bbox=100,-10,101,-9');
    expect(none.meta.total_count).toBe(0);
  });

  it('pages with opaque cursors: following links.next visits every incident exactly once', async () => {
    const seen: string[] = [];
    let next: string | undefined = '/v1/incidents?limit=7';
    let pages = 0;
    while (next) {
      const { body }: { body: Collection } = await getJson<Collection>(next);
      seen.push(...body.features.map((f) => f.id));
      expect(body.meta.has_more).toBe(body.links.next !== undefined);
      next = body.links.next;
      if (next) expect(next).toMatch(/[?&]after=/);
      pages++;
    }
    expect(pages).toBe(Math.ceil(pointCount / 7));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(pointCount);
  });

  it('refuses a key sent in the query string without echoing it; tolerates the cache-buster `_`', async () => {
    const secret = 'eids_0123456789ab_not-a-real-secret';
    for (const name of ['key', 'access_token', 'api_key']) {
      const refused = await problem(`/v1/incidents?limit=5&${name}=${secret}`, 400);
      expect(refused.detail).toMatch(new RegExp(`^unknown parameter \`${name}\``));
      expect(JSON.stringify(refused)).not.toContain(secret);
    }
    const { body } = await getJson<Collection>('/v1/incidents?limit=5&_=1732860000000');
    expect(body.links.self).toBe('/v1/incidents?limit=5&_=1732860000000');
    expect(body.features).toHaveLength(5);
  });

  it('answers bad parameters with 400 problems that name the parameter and the allowed values', async () => {
    expect((await problem('/v1/incidents?state=nsw,xyz', 400)).detail).toMatch(
      /state: unknown value xyz; allowed: nsw, vic/,
    );
    expect((await problem('/v1/incidents?limit=501', 400)).detail).toMatch(
      /limit: must be an integer from 1 to 500/,
    );
    await problem('/v1/incidents?limit=0', 400);
    await problem('/v1/incidents?limit=abc', 400);
    await problem('/v1/incidents?bbox=1,2,3', 400);
    await problem('/v1/incidents?include_retracted=maybe', 400);
    await problem('/v1/incidents?format=xml', 400);
  });

  it('rejects malformed cursors and cursors of a different query', async () => {
    await problem('/v1/incidents?cursor=not*base64', 400);
    await problem('/v1/incidents?after=eyJ2IjoxfQ', 400);
    const { body } = await getJson<Collection>('/v1/incidents?limit=5');
    const cursor = body.meta.next_cursor ?? '';
    expect((await problem(`/v1/incidents?limit=5&status=active&after=${cursor}`, 400)).detail).toMatch(
      /different query/,
    );
    // `after` wins over `cursor`.
    const { body: page2 } = await getJson<Collection>(`/v1/incidents?limit=5&cursor=garbage&after=${cursor}`);
    expect(page2.features[0]?.id).not.toBe(body.features[0]?.id);
  });

  it('serves the CAP formats as XML, and a 404 problem for an unknown id in any format', async () => {
    const atom = await app.request('/v1/incidents?format=cap-atom&limit=2', { headers });
    expect(atom.status).toBe(200);
    expect(atom.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const first = records.find((r) => r.feature_type === 'incident')!;
    const alert = await app.request(`/v1/incidents/${first.id}?format=cap-au`, { headers });
    expect(alert.headers.get('content-type')).toBe('application/cap+xml; charset=utf-8');
    expect(await alert.text()).toContain(`<identifier>${first.id}-v1</identifier>`);
    await problem('/v1/incidents/nsw-rfs-1?format=cap-au', 404);
  });

  it('serves one incident, and a 404 problem for an unknown id or path', async () => {
    const first = records.find((r) => r.feature_type === 'incident')!;
    const { body, response } = await getJson<{ id: string; type: string }>(`/v1/incidents/${first.id}`);
    expect(response.headers.get('content-type')).toBe('application/geo+json');
    expect(body).toMatchObject({ type: 'Feature', id: first.id });
    const missing = await problem('/v1/incidents/nsw-rfs-does-not-exist', 404);
    expect(missing.detail).toMatch(/nsw-rfs-does-not-exist/);
    await problem('/v1/nothing-here', 404);
  });

  it('picks up a newly published generation without a restart', async () => {
    const more = recordsOf(45, 11);
    await warehouse.commit({
      feedKey: FEED,
      rawSha256: 'c'.repeat(64),
      incoming: more,
      polledAt: FETCHED,
      pollId: `poll@${FETCHED}-more`,
      guarded: false,
    });
    const published = await publishNow(warehouse, join(dir, 'serving'));
    // No request triggers the load: the store's watcher does, off the request path.
    await store.whenLoaded(published.generation);
    const { body } = await getJson<Collection>('/v1/incidents');
    expect(body.meta.total_count).toBe(more.filter((r) => r.feature_type === 'incident').length);
    expect(body.meta.total_count).toBeGreaterThan(pointCount);
  });

  it('serves every enumeration and the category mapping on /v1/schema', async () => {
    const { body } = await getJson<{
      eventTypes: string[];
      categoryMapping: Record<string, string[]>;
      formats: string[];
      states: string[];
    }>('/v1/schema');
    expect(body.eventTypes).toEqual([...EVENT_TYPES]);
    expect(body.states).toEqual(['nsw', 'vic', 'qld', 'sa', 'wa', 'tas', 'nt', 'act']);
    expect(body.formats).toEqual(['geojson', 'json', 'csv', 'cap-au', 'cap-atom']);
    expect(Object.values(body.categoryMapping).flat().sort()).toEqual([...EVENT_TYPES].sort());
    expect(body.categoryMapping.fire).toEqual(['bushfire', 'grass_fire', 'structure_fire', 'vehicle_fire']);
    expect(body.categoryMapping.planned).toEqual(['burn_off']);
  });

  it('reports feed health from the pollers, unknown where a poller cannot be asked', async () => {
    health = [undefined];
    const { body } = await getJson<{ states: { status: string; lastPolled: string | null }[] }>('/v1/states');
    expect(body.states).toEqual([
      expect.objectContaining({ state: 'nsw', agency: 'rfs', status: 'unknown', lastPolled: null }),
    ]);
    health = [
      {
        feedKey: FEED,
        state: 'nsw',
        agency: 'rfs',
        status: 'degraded',
        // A minute ago: a poll older than the interval allows would read stale.
        lastPolled: new Date(Date.now() - 60_000).toISOString(),
        incidentCount: 4,
        polls: 3,
        errorCount: 1,
        consecutiveFailures: 1,
        guardTrips: 0,
        unmappedValues: 0,
        droppedRecords: 0,
      },
    ];
    const { body: after } = await getJson<{ states: unknown[] }>('/v1/states');
    expect(after.states[0]).toMatchObject({
      status: 'degraded',
      incidentCount: 4,
      errorCount: 1,
      lastSuccess: null,
    });
  });

  it('lists every catalogue source with its licence and required attribution', async () => {
    const { body } = await getJson<{ count: number; disclaimer: string; sources: Record<string, unknown>[] }>(
      '/v1/attribution',
    );
    expect(body.count).toBe(1);
    expect(body.disclaimer).toMatch(/not a substitute for official warnings/);
    expect(body.sources[0]).toMatchObject({
      state: 'nsw',
      agency: 'NSW Rural Fire Service',
      licence: 'CC BY 4.0',
      official: true,
      attribution: expect.stringMatching(/NSW Rural Fire Service/) as unknown,
    });
  });

  it('answers / and /v1 without a key, with links to the docs, the description, status and exports', async () => {
    for (const path of ['/', '/v1']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      const body = (await response.json()) as { links: Record<string, string> };
      expect(body.links).toMatchObject({
        docs: '/v1/docs',
        openapi: '/v1/openapi.json',
        status: '/v1/status',
        exports: '/v1/exports',
      });
    }
  });

  it('describes itself in OpenAPI 3.1', async () => {
    const { body } = await getJson<{
      openapi: string;
      info: { version: string };
      paths: Record<string, unknown>;
    }>('/v1/openapi.json');
    expect(body.openapi).toBe('3.1.0');
    expect(body.info.version).toBe('1.44.0');
    expect(Object.keys(body.paths).sort()).toEqual(
      [
        '/',
        '/readyz',
        '/v1',
        '/v1/attribution',
        '/v1/events',
        '/v1/events/{id}',
        '/v1/declarations',
        '/v1/declarations/agrn/{agrn}',
        '/v1/declarations/point',
        '/v1/declarations/postcode/{postcode}',
        '/v1/declarations/sources',
        '/v1/exports',
        '/v1/exports/cap/incidents.atom',
        '/v1/exports/incidents/{name}',
        '/v1/exports/lake/{path}',
        '/v1/exports/tables/{table}',
        '/v1/gauges',
        '/v1/gauges/sources',
        '/v1/gauges/summary',
        '/v1/gauges/{id}',
        '/v1/gauges/{id}/readings',
        '/v1/incidents',
        '/v1/incidents/history',
        '/v1/incidents/nearby',
        '/v1/incidents/snapshot',
        '/v1/incidents/{id}',
        '/v1/schema',
        '/v1/states',
        '/v1/status',
        '/v1/stream',
        '/v1/stream/tokens',
        '/v1/subscriptions',
        '/v1/subscriptions/{id}',
        '/v1/subscriptions/{id}/deliveries',
        '/v1/tiles/{layer}',
        '/v1/tiles/{layer}/{z}/{x}/{y}',
      ].sort(),
    );
  });
});
