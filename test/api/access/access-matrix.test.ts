import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalise } from '../../../model/index.js';
import { parseNswRfsMajorIncidents } from '../../../sources/nsw/rfs-major-incidents.js';
import { publishNow } from '../../../warehouse/publisher.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import { generateKey } from '../../../api/access/key-format.js';
import { DEFAULT_POLICY, policyFor, ROUTE_POLICIES } from '../../../api/access/route-policy.js';
import { createApp, type App } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { FEED_CATALOGUE, TIERS, type Tier } from '../../../config/index.js';
import { toRecord } from '../../../model/index.js';
import { renderNswMajorIncidents, syntheticNswIncidents } from '../../../replay/generators/nsw-rfs.js';
import { bearer, testAccess, type TestAccess } from '../../support/keys.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';
import { declarationApi, type DeclarationApi } from '../../declarations/support/api-fixture.js';

const FEED = 'nsw-rfs-major-incidents';
const NSW_FEED = FEED_CATALOGUE.find((feed) => feed.key === FEED)!;
const FETCHED = '2026-11-20T10:00:00+11:00';
const NOW = new Date('2026-11-21T00:00:00Z');
const ALLOWED_ORIGIN = 'https://app.example';

/** What a request to an endpoint answers once it is past the gate, by plan. */
type Expect = (tier: Tier) => number;
const ok: Expect = () => 200;
const noRoute: Expect = () => 404;
/** The static CAP feed before any warehouse commit has written it (this app has none). */
const notPublished: Expect = () => 503;
const unavailable: Expect = () => 503;
const NO_SUBSCRIPTION = '3f1c2a4e-0000-4000-8000-00000000ab01';

interface Endpoint {
  /** Written out here, not read from the policy table, so a changed row fails this test. */
  access: 'open' | 'key' | 'declarations';
  method: 'GET' | 'POST' | 'DELETE';
  /** The OpenAPI path template, or the route's own path for routes outside the document. */
  template: string;
  url: string;
  passed: Expect;
}

/**
 * Every real route, and the future ones the policy table already covers (they answer 404 once past
 * the gate). A route added to the app without a row here fails "every route is in the matrix".
 */
function endpoints(incidentId: string): Endpoint[] {
  const open = (template: string, url = template): Endpoint => ({
    access: 'open',
    method: 'GET',
    template,
    url,
    passed: ok,
  });
  const keyed = (
    template: string,
    url: string,
    passed: Expect = ok,
    method: Endpoint['method'] = 'GET',
  ): Endpoint => ({
    access: 'key',
    method,
    template,
    url,
    passed,
  });
  const declarations = (
    template: string,
    url: string,
    passed: Expect,
    method: 'GET' | 'POST' = 'GET',
  ): Endpoint => ({
    access: 'declarations',
    method,
    template,
    url,
    passed,
  });
  return [
    open('/'),
    open('/v1'),
    open('/v1/schema'),
    open('/v1/openapi.json'),
    open('/v1/docs'),
    open('/v1/docs/assets/:file', '/v1/docs/assets/swagger-ui.css'),
    open('/v1/docs/assets/init.js'),
    open('/v1/status'),
    open('/v1/attribution'),
    // The status page and the map (api/pages/): pages and their files, no key.
    open('/status'),
    open('/status/assets/:file', '/status/assets/pages.css'),
    open('/map'),
    open('/map/assets/:file', '/map/assets/map.js'),
    open('/map/outlines.geojson'),
    open('/map/basemap.geojson'),
    open('/readyz'),
    keyed('/v1/incidents', '/v1/incidents?limit=5'),
    keyed('/v1/incidents/{id}', `/v1/incidents/${incidentId}`),
    keyed('/v1/incidents/nearby', '/v1/incidents/nearby?lat=-33&lng=150&radius=500'),
    keyed('/v1/incidents/snapshot', '/v1/incidents/snapshot?datetime=2026-11-20T00:00:00Z'),
    keyed('/v1/incidents/history', '/v1/incidents/history', (tier) => (tier === 'free' ? 403 : 200)),
    keyed('/v1/states', '/v1/states'),
    keyed('/v1/events', '/v1/events'),
    // No event has this id: the gate applies, then the route answers 404.
    keyed('/v1/events/{id}', '/v1/events/3f1c2a4e-0000-4000-8000-000000000000', noRoute),
    keyed('/v1/exports', '/v1/exports'),
    keyed('/v1/exports/incidents/{name}', '/v1/exports/incidents/current.csv'),
    keyed('/v1/exports/lake/{path}', '/v1/exports/lake/incidents_live/live-1.parquet'),
    // The same route as Hono registers it: a lake path has several segments.
    keyed('/v1/exports/lake/:path{.+}', '/v1/exports/lake/incidents_live/live-1.parquet'),
    keyed('/v1/exports/tables/{table}', '/v1/exports/tables/incidents_live'),
    keyed('/v1/exports/cap/incidents.atom', '/v1/exports/cap/incidents.atom', notPublished),
    keyed('/v1/gauges', '/v1/gauges'),
    keyed('/v1/gauges/summary', '/v1/gauges/summary'),
    keyed('/v1/gauges/sources', '/v1/gauges/sources'),
    // No gauge is published here: past the gate, an unknown id is a 404 (readings: paid plans first).
    keyed('/v1/gauges/{id}', '/v1/gauges/g1', noRoute),
    keyed('/v1/gauges/{id}/readings', '/v1/gauges/g1/readings', (tier) => (tier === 'free' ? 403 : 404)),
    // This app runs no change stream: past the gate the route answers 503 (test/api/stream/ streams).
    keyed('/v1/stream', '/v1/stream', unavailable),
    keyed('/v1/stream/tokens', '/v1/stream/tokens', unavailable, 'POST'),
    // Nor webhooks (test/subscriptions/, test/workflows/webhook-deliveries.test.ts).
    keyed('/v1/subscriptions', '/v1/subscriptions', unavailable),
    // The body the matrix posts is no subscription: past the gate, a 400.
    keyed('/v1/subscriptions', '/v1/subscriptions', () => 400, 'POST'),
    keyed('/v1/subscriptions/{id}', `/v1/subscriptions/${NO_SUBSCRIPTION}`, unavailable),
    keyed('/v1/subscriptions/{id}', `/v1/subscriptions/${NO_SUBSCRIPTION}`, unavailable, 'DELETE'),
    keyed(
      '/v1/subscriptions/{id}/deliveries',
      `/v1/subscriptions/${NO_SUBSCRIPTION}/deliveries`,
      unavailable,
    ),
    // Keyed, but not counted (one view of the map asks for a dozen): see the quota checks below.
    keyed('/v1/tiles/{layer}', '/v1/tiles/live'),
    keyed('/v1/tiles/{layer}/{z}/{x}/{y}', '/v1/tiles/live/0/0/0'),
    declarations('/v1/declarations', '/v1/declarations', ok),
    declarations('/v1/declarations/sources', '/v1/declarations/sources', ok),
    declarations('/v1/declarations/postcode/{postcode}', '/v1/declarations/postcode/2000', ok),
    // No declaration has this AGRN in the stand-in inputs.
    declarations('/v1/declarations/agrn/{agrn}', '/v1/declarations/agrn/1234', noRoute),
    declarations('/v1/declarations/point', '/v1/declarations/point', ok, 'POST'),
  ];
}

interface Problem {
  type: string;
  status: number;
  title: string;
  detail?: string;
  requestId?: string;
}

describe('the access matrix: every endpoint × key state × plan × entitlement × Origin', () => {
  let dir: string;
  let warehouse: Warehouse;
  let store: ServingStore;
  let access: TestAccess;
  let app: App;
  let incidentId: string;
  const tokens = new Map<Tier, string>();
  let entitled: string;
  let revoked: string;
  let wrongSecret: string;
  let restricted: string;
  let entitledOffPlan: string;
  let declarationInputs: DeclarationApi;

  beforeAll(async () => {
    declarationInputs = await declarationApi();
    dir = await mkdtemp(join(tmpdir(), 'eids-matrix-'));
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    const body = new TextEncoder().encode(renderNswMajorIncidents(syntheticNswIncidents(5, 3)));
    const records = parseNswRfsMajorIncidents(body).incidents.map((d) => toRecord(normalise(d, FETCHED)));
    incidentId = records[0]!.id;
    await warehouse.commit({
      feedKey: FEED,
      rawSha256: 'c'.repeat(64),
      incoming: records,
      polledAt: FETCHED,
      pollId: `poll@${FETCHED}`,
    });
    await publishNow(warehouse, join(dir, 'serving'));
    store = await ServingStore.open(join(dir, 'serving'));
    access = testAccess();
    for (const tier of TIERS) tokens.set(tier, (await access.issue(tier)).token);
    entitled = (await access.issue('enterprise', { entitlements: ['declarations'] })).token;
    const gone = await access.issue('pro');
    await access.store.revoke(gone.id, NOW);
    revoked = gone.token;
    wrongSecret = `${tokens.get('pro')!.slice(0, -43)}${'A'.repeat(43)}`;
    restricted = (await access.issue('developer', { origins: [ALLOWED_ORIGIN] })).token;
    // Written past issueKey's checks: the gate must still refuse declarations off the enterprise plan.
    const offPlan = generateKey();
    await access.store.create({
      id: offPlan.id,
      secretSha256: offPlan.secretSha256,
      tier: 'pro',
      label: 'entitlement on the wrong plan',
      entitlements: ['declarations'],
      origins: [],
      monthlyQuota: null,
      perClient: false,
      createdAt: NOW.toISOString(),
      revokedAt: null,
    });
    entitledOffPlan = offPlan.token;
    app = createApp({
      cap: TEST_CAP_ISSUER,
      store,
      feedHealth: { read: () => Promise.resolve([undefined]) },
      catalogue: [NSW_FEED],
      cursors: new CursorCodec('matrix-test-secret'),
      keys: access.store,
      quota: access.store,
      version: 'test',
      startedAt: NOW,
      now: () => NOW,
      declarations: declarationInputs.declarations,
    });
  });
  afterAll(async () => {
    await declarationInputs.close();
    access.close();
    store.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function call(endpoint: Endpoint, headers: Record<string, string> = {}): Promise<Response> {
    const init: RequestInit = { method: endpoint.method, headers: { ...headers } };
    if (endpoint.method === 'POST') {
      init.body = JSON.stringify({ lat: -33.8, lng: 151.2 });
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    return app.request(endpoint.url, init);
  }

  /** The status, and for every error a problem+json body that agrees with it. */
  async function expectStatus(
    response: Response,
    status: number,
    what: string,
  ): Promise<Problem | undefined> {
    expect(response.status, what).toBe(status);
    if (status < 400) return undefined;
    expect(response.headers.get('content-type'), what).toBe('application/problem+json');
    const body = (await response.json()) as Problem;
    expect(body.status, what).toBe(status);
    expect(body.requestId, what).toBe(response.headers.get('x-request-id'));
    return body;
  }

  const isOpen = (endpoint: Endpoint) => endpoint.access === 'open';
  const needsEntitlement = (endpoint: Endpoint) => endpoint.access === 'declarations';
  /** What a valid key of `tier` gets: open endpoints ignore it; declarations need the entitlement. */
  const passedAs = (endpoint: Endpoint, tier: Tier, entitled = false) => {
    if (isOpen(endpoint)) return 200;
    if (needsEntitlement(endpoint) && !entitled) return 403;
    return endpoint.passed(tier);
  };

  describe('coverage', () => {
    it('every route the app registers has an explicit policy row', () => {
      const paths = new Set(
        app.routes
          .filter((route) => route.method !== 'ALL')
          .map((route) => route.path.replace(/:(\w+)/g, '$1')),
      );
      expect(paths.size).toBeGreaterThan(10);
      for (const path of paths) expect(policyFor(path), path).not.toBe(DEFAULT_POLICY);
    });

    it('every path of the OpenAPI document has a policy row and a place in this matrix', async () => {
      const document = (await (await app.request('/v1/openapi.json')).json()) as {
        paths: Record<string, unknown>;
      };
      const templates = new Set(endpoints(incidentId).map((e) => e.template));
      for (const template of Object.keys(document.paths)) {
        expect(policyFor(template.replace(/[{}]/g, '')), template).not.toBe(DEFAULT_POLICY);
        expect(templates.has(template), `${template} is in the matrix`).toBe(true);
      }
    });

    it('every registered route is in the matrix', () => {
      const templates = new Set(endpoints(incidentId).map((e) => e.template.replace(/\{(\w+)\}/g, ':$1')));
      for (const route of app.routes.filter((r) => r.method !== 'ALL')) {
        expect(templates.has(route.path), `${route.method} ${route.path} is in the matrix`).toBe(true);
      }
    });

    it('matches policy rows by whole path segments, and closes what no row names', () => {
      expect(policyFor('/v1/incidents').key).toBe(true);
      expect(policyFor('/v1/schema').key).toBe(false);
      expect(policyFor('/v1/schemas').key).toBe(true);
      expect(policyFor('/v1/status/x').key).toBe(true);
      expect(policyFor('/v1/docs/assets/x.css').key).toBe(false);
      expect(policyFor('/v1/declarations/agrn/1').entitlement).toBe('declarations');
      expect(policyFor('/v2/anything')).toBe(DEFAULT_POLICY);
      expect(ROUTE_POLICIES.every((p) => !p.metered || p.key)).toBe(true);
    });
  });

  describe('without a valid key', () => {
    it('no Authorization header: 401 with a bare Bearer challenge on keyed endpoints; open ones answer', async () => {
      for (const endpoint of endpoints(incidentId)) {
        const response = await call(endpoint);
        const what = `${endpoint.method} ${endpoint.url} (no key)`;
        if (isOpen(endpoint)) {
          await expectStatus(response, 200, what);
          continue;
        }
        const problem = await expectStatus(response, 401, what);
        expect(problem?.type).toBe('/v1/problems/unauthorized');
        expect(response.headers.get('www-authenticate'), what).toBe('Bearer realm="eids"');
        expect(response.headers.get('ratelimit-limit'), what).toBeNull();
      }
    });

    it('a malformed header: 401 invalid_request on keyed endpoints; open ones ignore it', async () => {
      const valid = tokens.get('pro')!;
      const malformed = [
        'Basic dXNlcjpwYXNz',
        'Bearer',
        'Bearer ',
        `Token ${valid}`,
        `Bearer ${valid} ${valid}`,
        'Bearer eids_short_secret',
        `Bearer ${valid.replace('eids_', 'xyz_')}`,
        `Bearer ${valid.slice(0, -1)}`,
        `Bearer ${valid}!`,
      ];
      for (const endpoint of endpoints(incidentId)) {
        for (const header of malformed) {
          const response = await call(endpoint, { authorization: header });
          const what = `${endpoint.method} ${endpoint.url} with "${header.slice(0, 20)}"`;
          if (isOpen(endpoint)) {
            await expectStatus(response, 200, what);
            continue;
          }
          await expectStatus(response, 401, what);
          expect(response.headers.get('www-authenticate'), what).toBe(
            'Bearer realm="eids", error="invalid_request"',
          );
        }
      }
    });

    it('an unknown, a revoked, or a wrong-secret key: 401 invalid_token, one answer for all three', async () => {
      const unknown = generateKey().token;
      for (const endpoint of endpoints(incidentId)) {
        const details = new Set<string | undefined>();
        for (const token of [unknown, revoked, wrongSecret]) {
          const response = await call(endpoint, bearer(token));
          const what = `${endpoint.method} ${endpoint.url}`;
          if (isOpen(endpoint)) {
            await expectStatus(response, 200, what);
            continue;
          }
          const problem = await expectStatus(response, 401, what);
          details.add(problem?.detail);
          expect(response.headers.get('www-authenticate'), what).toBe(
            'Bearer realm="eids", error="invalid_token"',
          );
        }
        expect(details.size).toBeLessThanOrEqual(1);
      }
    });

    it('accepts the scheme name in any case', async () => {
      const response = await app.request('/v1/states', {
        headers: { authorization: `bEaReR ${tokens.get('free')!}` },
      });
      expect(response.status).toBe(200);
    });
  });

  describe('with a valid key', () => {
    it('each plan, without the entitlement: the plan decides; declarations are 403 entitlement-required', async () => {
      for (const tier of TIERS) {
        for (const endpoint of endpoints(incidentId)) {
          const response = await call(endpoint, bearer(tokens.get(tier)!));
          const what = `${endpoint.method} ${endpoint.url} as ${tier}`;
          const problem = await expectStatus(response, passedAs(endpoint, tier), what);
          if (needsEntitlement(endpoint)) {
            expect(problem?.type, what).toBe('/v1/problems/entitlement-required');
          }
          // Metered: everything past the gate its policy counts; refusals at the gate, open endpoints
          // and tiles are not counted.
          const counted = policyFor(new URL(endpoint.url, 'http://x').pathname).metered;
          const metered = counted && !isOpen(endpoint) && !needsEntitlement(endpoint);
          const limit = response.headers.get('ratelimit-limit');
          if (metered) expect(limit, what).toMatch(/^\d+$/);
          else expect(limit, what).toBeNull();
        }
      }
    });

    it('declarations with the entitlement on the enterprise plan: past the gate, answered by the routes', async () => {
      for (const endpoint of endpoints(incidentId)) {
        const response = await call(endpoint, bearer(entitled));
        const what = `${endpoint.method} ${endpoint.url} entitled`;
        const problem = await expectStatus(response, passedAs(endpoint, 'enterprise', true), what);
        const expected =
          {
            503: '/v1/problems/unavailable',
            400: '/v1/problems/invalid-parameter',
          }[response.status] ?? '/v1/problems/not-found';
        if (problem) expect(problem.type, what).toBe(expected);
      }
    });

    it('the declarations entitlement on a non-enterprise plan does not open declarations', async () => {
      for (const endpoint of endpoints(incidentId)) {
        const response = await call(endpoint, bearer(entitledOffPlan));
        await expectStatus(response, passedAs(endpoint, 'pro'), endpoint.url);
      }
    });

    it('a percent-encoded path is held to the same policy', async () => {
      const encoded = await app.request('/v1/%64eclarations', { headers: bearer(tokens.get('pro')!) });
      expect(encoded.status).not.toBe(404);
      await expectStatus(encoded, 403, 'encoded declarations');
      await expectStatus(await app.request('/v1/%69ncidents'), 401, 'encoded incidents without key');
    });
  });

  describe('browser origins', () => {
    it('a key with an allowlist: listed Origin passes and is echoed, absent Origin passes, other Origins are 403', async () => {
      for (const endpoint of endpoints(incidentId)) {
        const what = `${endpoint.method} ${endpoint.url}`;
        const listed = await call(endpoint, bearer(restricted, { origin: ALLOWED_ORIGIN }));
        await expectStatus(listed, passedAs(endpoint, 'developer'), `${what} from the listed origin`);
        expect(listed.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
        expect(listed.headers.get('vary')).toMatch(/origin/i);

        const absent = await call(endpoint, bearer(restricted));
        await expectStatus(absent, passedAs(endpoint, 'developer'), `${what} without Origin`);
        expect(absent.headers.get('access-control-allow-origin')).toBeNull();

        for (const origin of [
          'https://evil.example',
          'http://app.example',
          'https://app.example.evil',
          'null',
        ]) {
          const other = await call(endpoint, bearer(restricted, { origin }));
          if (isOpen(endpoint)) {
            // Open endpoints ignore keys, so no allowlist applies.
            await expectStatus(other, 200, `${what} from ${origin}`);
            continue;
          }
          const problem = await expectStatus(other, 403, `${what} from ${origin}`);
          expect(problem?.type).toBe('/v1/problems/origin-not-allowed');
          expect(other.headers.get('access-control-allow-origin'), `${what} from ${origin}`).toBeNull();
        }
      }
    });

    it('a key without an allowlist works from any Origin, which is echoed', async () => {
      const response = await app.request('/v1/incidents', {
        headers: bearer(tokens.get('free')!, { origin: 'https://anywhere.example' }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('https://anywhere.example');
      expect(response.headers.get('access-control-expose-headers')).toMatch(/ratelimit-remaining/i);
      expect(response.headers.get('access-control-expose-headers')).toMatch(/x-request-id/);
    });

    it('answers preflights without a key, allowing the Authorization header', async () => {
      const response = await app.request('/v1/incidents', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://anywhere.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('https://anywhere.example');
      expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
      expect(response.headers.get('access-control-allow-methods')).toMatch(/GET/);
    });

    it('lets a browser read a 401 (the Origin is echoed on refusals other than the allowlist)', async () => {
      const response = await app.request('/v1/incidents', {
        headers: { origin: 'https://anywhere.example' },
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('access-control-allow-origin')).toBe('https://anywhere.example');
    });
  });

  describe('plan lookbacks from the key (now is 2026-11-21)', () => {
    const cases: [string, Partial<Record<Tier, number>>][] = [
      // history: `after` 6 months, 2 years and 6 years back
      ['/v1/incidents/history?after=2026-05-21T00:00:00Z', { free: 403, starter: 200, developer: 200 }],
      ['/v1/incidents/history?after=2024-11-01T00:00:00Z', { starter: 403, developer: 200, business: 200 }],
      ['/v1/incidents/history?after=2020-11-01T00:00:00Z', { developer: 403, business: 403, pro: 200 }],
      ['/v1/incidents/history?after=1990-01-01T00:00:00Z', { pro: 200, enterprise: 200 }],
      // archive snapshots (before 2026-04-08) with the same reaches
      ['/v1/incidents/snapshot?state=nsw&datetime=2026-01-01T00:00:00Z', { free: 403, starter: 200 }],
      ['/v1/incidents/snapshot?state=nsw&datetime=2024-06-01T00:00:00Z', { starter: 403, developer: 200 }],
      ['/v1/incidents/snapshot?state=nsw&datetime=2019-06-01T00:00:00Z', { business: 403, pro: 200 }],
      ['/v1/incidents/snapshot?state=nsw&datetime=1900-06-01T00:00:00Z', { enterprise: 200 }],
    ];
    const expected: Record<Tier, string> = {
      free: 'no archive access',
      starter: '1 year',
      developer: '5 years',
      business: '5 years',
      pro: 'unlimited',
      enterprise: 'unlimited',
    };
    for (const [url, byTier] of cases) {
      it(`${url}: ${JSON.stringify(byTier)}`, async () => {
        for (const [tier, status] of Object.entries(byTier) as [Tier, number][]) {
          const response = await app.request(url, { headers: bearer(tokens.get(tier)!) });
          const problem = await expectStatus(response, status, `${url} as ${tier}`);
          if (problem) {
            expect(problem.type).toMatch(/\/v1\/problems\/(tier-required|beyond-lookback)$/);
            expect(problem).toMatchObject({ tier, allowed: expected[tier] });
            expect(problem.detail).toContain(expected[tier]);
          }
        }
      });
    }
  });
});
