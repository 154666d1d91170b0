import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey } from '../../../api/access/key-format.js';
import { createApp, type App } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import type { Catalogue } from '../../../api/exports/catalogue.js';
import { listen } from '../../../api/listen.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { FEED_CATALOGUE, TIERS, type Tier } from '../../../config/index.js';
import type { LakeFile } from '../../../lake/manifest.js';
import { LAKE_TABLES, type LakeTableName } from '../../../lake/tables.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';
import { everyTableLake, type EveryTableLake } from '../../support/every-table-lake.js';
import { bearer, testAccess, type TestAccess } from '../../support/keys.js';
import { ResponseValidator } from '../../support/openapi-validator.js';

const NOW = new Date('2026-11-21T00:00:00Z');
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

interface Viewer {
  name: string;
  tier: Tier;
  token: string;
}

/** What an endpoint (or a download) answered: allowed, or the refusal's problem fields. */
type Verdict = { allowed: true } | { allowed: false; status: number; problem: Record<string, unknown> };

/** A download that is not a lake file: the whole collections and the CAP feed, with their endpoint. */
const COLLECTIONS: { href: string; endpoint: string }[] = [
  { href: '/v1/exports/incidents/current.geojson', endpoint: '/v1/incidents?limit=1' },
  { href: '/v1/exports/incidents/current.csv', endpoint: '/v1/incidents?limit=1&format=csv' },
  { href: '/v1/exports/incidents/current.arrows', endpoint: '/v1/incidents?limit=1' },
  { href: '/v1/exports/cap/incidents.atom', endpoint: '/v1/incidents?format=cap-atom' },
];

/**
 * The request to a table's own endpoint for what a file of it holds, from the file's earliest row:
 * written out here, not read from the service's definition, so a wrong rule there fails this test.
 */
function endpointFor(file: LakeFile, gaugeId: string): string {
  const after = encodeURIComponent(file.minTime ?? NOW.toISOString());
  const table: LakeTableName = file.table;
  switch (table) {
    case 'incidents_live':
      return '/v1/incidents?limit=1&include_retracted=true';
    case 'events':
      return '/v1/events?limit=1&include_inactive=true';
    case 'gauges_latest':
      return '/v1/gauges?limit=1';
    case 'incident_versions':
    case 'archive':
      return `/v1/incidents/history?limit=1&after=${after}`;
    case 'gauge_readings':
    case 'gauge_rollups':
      return `/v1/gauges/${encodeURIComponent(gaugeId)}/readings?limit=1&after=${after}`;
    case 'declarations':
      return '/v1/declarations?limit=1';
    case 'declaration_sources':
      return '/v1/declarations/sources';
  }
}

/** The fields a refusal is compared by: everything but what names the request (detail, instance, id). */
function problemFields(body: Record<string, unknown>): Record<string, unknown> {
  const { detail: _detail, instance: _instance, requestId: _requestId, ...fields } = body;
  return fields;
}

async function verdictOf(response: Response, what: string): Promise<Verdict> {
  // Nothing here may be refused for the key itself, its origin or its quota.
  expect([401, 429], what).not.toContain(response.status);
  if (response.status !== 403) {
    await response.arrayBuffer();
    return { allowed: true };
  }
  expect(response.headers.get('content-type'), what).toBe('application/problem+json');
  const body = (await response.json()) as Record<string, unknown>;
  expect(body.status, what).toBe(403);
  return { allowed: false, status: response.status, problem: problemFields(body) };
}

describe('bulk exports carry the plan, lookback and entitlement rules of the endpoint serving their rows', () => {
  let lake: EveryTableLake;
  let store: ServingStore;
  let access: TestAccess;
  let app: App;
  let server: Server;
  let base: string;
  let files: LakeFile[];
  let validator: ResponseValidator;
  const viewers: Viewer[] = [];
  /** For each viewer, what each file's (or collection's) endpoint answers: the expectation. */
  const expected = new Map<string, Map<string, Verdict>>();

  const request = (path: string, token: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: bearer(token, headers) });
  const lakeHref = (file: LakeFile) => `/v1/exports/lake/${file.path}`;

  beforeAll(async () => {
    lake = await everyTableLake(NOW);
    store = await ServingStore.open(lake.lakeDir);
    files = store.manifest!.files;
    access = testAccess();
    for (const tier of TIERS) viewers.push({ name: tier, tier, token: (await access.issue(tier)).token });
    viewers.push({
      name: 'enterprise with declarations',
      tier: 'enterprise',
      token: (await access.issue('enterprise', { entitlements: ['declarations'] })).token,
    });
    // Written past issueKey's checks: the entitlement is not in force off the enterprise plan.
    const offPlan = generateKey();
    await access.store.create({
      id: offPlan.id,
      secretSha256: offPlan.secretSha256,
      tier: 'pro',
      label: 'declarations on the wrong plan',
      entitlements: ['declarations'],
      origins: [],
      monthlyQuota: null,
      perClient: false,
      createdAt: NOW.toISOString(),
      revokedAt: null,
    });
    viewers.push({ name: 'pro with declarations (off plan)', tier: 'pro', token: offPlan.token });
    app = createApp({
      cap: TEST_CAP_ISSUER,
      store,
      capFeedFile: lake.capFeedFile,
      feedHealth: { read: () => Promise.resolve([undefined]) },
      catalogue: FEED_CATALOGUE.filter((feed) => feed.key === 'nsw-rfs-major-incidents'),
      cursors: new CursorCodec('exports-access-secret'),
      keys: access.store,
      quota: access.store,
      version: 'test',
      startedAt: NOW,
      now: () => NOW,
    });
    const document = (await (await app.request('/v1/openapi.json')).json()) as object;
    validator = new ResponseValidator(document as ConstructorParameters<typeof ResponseValidator>[0]);
    server = await listen(app.fetch, '127.0.0.1', 0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    for (const viewer of viewers) {
      const verdicts = new Map<string, Verdict>();
      for (const file of files) {
        const url = endpointFor(file, lake.gaugeId);
        verdicts.set(
          lakeHref(file),
          await verdictOf(await request(url, viewer.token), `${url} as ${viewer.name}`),
        );
      }
      for (const { href, endpoint } of COLLECTIONS) {
        verdicts.set(
          href,
          await verdictOf(await request(endpoint, viewer.token), `${endpoint} as ${viewer.name}`),
        );
      }
      expected.set(viewer.name, verdicts);
    }
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    access.close();
    store.close();
    await lake.close();
  });

  const viewer = (name: string) => viewers.find((v) => v.name === name)!;
  const refusedFile = (name: string, type: string) =>
    files.find((file) => {
      const verdict = expected.get(name)!.get(lakeHref(file))!;
      return !verdict.allowed && verdict.problem.type === `/v1/problems/${type}`;
    })!;

  /** Lake files whose endpoint lets the viewer have them, by table. */
  function allowedTables(who: Viewer): Set<string> {
    const verdicts = expected.get(who.name)!;
    return new Set(files.filter((file) => verdicts.get(lakeHref(file))!.allowed).map((file) => file.table));
  }

  it('the lake holds every table, with files on both sides of the plans’ lookbacks', () => {
    const tables = new Set(files.map((file) => file.table));
    expect([...tables].sort()).toEqual(Object.keys(LAKE_TABLES).sort());
    const refusedAs = (name: string, type: string) =>
      [...expected.get(name)!.values()].filter(
        (verdict) => !verdict.allowed && verdict.problem.type === `/v1/problems/${type}`,
      ).length;
    // The endpoints themselves draw the lines the exports must follow.
    expect(refusedAs('free', 'tier-required')).toBeGreaterThan(0);
    expect(refusedAs('starter', 'beyond-lookback')).toBeGreaterThan(
      refusedAs('developer', 'beyond-lookback'),
    );
    expect(refusedAs('developer', 'beyond-lookback')).toBeGreaterThan(0);
    expect(refusedAs('pro', 'beyond-lookback')).toBe(0);
    expect(refusedAs('enterprise', 'entitlement-required')).toBeGreaterThan(0);
    expect(refusedAs('enterprise with declarations', 'entitlement-required')).toBe(0);
    expect(refusedAs('pro with declarations (off plan)', 'entitlement-required')).toBeGreaterThan(0);
    // Files straddling a lookback (earliest row beyond it, latest within) are refused whole.
    const straddling = (name: string, years: number) => {
      const limit = NOW.getTime() - years * 365.25 * 86_400_000;
      return files.filter(
        (file) =>
          Date.parse(file.minTime ?? '') < limit &&
          Date.parse(file.maxTime ?? '') > limit &&
          !expected.get(name)!.get(lakeHref(file))!.allowed,
      ).length;
    };
    expect(straddling('starter', 1)).toBeGreaterThan(0);
    expect(straddling('developer', 5)).toBeGreaterThan(0);
    // And each plan's tables, as the guide's table says.
    const anyKey = ['events', 'gauges_latest', 'incidents_live'];
    const paid = ['archive', 'gauge_readings', 'gauge_rollups', 'incident_versions'];
    expect([...allowedTables(viewer('free'))].sort()).toEqual(anyKey);
    for (const name of ['starter', 'developer', 'business', 'pro', 'enterprise']) {
      expect([...allowedTables(viewer(name))].sort(), name).toEqual([...anyKey, ...paid].sort());
    }
    expect([...allowedTables(viewer('enterprise with declarations'))].sort()).toEqual(
      Object.keys(LAKE_TABLES).sort(),
    );
  });

  describe.each(
    TIERS.map((tier) => tier as string).concat([
      'enterprise with declarations',
      'pro with declarations (off plan)',
    ]),
  )('as %s', (name) => {
    const me = () => viewer(name);

    it('the catalogue lists exactly the files the tables’ endpoints would serve the key', async () => {
      const response = await request('/v1/exports', me().token);
      await validator.check('GET', '/v1/exports', response);
      expect(response.status).toBe(200);
      const catalogue = (await response.json()) as Catalogue;
      const verdicts = expected.get(name)!;
      const allowed = [...verdicts].filter(([, verdict]) => verdict.allowed).map(([href]) => href);
      expect(catalogue.files.map((entry) => entry.href).sort()).toEqual(allowed.sort());
      for (const entry of catalogue.files.filter((file) => file.format === 'parquet')) {
        const file = files.find((one) => lakeHref(one) === entry.href)!;
        expect(entry).toMatchObject({ table: file.table, sha256: file.sha256, bytes: file.bytes });
      }
      // It says whom it is for, and how many files of each table it left out.
      expect(catalogue.access.tier).toBe(me().tier);
      expect(catalogue.access.entitlements).toEqual(
        name === 'enterprise with declarations' ? ['declarations'] : [],
      );
      for (const table of Object.keys(LAKE_TABLES)) {
        const refused = files.filter(
          (file) => file.table === table && !verdicts.get(lakeHref(file))!.allowed,
        ).length;
        expect(catalogue.tables[table]?.withheld, table).toBe(refused);
      }
    });

    it('every download answers as the table’s endpoint: the file, or its problem+json', async () => {
      for (const [href, verdict] of expected.get(name)!) {
        const response = await request(href, me().token);
        const what = `${href} as ${name}`;
        if (verdict.allowed) {
          expect(response.status, what).toBe(200);
          const bytes = new Uint8Array(await response.arrayBuffer());
          expect(response.headers.get('etag'), what).toBe(`"${sha256(bytes)}"`);
          const file = files.find((one) => lakeHref(one) === href);
          if (file) expect(sha256(bytes), what).toBe(file.sha256);
          continue;
        }
        expect(response.status, what).toBe(verdict.status);
        expect(response.headers.get('content-type'), what).toBe('application/problem+json');
        const body = (await response.json()) as Record<string, unknown>;
        expect(problemFields(body), what).toEqual(verdict.problem);
        expect(body.instance, what).toBe(href);
        expect(body.requestId, what).toBe(response.headers.get('x-request-id'));
      }
    });

    it('over loopback with a real HTTP client (gzip and br offered): the same catalogue and answers', async () => {
      const headers = bearer(me().token, { 'accept-encoding': 'gzip, br' });
      const catalogue = (await (await fetch(`${base}/v1/exports`, { headers })).json()) as Catalogue;
      const verdicts = expected.get(name)!;
      expect(catalogue.files.map((entry) => entry.href).sort()).toEqual(
        [...verdicts]
          .filter(([, verdict]) => verdict.allowed)
          .map(([href]) => href)
          .sort(),
      );
      for (const [href, verdict] of verdicts) {
        const response = await fetch(`${base}${href}`, { headers });
        const what = `${href} over HTTP as ${name}`;
        if (verdict.allowed) {
          expect(response.status, what).toBe(200);
          // Byte for byte: a lake file as it is, the others in their stored br coding (the client
          // decodes it); either way the catalogue's checksums hold.
          const entry = catalogue.files.find((file) => file.href === href)!;
          const bytes = new Uint8Array(await response.arrayBuffer());
          expect(sha256(bytes), what).toBe(entry.sha256);
          const br = entry.encodings?.find((encoding) => encoding.coding === 'br');
          expect(response.headers.get('content-encoding'), what).toBe(br ? 'br' : null);
          expect(response.headers.get('etag'), what).toBe(`"${br?.sha256 ?? entry.sha256}"`);
          continue;
        }
        expect(response.status, what).toBe(verdict.status);
        const body = (await response.json()) as Record<string, unknown>;
        expect(problemFields(body), what).toEqual(verdict.problem);
      }
    });
  });

  it('refuses a file the key may not have before any conditional or range answer, and counts the request', async () => {
    const cases: [string, string][] = [
      ['free', 'tier-required'],
      ['starter', 'beyond-lookback'],
      ['enterprise', 'entitlement-required'],
    ];
    for (const [name, type] of cases) {
      const file = refusedFile(name, type);
      const conditional: Record<string, string>[] = [
        { 'if-none-match': `"${file.sha256}"` },
        { range: 'bytes=0-9' },
      ];
      for (const headers of conditional) {
        const response = await request(lakeHref(file), viewer(name).token, headers);
        expect(response.status, `${file.path} as ${name}`).toBe(403);
        expect(((await response.json()) as { type: string }).type).toBe(`/v1/problems/${type}`);
        expect(response.headers.get('etag')).toBeNull();
        // Past the gate, like a refused history request: it counts against the quota.
        expect(response.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      }
    }
  });

  it('gives each key’s list its own ETag: 304 only while the list is the same', async () => {
    const etagOf = async (name: string) => {
      const response = await request('/v1/exports', viewer(name).token);
      expect(response.status).toBe(200);
      return response.headers.get('etag')!;
    };
    const enterprise = await etagOf('enterprise');
    const entitled = await etagOf('enterprise with declarations');
    expect(enterprise).toMatch(/^W\/"\d+-/);
    expect(entitled).not.toBe(enterprise);
    expect(await etagOf('free')).not.toBe(enterprise);
    const same = await request('/v1/exports', viewer('enterprise').token, { 'if-none-match': enterprise });
    expect(same.status).toBe(304);
    const other = await request('/v1/exports', viewer('enterprise with declarations').token, {
      'if-none-match': enterprise,
    });
    expect(other.status).toBe(200);
  });

  it('the OpenAPI document and the data engineers’ guide say what each table’s files need', async () => {
    const document = (await (await app.request('/v1/openapi.json')).json()) as {
      paths: Record<
        string,
        { get: { description: string; responses: Record<string, { description: string }> } }
      >;
    };
    const lakeRoute = document.paths['/v1/exports/lake/{path}']!.get;
    const guide = await readFile(new URL('../../../docs/data-engineering.md', import.meta.url), 'utf8');
    const bulk = guide.slice(guide.indexOf('## Bulk downloads'));
    for (const table of Object.keys(LAKE_TABLES)) {
      expect(lakeRoute.description, table).toContain(`\`${table}\``);
      expect(lakeRoute.responses['403']!.description, table).toContain(`\`${table}\``);
      expect(document.paths['/v1/exports']!.get.description, table).toContain(`\`${table}\``);
      // One row per table in the guide's Bulk downloads table.
      expect(bulk, table).toMatch(new RegExp(`^\\| \`${table}\`[^\\n]*\\|`, 'm'));
    }
    expect(lakeRoute.responses['403']!.description).toContain('entitlement-required');
    expect(lakeRoute.responses['403']!.description).toContain('beyond-lookback');
  });
});
