import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from 'apache-arrow';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArchiveActivities } from '../../../activities/archive-activities.js';
import { normalise } from '../../../model/index.js';
import { createApp, type App } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import type { Catalogue } from '../../../api/exports/catalogue.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { dataLayout, FEED_CATALOGUE } from '../../../config/index.js';
import { RECORD_COLUMNS } from '../../../lake/incident-columns.js';
import { NO_LOCATOR, toRecord } from '../../../model/index.js';
import { writeArchiveFile } from '../../../replay/archive/generate.js';
import {
  renderNswMajorIncidents,
  syntheticNswIncidents,
  type SyntheticIncident,
} from '../../../replay/generators/nsw-rfs.js';
import { parseNswRfsMajorIncidents } from '../../../sources/nsw/rfs-major-incidents.js';
import { publishNow } from '../../../warehouse/publisher.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';
import { bearer, testAccess, type TestAccess } from '../../support/keys.js';
import { ResponseValidator } from '../../support/openapi-validator.js';

const FEED = FEED_CATALOGUE.find((feed) => feed.key === 'nsw-rfs-major-incidents')!;
const NOW = new Date('2026-11-21T00:00:00Z');
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('bulk exports under /v1/exports', () => {
  let dir: string;
  let warehouse: Warehouse;
  let store: ServingStore;
  let app: App;
  let access: TestAccess;
  let token: string;
  let validator: ResponseValidator;
  let catalogue: Catalogue;

  const get = async (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: bearer(token, headers) });
  const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
  /** One poll of the NSW feed listing `incidents`, committed as the poller would. */
  const commitPoll = async (incidents: SyntheticIncident[], fetched: string, pollId: string) => {
    const body = new TextEncoder().encode(renderNswMajorIncidents(incidents));
    await warehouse.commit({
      feedKey: FEED.key,
      rawSha256: createHash('sha256').update(body).digest('hex'),
      incoming: parseNswRfsMajorIncidents(body).incidents.map((draft) => toRecord(normalise(draft, fetched))),
      polledAt: fetched,
      pollId,
    });
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-exports-'));
    const layout = dataLayout(dir);
    warehouse = await Warehouse.open(layout.warehouseFile);
    await commitPoll(syntheticNswIncidents(30, 7), '2026-11-20T10:00:00+11:00', 'poll-1');
    await publishNow(warehouse, layout.lakeDir, {
      capFeed: { file: layout.capFeedFile, issuer: TEST_CAP_ISSUER, baseUrl: '' },
    });
    const archive = join(dir, 'archive.csv');
    await writeArchiveFile({ rows: 5_000, seed: 3, out: archive, format: 'csv' });
    await createArchiveActivities({
      dataDir: dir,
      lakeDir: layout.lakeDir,
      warehouse,
      locator: () => Promise.resolve(NO_LOCATOR),
    }).bulkLoadArchive({
      loadId: 'exports-test',
      file: archive,
      format: 'interchange',
      source: 'generated',
      loadedAt: NOW.toISOString(),
    });
    store = await ServingStore.open(layout.lakeDir);
    access = testAccess();
    // Unlimited lookback: every file of this lake (no declarations here), see exports-access.test.ts.
    token = (await access.issue('pro')).token;
    app = createApp({
      cap: TEST_CAP_ISSUER,
      store,
      capFeedFile: layout.capFeedFile,
      feedHealth: { read: () => Promise.resolve([undefined]) },
      catalogue: [FEED],
      cursors: new CursorCodec('exports-test-secret'),
      keys: access.store,
      quota: access.store,
      version: 'test',
      startedAt: NOW,
      now: () => NOW,
    });
    const document = (await (await app.request('/v1/openapi.json')).json()) as object;
    validator = new ResponseValidator(document as ConstructorParameters<typeof ResponseValidator>[0]);
    const response = await get('/v1/exports');
    await validator.check('GET', '/v1/exports', response);
    expect(response.status).toBe(200);
    catalogue = (await response.json()) as Catalogue;
  });
  afterAll(async () => {
    access.close();
    store.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lists every file of the manifest, the whole collections and the CAP feed, with sizes and checksums', () => {
    const manifest = store.manifest!;
    const lake = catalogue.files.filter((file) => file.format === 'parquet');
    expect(lake.map((file) => file.href).sort()).toEqual(
      manifest.files.map((file) => `/v1/exports/lake/${file.path}`).sort(),
    );
    const archive = lake.filter((file) => file.table === 'archive');
    expect(archive.length).toBeGreaterThan(1);
    expect(archive.reduce((sum, file) => sum + (file.rows ?? 0), 0)).toBe(5_000);
    for (const file of archive) {
      expect(file.partition).toMatchObject({ source: 'generated' });
      expect(file.minTime).toMatch(/^\d{4}-/);
    }
    expect(catalogue.files.filter((file) => file.format !== 'parquet').map((file) => file.href)).toEqual([
      '/v1/exports/incidents/current.geojson',
      '/v1/exports/incidents/current.csv',
      '/v1/exports/incidents/current.arrows',
      '/v1/exports/cap/incidents.atom',
    ]);
    expect(catalogue.generation).toBe(manifest.generation);
    // The columns of the files written now: the archive's point as GeoParquet geometry, after its
    // columns, and each table's schema version.
    expect(catalogue.tables.archive!.columns.slice(-2)).toEqual([
      { name: 'geometry', type: "GEOMETRY('OGC:CRS84')" },
      { name: 'bbox', type: 'STRUCT(xmin DOUBLE, ymin DOUBLE, xmax DOUBLE, ymax DOUBLE)' },
    ]);
    expect(
      catalogue.tables.archive!.columns.map((column) => column.name).filter((n) => n === 'geometry'),
    ).toHaveLength(1);
    expect(catalogue.tables.incident_versions!.schemaVersion).toBe(3);
  });

  it('downloads each file as the checksum says, with its ETag, 304 and byte ranges', async () => {
    // A lake path has several segments, which the validator's one-segment templates cannot match.
    const check = async (href: string, response: Response) => {
      if (!href.startsWith('/v1/exports/lake/')) await validator.check('GET', href, response);
    };
    for (const entry of catalogue.files) {
      const response = await get(entry.href);
      await check(entry.href, response);
      expect(response.status, entry.href).toBe(200);
      const bytes = await bytesOf(response);
      expect(bytes.byteLength, entry.href).toBe(entry.bytes);
      expect(response.headers.get('content-length')).toBe(String(entry.bytes));
      expect(sha256(bytes), entry.href).toBe(entry.sha256);
      expect(response.headers.get('etag')).toBe(`"${entry.sha256}"`);
      expect(response.headers.get('content-type')).toContain(entry.mediaType.split(';')[0]);
      // Lake files as they are, even when the client accepts gzip; the others in their stored codings.
      if (entry.format === 'parquet') {
        expect(entry.encodings).toBeUndefined();
        const gzipped = await get(entry.href, { 'accept-encoding': 'gzip, br' });
        expect(gzipped.headers.get('content-encoding')).toBeNull();
        expect(sha256(await bytesOf(gzipped))).toBe(entry.sha256);
      } else {
        await expectStoredCodings(entry, bytes);
      }

      const unchanged = await get(entry.href, { 'if-none-match': `"${entry.sha256}"` });
      expect(unchanged.status).toBe(304);
      expect(unchanged.headers.get('etag')).toBe(`"${entry.sha256}"`);

      const part = await get(entry.href, { range: 'bytes=10-109' });
      await check(entry.href, part);
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 10-109/${entry.bytes}`);
      expect(part.headers.get('content-length')).toBe('100');
      expect(await bytesOf(part)).toEqual(bytes.subarray(10, 110));
      const tail = await get(entry.href, { range: 'bytes=-16' });
      expect(await bytesOf(tail)).toEqual(bytes.subarray(bytes.byteLength - 16));
      expect((await get(entry.href, { range: `bytes=${entry.bytes}-` })).status).toBe(416);
      // A range of an older copy (If-Range names another ETag) gets the whole file.
      const stale = await get(entry.href, { range: 'bytes=0-9', 'if-range': '"another"' });
      expect(stale.status).toBe(200);
    }
  });

  /** Each stored coding of a file: its own bytes, checksum, ETag, 304 and ranges; decoded, the file. */
  async function expectStoredCodings(entry: Catalogue['files'][number], identity: Uint8Array) {
    expect(
      entry.encodings?.map((encoding) => encoding.coding),
      entry.href,
    ).toEqual(['br', 'gzip']);
    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const encoding = entry.encodings!.find((e) => e.coding === coding)!;
      const response = await get(entry.href, { 'accept-encoding': accept });
      expect(response.headers.get('content-encoding'), entry.href).toBe(coding);
      expect(response.headers.get('vary')).toMatch(/^accept-encoding\b/);
      expect(response.headers.get('etag')).toBe(`"${encoding.sha256}"`);
      const encoded = await bytesOf(response);
      expect([encoded.byteLength, sha256(encoded)]).toEqual([encoding.bytes, encoding.sha256]);
      expect(encoding.bytes).toBeLessThan(entry.bytes);
      const decoded = coding === 'br' ? brotliDecompressSync(encoded) : gunzipSync(encoded);
      expect(sha256(decoded), entry.href).toBe(entry.sha256);
      const headers = { 'accept-encoding': accept };
      expect((await get(entry.href, { ...headers, 'if-none-match': `"${encoding.sha256}"` })).status).toBe(
        304,
      );
      const part = await get(entry.href, { ...headers, range: 'bytes=0-9' });
      expect(part.headers.get('content-range')).toBe(`bytes 0-9/${encoding.bytes}`);
      expect(await bytesOf(part)).toEqual(encoded.subarray(0, 10));
    }
    // Identity asked for, or nothing said: the file as its own checksum says.
    const plain = await get(entry.href, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(sha256(await bytesOf(plain))).toBe(sha256(identity));
  }

  it('describes the lake downloads in the OpenAPI document', async () => {
    const document = (await (await app.request('/v1/openapi.json')).json()) as {
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    const lake = document.paths['/v1/exports/lake/{path}']?.get;
    expect(Object.keys(lake?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '206', '304', '404', '416']),
    );
    expect(Object.keys(lake?.responses['200']?.content ?? {})).toEqual(['application/vnd.apache.parquet']);
  });

  it('serves Parquet DuckDB reads as it is, and collections that agree with the live set', async () => {
    const [parquet] = catalogue.files.filter((file) => file.table === 'archive');
    const path = join(dir, 'download.parquet');
    await writeFile(path, await bytesOf(await get(parquet!.href)));
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const [counted] = (
      await connection.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM read_parquet('${path}')`)
    ).getRowObjectsJS();
    connection.closeSync();
    instance.closeSync();
    expect(counted).toEqual({ n: parquet!.rows });

    const live = (await store.liveIncidents()).all.filter((record) => !record.retracted);
    const geojson = (await (await get('/v1/exports/incidents/current.geojson')).json()) as {
      features: { id: string }[];
    };
    expect(geojson.features.map((feature) => feature.id)).toEqual(live.map((record) => record.id));
    const csv = parseCsv(await (await get('/v1/exports/incidents/current.csv')).text(), { columns: true });
    expect(csv).toHaveLength(live.length);
    const arrow = tableFromIPC(await bytesOf(await get('/v1/exports/incidents/current.arrows')));
    expect(arrow.numRows).toBe(live.length);
    expect(arrow.schema.fields.map((field) => field.name)).toEqual(
      RECORD_COLUMNS.map((column) => column.name),
    );
    expect(arrow.getChild('id')!.toArray()).toEqual(live.map((record) => record.id));
  });

  it.each([
    '/v1/exports/lake/..%2F..%2Fwarehouse%2Fwarehouse.duckdb',
    '/v1/exports/lake/%2e%2e/%2e%2e/api/access.sqlite',
    '/v1/exports/lake/%2E%2E%2F%2E%2E%2Fapi%2Faccess.sqlite',
    '/v1/exports/lake/archive/..%2f..%2fmanifest.json',
    '/v1/exports/lake/%252e%252e%252fmanifest.json',
    '/v1/exports/lake/..%5C..%5Capi%5Caccess.sqlite',
    '/v1/exports/lake/manifest.json',
    '/v1/exports/lake/incidents_live',
    '/v1/exports/lake//etc/passwd',
    '/v1/exports/lake/%2Fetc%2Fpasswd',
    '/v1/exports/incidents/..%2F..%2Fapi%2Faccess.sqlite',
    '/v1/exports/cap/..%2F..%2Fapi%2Faccess.sqlite',
  ])('refuses %s: only files the manifest names are served', async (path) => {
    const response = await get(path);
    expect([400, 404]).toContain(response.status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const text = await response.text();
    expect(text).not.toMatch(/SQLite format|root:/);
  });

  it('needs a key and counts every download against the quota', async () => {
    const href = catalogue.files[0]!.href;
    expect((await app.request(href)).status).toBe(401);
    const first = Number((await get(href)).headers.get('ratelimit-remaining'));
    const second = Number((await get(href, { range: 'bytes=0-0' })).headers.get('ratelimit-remaining'));
    expect(second).toBe(first - 1);
  });

  // Last: it publishes a newer generation.
  it('still serves, as its checksum says, a file that a newer generation replaced', async () => {
    const live = catalogue.files.find((entry) => entry.table === 'incidents_live')!;
    const fetched = '2026-11-20T10:05:00+11:00';
    const incidents = syntheticNswIncidents(30, 7).map((incident, index) =>
      index === 0 ? { ...incident, title: 'Renamed by the next poll', updated: new Date(fetched) } : incident,
    );
    await commitPoll(incidents, fetched, 'poll-2');
    const manifest = await publishNow(warehouse, dataLayout(dir).lakeDir);
    await store.whenLoaded(manifest.generation);
    expect(store.manifest?.files.some((file) => `/v1/exports/lake/${file.path}` === live.href)).toBe(false);

    const response = await get(live.href);
    expect(response.status).toBe(200);
    expect(sha256(await bytesOf(response))).toBe(live.sha256);

    const unknown = await get('/v1/exports/lake/incidents_live/live-999999.parquet');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/problem+json');
  });
});
