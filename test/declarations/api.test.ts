import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { CursorCodec } from '../../api/cursor.js';
import { DeclarationStore, type LoadedDeclarations } from '../../api/declarations/declaration-store.js';
import { lookupPostcode } from '../../declarations/index.js';
import type { DeclarationRefreshHealth } from '../../model/index.js';
import { TEST_CAP_ISSUER } from '../support/cap-issuer.js';
import { bearer } from '../support/keys.js';
import { ResponseValidator } from '../support/openapi-validator.js';
import { declarationApi, type DeclarationApi } from './support/api-fixture.js';

/** The refresher's answer as a test gives it: the NSW source failed its last refresh. */
const HEALTH: DeclarationRefreshHealth = {
  status: 'degraded',
  refreshes: 3,
  lastRefresh: '2026-06-30T00:00:00.000Z',
  sources: [
    {
      source: 'nema_drfa_activations',
      status: 'healthy',
      lastOutcome: 'unchanged',
      lastSuccess: '2026-06-30T00:00:00.000Z',
      consecutiveFailures: 0,
      errorCount: 0,
      records: 50,
      rejected: 0,
    },
    {
      source: 'nsw_disaster_declarations',
      status: 'degraded',
      lastOutcome: 'failed',
      lastError: 'HTTP 503 from www.nsw.gov.au/emergency',
      lastErrorKind: 'http-status',
      consecutiveFailures: 1,
      errorCount: 1,
      records: 4,
      rejected: 0,
    },
  ],
};

/** What an answer computed on the stand-ins' made-up boundaries says about them. */
const MADE_UP_NOTE =
  'Computed on made-up stand-in boundaries, not the ABS LGAs: the LGAs, suburbs and postcodes are made up.';

interface Problem {
  type: string;
  status: number;
  detail?: string;
  errors?: { parameter: string; detail: string }[];
}

describe('declaration endpoints over stand-in inputs, every answer checked against the OpenAPI document', () => {
  let api: DeclarationApi;
  let validator: ResponseValidator;
  let loaded: LoadedDeclarations;

  beforeAll(async () => {
    api = await declarationApi({ health: { read: () => Promise.resolve(HEALTH) } });
    validator = new ResponseValidator((await (await api.app.request('/v1/openapi.json')).json()) as never);
    const current = await api.declarations.current();
    if ('unavailable' in current) throw new Error(current.unavailable);
    loaded = current;
  });
  afterAll(() => api.close());

  async function call(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await api.app.request(url, {
      ...init,
      headers: { ...bearer(api.entitled), ...(init.headers as Record<string, string>) },
    });
    await validator.check(init.method ?? 'GET', url, response);
    return response;
  }
  const point = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    call('/v1/declarations/point', { method: 'POST', body, headers });

  async function expectProblem(response: Response, status: number, parameter?: string): Promise<Problem> {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await response.json()) as Problem;
    if (parameter) expect(problem.errors?.map((e) => e.parameter)).toContain(parameter);
    return problem;
  }

  /** The NSW declaration the stand-in register makes, and a postcode lying only in LGAs it names. */
  function declaredPostcode() {
    const nsw = loaded.dataset.records.find((record) => record.source === 'nsw_disaster_declarations');
    if (!nsw) throw new Error('the stand-ins have no NSW declaration');
    const declared = new Set(
      loaded.dataset.records
        .filter((r) => r.agrn === nsw.agrn && r.source === nsw.source)
        .map((r) => r.area.code),
    );
    const postcode = [...Array(10_000).keys()]
      .map((n) => String(n).padStart(4, '0'))
      .find((p) => {
        const lgas = loaded.geography.directory.entry(p)?.lgas ?? [];
        return lgas.length > 0 && lgas.every((lga) => declared.has(lga.code));
      });
    if (!postcode) throw new Error('no postcode lies wholly in the declared LGAs');
    return { postcode, asAt: nsw.startDate, agrn: nsw.agrn };
  }

  describe('GET /v1/declarations/postcode/{postcode}', () => {
    it('a postcode wholly in declared LGAs is declared, exactly as the lookup core answers it', async () => {
      const { postcode, asAt, agrn } = declaredPostcode();
      const response = await call(`/v1/declarations/postcode/${postcode}?as_at=${asAt}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toMatch(/private/);
      const body = (await response.json()) as Record<string, unknown> & {
        lgas: { records: { agrn: number }[] }[];
      };
      expect(body.matchStatus).toBe('declared');
      expect(body.lgas.every((lga) => lga.records.some((record) => record.agrn === agrn))).toBe(true);
      const { disclaimer, ...result } = body;
      expect(disclaimer).toMatch(/practitioner/);
      // The core's answer, and a note that the stand-ins' geography is made up.
      const core = lookupPostcode(loaded.dataset, loaded.geography.directory, { postcode, asAt });
      expect(result).toEqual({ ...core, notes: [...core.notes, MADE_UP_NOTE] });
    });

    it('an unknown postcode is 200 unknown_postcode; an unmatched suburb keeps the whole postcode and says why', async () => {
      const unknown = await call('/v1/declarations/postcode/0001?as_at=2026-01-01');
      expect(unknown.status).toBe(200);
      expect(await unknown.json()).toMatchObject({ matchStatus: 'unknown_postcode', lgas: [] });

      const { postcode, asAt } = declaredPostcode();
      const narrowed = await call(
        `/v1/declarations/postcode/${postcode}?as_at=${asAt}&suburb=Nowhere%20Flat`,
      );
      const body = (await narrowed.json()) as {
        matchStatus: string;
        narrowing: { applied: boolean; knownSuburbs: string[] };
      };
      expect(body.matchStatus).toBe('declared');
      expect(body.narrowing.applied).toBe(false);
      expect(body.narrowing.knownSuburbs.length).toBeGreaterThan(0);
    });

    it('400 for a malformed postcode, as_at, include_expired or instrument_type', async () => {
      for (const [url, parameter] of [
        ['/v1/declarations/postcode/123', 'postcode'],
        ['/v1/declarations/postcode/12345', 'postcode'],
        ['/v1/declarations/postcode/abcd', 'postcode'],
        ['/v1/declarations/postcode/2480?as_at=2025-02-30', 'as_at'],
        ['/v1/declarations/postcode/2480?as_at=yesterday', 'as_at'],
        ['/v1/declarations/postcode/2480?include_expired=maybe', 'include_expired'],
        ['/v1/declarations/postcode/2480?instrument_type=decree', 'instrument_type'],
      ] as const) {
        await expectProblem(await call(url), 400, parameter);
      }
    });
  });

  describe('POST /v1/declarations/point', () => {
    // The log as checked for coordinates: without its request ids, random UUIDs whose hex digits can
    // spell any four digits (`…-4567-…`).
    const loggedWithoutIds = () => api.logLines.map((line) => line.replace(/ req=\S+/, '')).join('\n');

    // The stand-in grid: LGA 11040 is the square 150–150.5° E, 28.5–29° S; 11050 lies east of it.
    it('a point inside an LGA: its status, no-store, and nothing of the coordinates in the answer or the log', async () => {
      const response = await point('{"lat": -28.7512345, "lng": 150.2598765, "as_at": "2026-06-01"}');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const text = await response.text();
      expect(text).not.toMatch(/28\.75123|150\.25987/);
      const body = JSON.parse(text) as {
        status: string;
        onBoundary: boolean;
        lgas: { code: string }[];
        notes: string[];
      };
      expect(body.onBoundary).toBe(false);
      expect(body.lgas.map((lga) => lga.code)).toEqual(['11040']);
      expect(body.notes).toContain(MADE_UP_NOTE);
      expect(['declared', 'activation_only', 'uncertain', 'not_declared']).toContain(body.status);
      expect(loggedWithoutIds()).not.toMatch(/28\.75|150\.25/);
    });

    it('a point on the edge between two LGAs answers both, onBoundary', async () => {
      const response = await point('{"lat": -28.75, "lng": 150.5}');
      const body = (await response.json()) as { onBoundary: boolean; lgas: { code: string }[] };
      expect(body.onBoundary).toBe(true);
      expect(body.lgas.map((lga) => lga.code)).toEqual(['11040', '11050']);
    });

    it('a point outside every LGA is 200 unknown_location', async () => {
      const response = await point('{"lat": -20.5, "lng": 140.5}');
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        status: 'unknown_location',
        lgas: [],
        onBoundary: false,
      });
    });

    it('400 for every invalid body, never repeating what was sent, and no-store on the refusal too', async () => {
      const bodies: [string, string][] = [
        ['{"lat": 91.4567, "lng": 150.9876}', 'lat'],
        ['{"lat": -33.4567, "lng": 190.9876}', 'lng'],
        ['{"lat": "-33.4567", "lng": 150.9876}', 'lat'],
        ['{"lng": 150.9876}', 'lat'],
        ['{"lat": -33.4567, "lng": 150.9876, "as_at": "2025-13-45"}', 'as_at'],
        ['{"lat": -33.4567, "lng": 150.9876, "instrument_type": "x150.9876"}', 'instrument_type'],
        ['[-33.4567, 150.9876]', ''],
        ['{"lat": -33.4567, "lng": 150.98', 'body'],
      ];
      for (const [body, parameter] of bodies) {
        const response = await point(body);
        expect(response.headers.get('cache-control'), body).toBe('no-store');
        const problem = await expectProblem(response, 400, parameter);
        expect(JSON.stringify(problem), body).not.toMatch(/4567|9876|2025-13-45|x150/);
      }
      const plain = await point('{"lat": -33.4567, "lng": 150.9876}', { 'content-type': 'text/plain' });
      await expectProblem(plain, 400, 'body');
      expect(loggedWithoutIds()).not.toMatch(/4567|9876/);
    });
  });

  describe('GET /v1/declarations', () => {
    it('pages by links.next until it is absent, and the pages together are the whole list', async () => {
      const whole = (await (
        await call('/v1/declarations?status=all&limit=500&active_on=2026-06-30')
      ).json()) as {
        items: { id: string }[];
        links: { next?: string };
      };
      expect(whole.links.next).toBeUndefined();
      expect(whole.items.length).toBeGreaterThan(5);
      const paged: string[] = [];
      let next: string | undefined = '/v1/declarations?status=all&limit=4&active_on=2026-06-30';
      while (next) {
        const page = (await (await call(next)).json()) as {
          items: { id: string }[];
          links: { next?: string };
          meta: { nextCursor: string | null };
        };
        expect(page.items.length).toBeLessThanOrEqual(4);
        expect(page.meta.nextCursor === null).toBe(page.links.next === undefined);
        paged.push(...page.items.map((item) => item.id));
        next = page.links.next;
      }
      expect(paged).toEqual(whole.items.map((item) => item.id));
    });

    it('filters by jurisdiction, instrument type and status', async () => {
      const qld = (await (
        await call('/v1/declarations?jurisdiction=QLD&status=all&active_on=2026-06-30')
      ).json()) as {
        items: { jurisdiction: string }[];
      };
      expect(qld.items.every((item) => item.jurisdiction === 'qld')).toBe(true);
      const state = (await (
        await call(
          '/v1/declarations?instrument_type=state_natural_disaster_declaration&status=all&active_on=2026-06-30',
        )
      ).json()) as { items: { instrumentType: string }[] };
      expect(state.items.length).toBe(1);
      const active = (await (await call('/v1/declarations?active_on=2026-06-30')).json()) as {
        items: { status: string }[];
      };
      expect(active.items.every((item) => item.status === 'active')).toBe(true);
    });

    it('400 for an invalid active_on, status, limit, cursor or jurisdiction', async () => {
      for (const [query, parameter] of [
        ['active_on=2026-02-31', 'active_on'],
        ['status=current', 'status'],
        ['limit=0', 'limit'],
        ['limit=501', 'limit'],
        ['limit=ten', 'limit'],
        ['cursor=not-a-cursor', 'cursor'],
        ['cursor=WyIyMDI2IiwieCJd', 'cursor'],
        ['jurisdiction=atlantis', 'jurisdiction'],
      ] as const) {
        await expectProblem(await call(`/v1/declarations?${query}`), 400, parameter);
      }
    });
  });

  describe('GET /v1/declarations/agrn/{agrn}', () => {
    it('merges every source: the NSW declaration beside its DRFA activation', async () => {
      const { agrn, asAt } = declaredPostcode();
      const response = await call(`/v1/declarations/agrn/${agrn}?as_at=${asAt}`);
      const body = (await response.json()) as { instruments: { instrumentType: string }[]; lgas: unknown[] };
      expect(body.instruments.map((i) => i.instrumentType).sort()).toEqual([
        'drfa_activation_agrn',
        'state_natural_disaster_declaration',
      ]);
      expect(body.lgas.length).toBeGreaterThan(0);
    });

    it('400 when not 1 to 6 digits, 404 when no declaration has it', async () => {
      await expectProblem(await call('/v1/declarations/agrn/abc'), 400, 'agrn');
      await expectProblem(await call('/v1/declarations/agrn/1234567'), 400, 'agrn');
      await expectProblem(await call('/v1/declarations/agrn/12a'), 400, 'agrn');
      const missing = await expectProblem(await call('/v1/declarations/agrn/999999'), 404);
      expect(missing.type).toBe('/v1/problems/not-found');
    });
  });

  describe('GET /v1/declarations/sources', () => {
    it('what is served for each source beside the refresher’s health', async () => {
      const body = (await (await call('/v1/declarations/sources')).json()) as {
        available: boolean;
        boundaryVersion: string;
        refresher: { status: string };
        sources: {
          source: string;
          served: { records: number; documents: { url: string }[] } | null;
          refresh: { status: string; lastError: { kind: string } | null } | null;
        }[];
      };
      expect(body.available).toBe(true);
      expect(body.boundaryVersion).toMatch(
        /^LGA 2022, made-up stand-in boundaries, not the ABS LGAs \(sha256 [0-9a-f]{12}\)$/,
      );
      expect(body.refresher.status).toBe('degraded');
      const drfa = body.sources.find((s) => s.source === 'nema_drfa_activations');
      const nsw = body.sources.find((s) => s.source === 'nsw_disaster_declarations');
      expect(drfa?.served?.records).toBe(
        loaded.dataset.records.filter((r) => r.source === 'nema_drfa_activations').length,
      );
      expect(drfa?.served?.documents.map((d) => d.url)).toEqual(['file:drfa_activation_history.csv']);
      expect(nsw?.refresh).toMatchObject({ status: 'degraded', lastError: { kind: 'http-status' } });
      expect(nsw?.served?.records).toBe(4);
    });
  });

  describe('access', () => {
    it('401 without a key, 403 without the entitlement (pro, or enterprise without it), as documented', async () => {
      const pro = (await api.access.issue('pro')).token;
      const enterprise = (await api.access.issue('enterprise')).token;
      const requests: [string, RequestInit][] = [
        ['/v1/declarations', {}],
        ['/v1/declarations/postcode/2480', {}],
        ['/v1/declarations/agrn/1011', {}],
        ['/v1/declarations/sources', {}],
        ['/v1/declarations/point', { method: 'POST', body: '{"lat": -28.75, "lng": 150.25}' }],
      ];
      for (const [url, init] of requests) {
        const method = init.method ?? 'GET';
        const json = { 'content-type': 'application/json' };
        const none = await api.app.request(url, { ...init, headers: json });
        await validator.check(method, url, none);
        expect((await expectProblem(none, 401)).type).toBe('/v1/problems/unauthorized');
        for (const token of [pro, enterprise]) {
          const response = await api.app.request(url, { ...init, headers: bearer(token, json) });
          await validator.check(method, url, response);
          expect((await expectProblem(response, 403)).type).toBe('/v1/problems/entitlement-required');
        }
      }
    });
  });
});

describe('declaration endpoints before anything is loaded', () => {
  it('503 with the reason, and /sources says the same', async () => {
    const api = await declarationApi();
    try {
      const unconfigured = new DeclarationStore(api.store, '', undefined);
      const app = createApp({
        cap: TEST_CAP_ISSUER,
        store: api.store,
        keys: api.access.store,
        quota: api.access.store,
        feedHealth: { read: () => Promise.resolve([]) },
        catalogue: [],
        cursors: new CursorCodec('declarations-test-secret'),
        version: 'test',
        startedAt: new Date(),
        now: () => new Date(),
        declarations: unconfigured,
      });
      const validator = new ResponseValidator(
        (await (await app.request('/v1/openapi.json')).json()) as never,
      );
      const headers = bearer(api.entitled);
      const lookup = await app.request('/v1/declarations/postcode/2480', { headers });
      await validator.check('GET', '/v1/declarations/postcode/2480', lookup);
      expect(lookup.status).toBe(503);
      expect(((await lookup.json()) as Problem).detail).toMatch(/DECLARATIONS_BOUNDARIES/);
      const sources = await app.request('/v1/declarations/sources', { headers });
      await validator.check('GET', '/v1/declarations/sources', sources);
      expect(await sources.json()).toMatchObject({ available: false, refresher: null, generation: null });
    } finally {
      await api.close();
    }
  });
});
