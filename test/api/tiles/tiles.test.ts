import { serve, type ServerType } from '@hono/node-server';
import { VectorTile } from '@mapbox/vector-tile';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import Pbf from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArchiveActivities } from '../../../activities/archive-activities.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { dataLayout, FEED_CATALOGUE } from '../../../config/index.js';
import {
  INTERCHANGE_COLUMNS,
  NO_LOCATOR,
  normalise,
  toRecord,
  type IncidentRecord,
} from '../../../model/index.js';
import { renderNswMajorIncidents, syntheticNswIncidents } from '../../../replay/generators/nsw-rfs.js';
import { parseNswRfsMajorIncidents } from '../../../sources/nsw/rfs-major-incidents.js';
import { publishNow } from '../../../warehouse/publisher.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import { everyTableLake, type EveryTableLake } from '../../support/every-table-lake.js';
import { bearer } from '../../support/keys.js';
import { testApi, type TestApi } from '../../support/test-api.js';

/** Made-up archive incidents at known points: a cluster near Dubbo and a scatter over the continent. */
function archivePoints(): { latitude: number; longitude: number }[] {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const near = Array.from({ length: 30 }, () => ({
    latitude: -32.25 + random() * 0.1,
    longitude: 148.6 + random() * 0.1,
  }));
  const scattered = Array.from({ length: 50 }, () => ({
    latitude: -38 + random() * 22,
    longitude: 116 + random() * 34,
  }));
  return [...near, ...scattered];
}

/** `count` made-up NSW RFS incidents, committed as one poll of the feed would commit them. */
async function commitNsw(warehouse: Warehouse, count: number): Promise<IncidentRecord[]> {
  const polledAt = new Date().toISOString();
  const body = new TextEncoder().encode(renderNswMajorIncidents(syntheticNswIncidents(count, 11)));
  const records = parseNswRfsMajorIncidents(body).incidents.map((d) => toRecord(normalise(d, polledAt)));
  await warehouse.commit({
    feedKey: 'nsw-rfs-major-incidents',
    rawSha256: '0'.repeat(64),
    incoming: records,
    polledAt,
    pollId: `poll@${polledAt}`,
  });
  return records;
}

/** The tile of zoom z holding a point (XYZ, Web Mercator). */
function tileOf(z: number, longitude: number, latitude: number): [number, number] {
  const n = 2 ** z;
  const rad = (latitude * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [x, y];
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

describe('vector tiles of the live set and the archive, over HTTP', () => {
  let dir: string;
  let warehouse: Warehouse;
  let store: ServingStore;
  let api: TestApi;
  let server: ServerType;
  let base: string;
  let incidents: IncidentRecord[];
  const points = archivePoints();

  /** A GET as a browser sends it (gzip offered), the body as sent on the wire. */
  function fetchRaw(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    const auth = bearer(api.tokens.get('free')!);
    return new Promise((resolve, reject) => {
      get(`${base}${path}`, { headers: { 'accept-encoding': 'gzip, br', ...auth, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      }).on('error', reject);
    });
  }

  /** A tile as a map reads it: fetch decodes gzip. */
  async function tile(path: string): Promise<VectorTile | undefined> {
    const response = await fetch(`${base}${path}`, { headers: bearer(api.tokens.get('free')!) });
    if (response.status === 204) return undefined;
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    return new VectorTile(new Pbf(new Uint8Array(await response.arrayBuffer())));
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-tiles-'));
    const layout = dataLayout(dir);
    warehouse = await Warehouse.open(layout.warehouseFile);
    incidents = await commitNsw(warehouse, 300);
    const csv = join(dir, 'archive.csv');
    const header = INTERCHANGE_COLUMNS.map((column) => column.name);
    const row = ({ latitude, longitude }: { latitude: number; longitude: number }, i: number) => ({
      source_id: `past-${i}`,
      agency: 'test',
      state: 'nsw',
      event_type: 'bushfire',
      title: `Bushfire ${i}`,
      event_start_date: '1999-01-05',
      latitude: String(latitude),
      longitude: String(longitude),
    });
    const rows = points.map(row) as Record<string, string>[];
    await writeFile(csv, stringify([header, ...rows.map((r) => header.map((name) => r[name] ?? ''))]));
    const archive = createArchiveActivities({
      dataDir: dir,
      lakeDir: layout.lakeDir,
      warehouse,
      locator: () => Promise.resolve(NO_LOCATOR),
    });
    const loaded = await archive.bulkLoadArchive({
      loadId: 'tiles-test',
      file: csv,
      format: 'interchange',
      source: 'test',
      loadedAt: '2026-04-20T00:00:00Z',
    });
    expect(loaded.counts).toMatchObject({ records: points.length, rejectedRows: 0 });
    await publishNow(warehouse, layout.lakeDir);
    store = await ServingStore.open(layout.lakeDir);
    api = await testApi({ store, catalogue: FEED_CATALOGUE, now: () => new Date() });
    server = serve({ fetch: api.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.close();
    api?.close();
    warehouse?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('describes each set in TileJSON, as the OpenAPI document says', async () => {
    const path = '/v1/tiles/live';
    const response = await api.app.request(path, { headers: bearer(api.tokens.get('free')!) });
    await api.validator.check('GET', path, response);
    const body = (await response.json()) as {
      tiles: string[];
      maxzoom: number;
      vector_layers: { id: string }[];
    };
    expect(body.tiles).toEqual(['http://localhost/v1/tiles/live/{z}/{x}/{y}']);
    expect(body.maxzoom).toBe(14);
    expect(body.vector_layers.map((layer) => layer.id)).toEqual(['events', 'gauges', 'incidents']);
  });

  it('puts every current incident in the tile of its point, where it is, with what the map styles by', async () => {
    // Areas (a warning's polygon) are not drawn as points: their incident is.
    const placed = incidents.filter(
      (r) => r.feature_type === 'incident' && r.latitude !== null && r.longitude !== null,
    );
    expect(placed.length).toBeGreaterThan(200);
    const z = 7;
    const tiles = new Set(placed.map((r) => tileOf(z, r.longitude!, r.latitude!).join('/')));
    const found = new Map<string, { longitude: number; latitude: number; level: unknown }>();
    for (const key of tiles) {
      const [x, y] = key.split('/').map(Number) as [number, number];
      const layer = (await tile(`/v1/tiles/live/${z}/${x}/${y}`))?.layers.incidents;
      for (let i = 0; i < (layer?.length ?? 0); i++) {
        const feature = layer!.feature(i).toGeoJSON(x, y, z);
        const [longitude, latitude] = (feature.geometry as { coordinates: number[] }).coordinates as [
          number,
          number,
        ];
        // A point in a tile's buffer shows in its neighbour too: keep the one of its own tile.
        if (tileOf(z, longitude, latitude).join('/') !== key) continue;
        found.set(String(feature.properties!.id), {
          longitude,
          latitude,
          level: feature.properties!.warningLevel,
        });
      }
    }
    expect([...found.keys()].sort()).toEqual(placed.map((r) => r.id).sort());
    // Within a tile unit at zoom 7 (about 0.0003 degrees of longitude).
    for (const record of placed) {
      const drawn = found.get(record.id)!;
      expect(Math.abs(drawn.longitude - record.longitude!)).toBeLessThan(0.001);
      expect(Math.abs(drawn.latitude - record.latitude!)).toBeLessThan(0.001);
      expect(drawn.level).toBe(record.warning_level);
    }
  });

  it('counts every archive incident once in the heat map’s cells, near where it happened', async () => {
    const world = await tile('/v1/tiles/archive/0/0/0');
    const cells = world!.layers.archive!;
    let total = 0;
    for (let i = 0; i < cells.length; i++) total += Number(cells.feature(i).properties.count);
    expect(total).toBe(points.length);

    // At zoom 8 the Dubbo cluster falls in one tile, in cells of about 0.02 degrees.
    const [x, y] = tileOf(8, 148.65, -32.2);
    const near = (await tile(`/v1/tiles/archive/8/${x}/${y}`))!.layers.archive!;
    let counted = 0;
    for (let i = 0; i < near.length; i++) {
      const feature = near.feature(i).toGeoJSON(x, y, 8);
      const [longitude, latitude] = (feature.geometry as { coordinates: number[] }).coordinates as [
        number,
        number,
      ];
      expect(longitude).toBeGreaterThan(148.58);
      expect(longitude).toBeLessThan(148.72);
      expect(latitude).toBeGreaterThan(-32.27);
      expect(latitude).toBeLessThan(-32.13);
      counted += Number(feature.properties!.count);
    }
    expect(counted).toBeGreaterThanOrEqual(30);
  });

  it('answers an empty tile 204, a tile the set does not have 404, a zoom past 14 400, and no key 401', async () => {
    // Zoom 6 in the Pacific, east of New Zealand.
    expect((await fetchRaw('/v1/tiles/live/6/63/38')).status).toBe(204);
    const deep = await fetchRaw('/v1/tiles/archive/11/1850/1230');
    expect(deep.status).toBe(404);
    expect((JSON.parse(deep.bytes.toString()) as { detail: string }).detail).toBe(
      'No tile 11/1850/1230: the archive tiles go to zoom 10.',
    );
    const outside = await fetchRaw('/v1/tiles/live/2/4/0');
    expect(outside.status).toBe(404);
    expect((JSON.parse(outside.bytes.toString()) as { detail: string }).detail).toBe(
      'No tile 2/4/0: at zoom 2, x and y are below 4.',
    );
    expect((await fetchRaw('/v1/tiles/live/15/0/0')).status).toBe(400);
    const response = await fetch(`${base}/v1/tiles/live/0/0/0`);
    expect(response.status).toBe(401);
  });

  it('sends tiles gzipped, uncounted, and 304 to a client that has the same tile', async () => {
    const first = await fetchRaw('/v1/tiles/live/4/14/9');
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    // Not metered: no RateLimit headers, and a burst past the free plan's 5 a second is answered.
    expect(first.headers['ratelimit']).toBeUndefined();
    const burst = await Promise.all(Array.from({ length: 20 }, () => fetchRaw('/v1/tiles/live/4/14/9')));
    expect(burst.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const etag = String(first.headers.etag);
    expect((await fetchRaw('/v1/tiles/live/4/14/9', { 'if-none-match': etag })).status).toBe(304);
  });

  it('keeps a tile’s ETag while a new generation changes another tile, and changes it when its incident changes', async () => {
    const placed = incidents.filter((r) => r.feature_type === 'incident' && r.latitude !== null);
    const changed = placed[0]!;
    const z = 8;
    const [cx, cy] = tileOf(z, changed.longitude!, changed.latitude!);
    const other = placed.find((r) => tileOf(z, r.longitude!, r.latitude!).join('/') !== `${cx}/${cy}`)!;
    const [ox, oy] = tileOf(z, other.longitude!, other.latitude!);
    const changedPath = `/v1/tiles/live/${z}/${cx}/${cy}`;
    const otherPath = `/v1/tiles/live/${z}/${ox}/${oy}`;
    const before = { changed: await fetchRaw(changedPath), other: await fetchRaw(otherPath) };
    const generation = store.current.generation;

    const level = changed.warning_level === 'emergency_warning' ? 'advice' : 'emergency_warning';
    const polledAt = new Date().toISOString();
    await warehouse.commit({
      feedKey: 'nsw-rfs-major-incidents',
      rawSha256: '1'.repeat(64),
      incoming: incidents.map((r) =>
        r.id === changed.id ? { ...r, warning_level: level, updated_at: polledAt } : r,
      ),
      polledAt,
      pollId: `poll@${polledAt}`,
    });
    await publishNow(warehouse, dataLayout(dir).lakeDir);
    // A load the store's watcher began during the publish may have read the manifest before it.
    await store.whenLoaded(generation + 1);

    const unchanged = await fetchRaw(otherPath, { 'if-none-match': String(before.other.headers.etag) });
    expect(unchanged.status).toBe(304);
    const moved = await fetchRaw(changedPath, { 'if-none-match': String(before.changed.headers.etag) });
    expect(moved.status).toBe(200);
    expect(moved.headers.etag).not.toBe(before.changed.headers.etag);
    const drawn = (await tile(changedPath))!.layers.incidents!;
    const levels = new Map<unknown, unknown>();
    for (let i = 0; i < drawn.length; i++)
      levels.set(drawn.feature(i).properties.id, drawn.feature(i).properties.warningLevel);
    expect(levels.get(changed.id)).toBe(level);
  });
});

describe('the live tiles’ gauges layer', () => {
  let lake: EveryTableLake;
  let store: ServingStore;
  let api: TestApi;
  const NOW = new Date('2026-11-21T00:00:00Z');

  beforeAll(async () => {
    lake = await everyTableLake(NOW);
    store = await ServingStore.open(lake.lakeDir);
    api = await testApi({ store, catalogue: FEED_CATALOGUE, now: () => NOW });
  });
  afterAll(async () => {
    api?.close();
    await lake?.close();
  });

  it('holds each placed water-level gauge with its flood class, as /v1/gauges lists them', async () => {
    const headers = bearer(api.tokens.get('free')!);
    const gauges = (await (await api.app.request('/v1/gauges', { headers })).json()) as {
      gauges: { id: string; latitude: number | null; floodClass: string | null; readingStatus: string }[];
    };
    const placed = gauges.gauges.filter((g) => g.latitude !== null);
    expect(placed.length).toBeGreaterThan(0);
    const response = await api.app.request('/v1/tiles/live/0/0/0', { headers });
    expect(response.status).toBe(200);
    const layer = new VectorTile(new Pbf(new Uint8Array(await response.arrayBuffer()))).layers.gauges!;
    const drawn = Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties);
    expect(drawn.map((p) => p.id).sort()).toEqual(placed.map((g) => g.id).sort());
    for (const gauge of placed) {
      const expected =
        gauge.readingStatus === 'stale' ? 'unclassified' : (gauge.floodClass ?? 'unclassified');
      expect(drawn.find((p) => p.id === gauge.id)?.floodClass).toBe(expected);
    }
  });
});
