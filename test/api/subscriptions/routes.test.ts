import { parse as parseCsv } from 'csv-parse/sync';
import type { LookupAddress } from 'node:dns';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geographyFiles, loadServedGeography } from '../../../api/declarations/geography.js';
import { FEED_CATALOGUE } from '../../../config/index.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import type { ServedGeography } from '../../../api/declarations/geography.js';
import { SqliteSubscriptionStore } from '../../../subscriptions/sqlite-store.js';
import { declarationSettings, writeStandInInputs } from '../../declarations/support/api-fixture.js';
import { bearer } from '../../support/keys.js';
import { testApi, type TestApi } from '../../support/test-api.js';

const ADDRESSES: Record<string, string> = {
  'hooks.example.org': '93.184.216.34',
  'inside.example.org': '10.0.0.5',
  'metadata.example.org': '169.254.169.254',
};
const lookup = (hostname: string): Promise<LookupAddress[]> => {
  const address = ADDRESSES[hostname];
  return address
    ? Promise.resolve([{ address, family: 4 }])
    : Promise.reject(new Error(`ENOTFOUND ${hostname}`));
};

interface Created {
  id: string;
  url: string;
  secret: string;
  status: string;
  area: unknown;
}
interface Problem {
  type: string;
  status: number;
  detail: string;
}

describe('/v1/subscriptions: webhook subscriptions with geofences', () => {
  let dir: string;
  let api: TestApi;
  let store: SqliteSubscriptionStore;
  let geography: ServedGeography;
  /** A postcode of the stand-in tables that lies in an LGA, and that LGA's code. */
  let postcode: string;
  let lga: string;

  async function call(method: string, path: string, token: string, body?: unknown): Promise<Response> {
    const response = await api.app.request(path, {
      method,
      headers: bearer(token, body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status !== 204) await api.validator.check(method, path, response.clone());
    return response;
  }
  const create = (body: unknown, token = api.tokens.get('pro')!) =>
    call('POST', '/v1/subscriptions', token, body);
  const hook = (area: unknown, url = 'https://hooks.example.org/eids') => ({ url, area });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-subscriptions-'));
    const files = await writeStandInInputs(dir);
    const settings = declarationSettings(dir, files);
    geography = await loadServedGeography(geographyFiles(settings)!);
    const rows = parseCsv<{ postcode: string }>(await readFile(files.gnafPostcodes!, 'utf8'), {
      columns: true,
    });
    postcode = rows.map((row) => row.postcode).find((code) => geography.directory.entry(code)?.lgas.length)!;
    lga = geography.directory.entry(postcode)!.lgas[0]!.code;
    store = SqliteSubscriptionStore.open(join(dir, 'subscriptions.sqlite'));
    api = await testApi({
      store: await ServingStore.open(join(dir, 'lake')),
      catalogue: FEED_CATALOGUE,
      now: () => new Date(),
      subscriptions: {
        store,
        policy: { allowLoopback: false },
        geography: Promise.resolve(geography),
        lookup,
      },
    });
  });
  afterAll(async () => {
    api.close();
    store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a subscription, shows its secret once, lists, reads and deletes it for its key only', async () => {
    const response = await create({
      ...hook({ type: 'point', lat: -33.7, lng: 150.5, radiusKm: 25 }),
      types: ['incident.created', 'incident.updated'],
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const created = (await response.json()) as Created;
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(response.headers.get('location')).toBe(`/v1/subscriptions/${created.id}`);
    expect(created).toMatchObject({ status: 'active', area: { type: 'point', radiusKm: 25 } });

    const pro = api.tokens.get('pro')!;
    const list = (await (await call('GET', '/v1/subscriptions', pro)).json()) as { subscriptions: Created[] };
    expect(list.subscriptions.map((s) => s.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const one = (await (await call('GET', `/v1/subscriptions/${created.id}`, pro)).json()) as Created;
    expect(one).not.toHaveProperty('secret');
    const deliveries = await call('GET', `/v1/subscriptions/${created.id}/deliveries`, pro);
    expect(await deliveries.json()).toEqual({ deliveries: [] });

    // Another key neither sees nor deletes it.
    const other = api.tokens.get('business')!;
    expect((await call('GET', `/v1/subscriptions/${created.id}`, other)).status).toBe(404);
    expect((await call('DELETE', `/v1/subscriptions/${created.id}`, other)).status).toBe(404);
    expect(
      ((await (await call('GET', '/v1/subscriptions', other)).json()) as { subscriptions: [] }).subscriptions,
    ).toEqual([]);

    expect((await call('DELETE', `/v1/subscriptions/${created.id}`, pro)).status).toBe(204);
    expect((await call('GET', `/v1/subscriptions/${created.id}`, pro)).status).toBe(404);
  });

  it('takes a point and radius, a GeoJSON polygon, an LGA code, a postcode or a state', async () => {
    const polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [150, -34],
          [151, -34],
          [151, -33],
          [150, -33],
          [150, -34],
        ],
      ],
    };
    const areas = [
      { type: 'polygon', polygon },
      { type: 'lga', code: lga },
      { type: 'postcode', postcode },
      { type: 'state', state: 'vic' },
    ];
    for (const area of areas) {
      const response = await create(hook(area));
      expect(response.status, `${JSON.stringify(area)}: ${await response.clone().text()}`).toBe(201);
      const { id } = (await response.json()) as Created;
      const stored = await store.get(id);
      expect(stored?.area).toEqual(area);
      if (area.type === 'lga' || area.type === 'postcode') {
        // Resolved to the LGA boundaries once, with their codes.
        expect(stored?.resolved).toMatchObject({ kind: 'polygons' });
        if (stored?.resolved.kind === 'polygons') {
          expect(stored.resolved.lgaCodes).toContain(lga);
          expect(stored.resolved.polygons.length).toBeGreaterThan(0);
        }
      }
    }
    // A polygon from a GIS, with altitudes (RFC 7946 §3.1.1): taken, and matched on the ground.
    const ring = polygon.coordinates[0]!;
    const raised = { type: 'Polygon', coordinates: [ring.map(([lng, lat]) => [lng, lat, 120])] };
    const taken = await create(hook({ type: 'polygon', polygon: raised }));
    expect(taken.status, await taken.clone().text()).toBe(201);
    expect((await store.get(((await taken.json()) as Created).id))?.area).toEqual({
      type: 'polygon',
      polygon,
    });
    for (const position of [[], [150], [150, -34, 1, 2], [200, -34], [150, -95]]) {
      const bad = { type: 'Polygon', coordinates: [[position, ...ring.slice(1, -1), position]] };
      expect((await create(hook({ type: 'polygon', polygon: bad }))).status, JSON.stringify(position)).toBe(
        400,
      );
    }
    const unknownLga = await create(hook({ type: 'lga', code: '99999' }));
    expect(unknownLga.status).toBe(400);
    expect(((await unknownLga.json()) as Problem).detail).toContain('99999');
    expect((await create(hook({ type: 'postcode', postcode: '0001' }))).status).toBe(400);
    expect((await create(hook({ type: 'point', lat: -33, lng: 150, radiusKm: 0 }))).status).toBe(400);
    expect((await create(hook({ type: 'county', name: 'x' }))).status).toBe(400);
    expect(
      (await create({ ...hook({ type: 'state', state: 'nsw' }), types: ['incident.exploded'] })).status,
    ).toBe(400);
  });

  it('refuses targets on private, loopback or link-local addresses, and anything but https', async () => {
    const refused = [
      ['http://hooks.example.org/eids', 'must be https'],
      ['https://10.0.0.1/eids', 'private, loopback, link-local'],
      ['https://169.254.169.254/latest/meta-data', 'private, loopback, link-local'],
      ['https://[::1]:8443/eids', 'private, loopback, link-local'],
      ['https://[::ffff:192.168.0.10]/eids', 'private, loopback, link-local'],
      ['https://localhost/eids', 'loopback'],
      ['https://inside.example.org/eids', 'resolves to 10.0.0.5'],
      ['https://metadata.example.org/eids', 'resolves to 169.254.169.254'],
      ['https://nowhere.example.org/eids', 'does not resolve'],
      ['https://user:secret@hooks.example.org/eids', 'credentials'],
    ] as const;
    for (const [url, why] of refused) {
      const response = await create(hook({ type: 'state', state: 'nsw' }, url));
      expect(response.status, url).toBe(400);
      const problem = (await response.json()) as Problem;
      expect(problem.type, url).toBe('/v1/problems/target-refused');
      expect(problem.detail, url).toContain(why);
    }
  });

  it("holds a plan's number of subscriptions per key", async () => {
    const free = api.tokens.get('free')!;
    for (let i = 0; i < 5; i++)
      expect((await create(hook({ type: 'state', state: 'tas' }), free)).status).toBe(201);
    const over = await create(hook({ type: 'state', state: 'tas' }), free);
    expect(over.status).toBe(409);
    expect(((await over.json()) as Problem).type).toBe('/v1/problems/subscription-limit');
  });
});
