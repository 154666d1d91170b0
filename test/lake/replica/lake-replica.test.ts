import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import { listen } from '../../../api/listen.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { FEED_CATALOGUE, type Tier } from '../../../config/index.js';
import type { Manifest } from '../../../lake/manifest.js';
import { LakeFileCache } from '../../../lake/replica/file-cache.js';
import { LakeReplica } from '../../../lake/replica/lake-replica.js';
import { LakeMirror, lakeWriterId, mirrorLake } from '../../../warehouse/lake-mirror.js';
import { publishNow } from '../../../warehouse/publisher.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';
import { makeRecord } from '../../support/incidents.js';
import { bearer, testAccess, type TestAccess } from '../../support/keys.js';
import { startTestBucket, type TestBucket } from '../../support/versitygw.js';

const FEED = 'nsw-rfs-major-incidents';

interface Status {
  lake: {
    home: string;
    state: string;
    generation: number;
    bucketGeneration: number | null;
    unreachableSince: string | null;
    cache: { bytes: number; limitBytes: number; files: number } | null;
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let bucket: TestBucket;
beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(async () => {
  await bucket.close();
});

/**
 * A writer publishing to a bucket and an API replica over the same bucket with its own data folder,
 * answering real HTTP on loopback: the replica shares nothing with the writer but the bucket.
 */
describe('an API replica over a lake in a bucket (real S3 gateway, real HTTP)', () => {
  let dir: string;
  let warehouse: Warehouse;
  let undoMirror: () => void;
  let replica: LakeReplica;
  let cache: LakeFileCache;
  let store: ServingStore;
  let server: Server;
  let base: string;
  let access: TestAccess;
  const tokens = new Map<Tier, string>();
  let poll = 0;
  let prefix = 0;

  async function startReplica(limitBytes: number): Promise<void> {
    const storage = bucket.storage(`replica-${prefix}`);
    cache = await LakeFileCache.open(join(dir, 'replica', 'lake-cache'), storage, {
      limitBytes,
      retryDelayMs: 50,
    });
    replica = await LakeReplica.start({ storage, cache, pollMs: 100 });
    store = await ServingStore.open(cache.dir, { files: replica });
    replica.onPrepared = () => void store.refresh().catch(() => undefined);
    const app = createApp({
      cap: TEST_CAP_ISSUER,
      store,
      feedHealth: { read: () => Promise.resolve([undefined]) },
      catalogue: FEED_CATALOGUE,
      cursors: new CursorCodec('replica-test-cursor-secret'),
      keys: access.store,
      quota: access.store,
      version: 'test',
      startedAt: new Date(),
      now: () => new Date(),
      lakeReplica: replica,
    });
    server = await listen(app.fetch, '127.0.0.1', 0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async function stopReplica(): Promise<void> {
    await new Promise((resolve) => server.close(resolve));
    await replica.close();
    store.close();
  }

  beforeEach(async () => {
    prefix++;
    dir = await mkdtemp(join(tmpdir(), 'eids-replica-'));
    warehouse = await Warehouse.open(join(dir, 'writer', 'warehouse.duckdb'));
    undoMirror = mirrorLake(
      new LakeMirror({
        storage: bucket.storage(`replica-${prefix}`),
        lakeDir: join(dir, 'writer', 'lake'),
        writerId: await lakeWriterId(join(dir, 'writer', 'warehouse.duckdb')),
        retryMs: 100,
      }),
    );
    access = testAccess();
    for (const tier of ['free', 'enterprise'] as const) tokens.set(tier, (await access.issue(tier)).token);
  });
  afterEach(async () => {
    await stopReplica();
    undoMirror();
    warehouse.close();
    access.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Commits a poll listing incidents `ids` (their status alternating, so versions settle) and publishes. */
  async function publish(ids: string[]): Promise<Manifest> {
    poll++;
    await warehouse.commit({
      feedKey: FEED,
      pollId: `poll-${poll}`,
      rawSha256: 'a'.repeat(64),
      incoming: ids.map((id) => makeRecord(id, { status: poll % 2 === 0 ? 'active' : 'contained' })),
      polledAt: new Date(Date.UTC(2026, 10, 20, 0, poll)).toISOString(),
      guarded: false,
    });
    return publishNow(warehouse, join(dir, 'writer', 'lake'));
  }

  const get = (path: string, tier: Tier = 'free', headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: bearer(tokens.get(tier)!, headers) });
  const status = async () => (await (await fetch(`${base}/v1/status`)).json()) as Status;
  const incidentIds = async () => {
    const body = (await (await get('/v1/incidents?limit=100')).json()) as { features: { id: string }[] };
    return body.features.map((feature) => feature.id).sort();
  };
  const serving = (generation: number) =>
    until(`generation ${generation}`, async () =>
      (await status()).lake.generation === generation ? true : undefined,
    );

  it('is not ready until it has a generation, then serves each new one, fetching only what it lacks', async () => {
    await startReplica(1024 * 1024 * 1024);
    const cold = await fetch(`${base}/readyz`);
    expect(cold.status).toBe(503);
    expect(cold.headers.get('content-type')).toBe('application/problem+json');
    expect((await status()).lake).toMatchObject({ home: 'bucket', state: 'cold', generation: 0 });

    const first = await publish(['1', '2']);
    await serving(first.generation);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, generation: first.generation });
    expect(await incidentIds()).toEqual(['nsw-rfs-1', 'nsw-rfs-2']);
    // Only the live set was needed to serve it; history waits for a query that names it.
    const afterFirst = cache.stats();
    expect(afterFirst.downloads).toBe(1);

    const second = await publish(['1', '2', '3']);
    await serving(second.generation);
    expect(await incidentIds()).toEqual(['nsw-rfs-1', 'nsw-rfs-2', 'nsw-rfs-3']);
    expect(cache.stats().downloads).toBe(2);
    expect((await status()).lake).toMatchObject({ state: 'current', bucketGeneration: second.generation });

    // History is read in place from segments fetched on demand, checked, and right.
    const history = await get(
      '/v1/incidents/history?after=2026-11-01T00:00:00Z&before=2026-12-01T00:00:00Z',
      'enterprise',
    );
    expect(history.status).toBe(200);
    const features = ((await history.json()) as { features: { id: string }[] }).features;
    expect(features.map((feature) => feature.id).sort()).toEqual(['nsw-rfs-1', 'nsw-rfs-2', 'nsw-rfs-3']);
    const segments = second.files.filter((file) => file.table === 'incident_versions');
    expect(segments.length).toBeGreaterThan(0);
    expect(cache.stats().downloads).toBe(2 + segments.length);
  });

  it('refuses a damaged or missing object, serves the last good generation meanwhile, and never a wrong byte', async () => {
    await startReplica(1024 * 1024 * 1024);
    const first = await publish(['1']);
    await serving(first.generation);

    // The next generation's live set is damaged in the bucket (same size, other bytes).
    const live = (generation: number) => `incidents_live/live-${generation}.parquet`;
    const objectPath = (key: string) => join(bucket.objectsDir, `replica-${prefix}`, key);
    // Damaged once uploaded and before the manifest names it, so the replica never saw it whole.
    let good = Buffer.alloc(0);
    undoMirror();
    undoMirror = mirrorLake(
      new LakeMirror({
        storage: bucket.storage(`replica-${prefix}`),
        lakeDir: join(dir, 'writer', 'lake'),
        writerId: await lakeWriterId(join(dir, 'writer', 'warehouse.duckdb')),
        beforeManifest: async (manifest) => {
          good = await readFile(objectPath(live(manifest.generation)));
          const bad = Buffer.from(good);
          bad[Math.floor(bad.length / 2)]! ^= 0xff;
          await writeFile(objectPath(live(manifest.generation)), bad);
        },
      }),
    );
    const second = await publish(['1', '2']);

    await until('a refused download', () => Promise.resolve(cache.stats().refused > 0 ? true : undefined));
    expect(await incidentIds()).toEqual(['nsw-rfs-1']);
    expect((await status()).lake).toMatchObject({
      state: 'catching-up',
      generation: first.generation,
      bucketGeneration: second.generation,
    });
    expect(cache.has(live(second.generation))).toBe(false);

    // Repaired: the replica's next try takes it.
    await writeFile(objectPath(live(second.generation)), good);
    await serving(second.generation);
    expect(await incidentIds()).toEqual(['nsw-rfs-1', 'nsw-rfs-2']);

    // A history segment gone from the bucket: the query answers 503 (never a partial answer), then 200.
    const segment = second.files.find((file) => file.table === 'incident_versions')!;
    const saved = await readFile(objectPath(segment.path));
    await rm(objectPath(segment.path));
    const path = '/v1/incidents/history?after=2026-11-01T00:00:00Z&before=2026-12-01T00:00:00Z';
    const refused = await get(path, 'enterprise');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.headers.get('retry-after')).toBe('5');
    await writeFile(objectPath(segment.path), saved);
    expect((await get(path, 'enterprise')).status).toBe(200);
  });

  it('keeps serving its last generation while the bucket is unreachable, says so, then catches up', async () => {
    await startReplica(1024 * 1024 * 1024);
    const first = await publish(['1']);
    await serving(first.generation);
    await bucket.stop();
    let second: Manifest;
    try {
      await until('the replica to notice', async () =>
        (await status()).lake.state === 'unreachable' ? true : undefined,
      );
      const seen = (await status()).lake;
      expect(seen.generation).toBe(first.generation);
      expect(seen.unreachableSince).not.toBeNull();
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect(await incidentIds()).toEqual(['nsw-rfs-1']);
      // The writer goes on meanwhile.
      second = await publish(['1', '2']);
    } finally {
      await bucket.restart();
    }
    await serving(second.generation);
    expect(await incidentIds()).toEqual(['nsw-rfs-1', 'nsw-rfs-2']);
    expect((await status()).lake).toMatchObject({ state: 'current', unreachableSince: null });
  });

  it('stays within its cache size, fetching evicted history again when a query needs it', async () => {
    await startReplica(1); // smaller than any file: only what a generation needs to be served stays
    for (let i = 0; i < 4; i++) await publish(['1', '2']);
    const last = await publish(['1', '2', '3']);
    await serving(last.generation);
    const path = '/v1/incidents/history?after=2026-11-01T00:00:00Z&before=2026-12-01T00:00:00Z';
    const first = (await (await get(path, 'enterprise')).json()) as { features: unknown[] };
    const afterFirst = cache.stats();
    const segments = last.files.filter((file) => file.table === 'incident_versions');
    for (const segment of segments) expect(cache.has(segment.path), segment.path).toBe(false);
    expect(afterFirst.files).toBe(2); // the live sets of the served and the previous generation, protected
    // Another window (the response cache would answer the same URL), the same rows.
    const again = (await (await get(path.replace('12-01', '12-02'), 'enterprise')).json()) as typeof first;
    expect(again.features).toEqual(first.features);
    // Each query fetched them again (a history request runs more than one), and let them go after.
    expect(cache.stats().downloads - afterFirst.downloads).toBeGreaterThanOrEqual(segments.length);
    expect(cache.stats().files).toBe(2);
    expect(cache.stats().evicted).toBeGreaterThanOrEqual(2 * segments.length);
  });

  it('serves a bulk download from the cache with the ETag, Range and sha256 of the catalogue', async () => {
    await startReplica(1024 * 1024 * 1024);
    await publish(['1', '2']);
    const published = await publish(['1', '2']);
    await serving(published.generation);
    const catalogue = (await (await get('/v1/exports', 'enterprise')).json()) as {
      files: { href: string; table: string; sha256: string; bytes: number }[];
    };
    const segment = catalogue.files.find((file) => file.table === 'incident_versions')!;
    const whole = await get(segment.href, 'enterprise');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('etag')).toBe(`"${segment.sha256}"`);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(segment.bytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(segment.sha256);
    const part = await get(segment.href, 'enterprise', { range: 'bytes=4-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-99/${segment.bytes}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(4, 100))).toBe(true);
    expect((await get(segment.href, 'enterprise', { 'if-none-match': `"${segment.sha256}"` })).status).toBe(
      304,
    );
  });

  it('restarted with its cache and no bucket, serves the generation it had, checked again', async () => {
    await startReplica(1024 * 1024 * 1024);
    const published = await publish(['1', '2']);
    await serving(published.generation);
    await stopReplica();
    await bucket.stop();
    try {
      await startReplica(1024 * 1024 * 1024);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect(await incidentIds()).toEqual(['nsw-rfs-1', 'nsw-rfs-2']);
      await until('the replica to notice', async () =>
        (await status()).lake.state === 'unreachable' ? true : undefined,
      );
    } finally {
      await bucket.restart();
    }
    await until('the bucket again', async () =>
      (await status()).lake.state === 'current' ? true : undefined,
    );
  });
});
