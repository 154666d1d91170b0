import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManifestSchema, type Manifest } from '../../lake/manifest.js';
import type { LakeStorage } from '../../lake/storage/lake-storage.js';
import { compactLake } from '../../warehouse/compact.js';
import { LakeMirror, LakeWriterConflict, lakeWriterId, mirrorLake } from '../../warehouse/lake-mirror.js';
import { publishLake } from '../../warehouse/incidents-publish.js';
import { finishPublication, GARBAGE_GRACE_MS } from '../../warehouse/publication.js';
import { publishNow } from '../../warehouse/publisher.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { makeRecord } from '../support/incidents.js';
import { startTestBucket, type TestBucket } from '../support/versitygw.js';

const CHILD = fileURLToPath(new URL('../support/lake-mirror-child.ts', import.meta.url));
const FEED = 'nsw-rfs-major-incidents';

async function bucketManifest(storage: LakeStorage): Promise<Manifest | undefined> {
  const read = await storage.read('manifest.json');
  if (read === undefined || read === 'unchanged') return undefined;
  return ManifestSchema.parse(JSON.parse(read.body.toString('utf8')));
}

async function objectSha256(storage: LakeStorage, key: string): Promise<string | undefined> {
  const streamed = await storage.stream(key);
  if (!streamed) return undefined;
  const hash = createHash('sha256');
  for await (const chunk of streamed.body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file the bucket's manifest names is in the bucket, byte for byte. */
async function expectWholeLake(storage: LakeStorage): Promise<Manifest> {
  const manifest = await bucketManifest(storage);
  expect(manifest).toBeDefined();
  for (const file of manifest!.files) {
    expect(await objectSha256(storage, file.path), file.path).toBe(file.sha256);
  }
  return manifest!;
}

let bucket: TestBucket;
beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(async () => {
  await bucket.close();
});

describe('the writer publishes the lake to a bucket (real S3 gateway)', () => {
  let dir: string;
  let warehouse: Warehouse;
  let storage: LakeStorage;
  let clock: number;
  let undo: () => void;
  let writerId: string;
  let prefix = 0;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-mirror-'));
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    storage = bucket.storage(`writer-${++prefix}`);
    clock = Date.parse('2026-11-20T00:00:00Z');
    writerId = await lakeWriterId(join(dir, 'warehouse.duckdb'));
    undo = mirrorLake(
      new LakeMirror({ storage, lakeDir: join(dir, 'lake'), writerId, now: () => clock, retryMs: 200 }),
    );
  });
  afterEach(async () => {
    undo();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  const commit = (poll: number, status: 'active' | 'contained') =>
    warehouse.commit({
      feedKey: FEED,
      pollId: `poll-${poll}`,
      rawSha256: 'a'.repeat(64),
      incoming: [makeRecord('1', { status }), makeRecord('2')],
      polledAt: new Date(Date.UTC(2026, 10, 20, 0, poll)).toISOString(),
      guarded: false,
    });

  it('uploads every file before the manifest that names it, generation after generation', async () => {
    await commit(1, 'active');
    const first = await publishNow(warehouse, join(dir, 'lake'));
    expect((await expectWholeLake(storage)).generation).toBe(first.generation);
    await commit(2, 'contained');
    const second = await publishNow(warehouse, join(dir, 'lake'));
    const inBucket = await expectWholeLake(storage);
    expect(inBucket).toEqual(second);
    // The bucket's manifest is the local one, byte for byte.
    const local = await readFile(join(dir, 'lake', 'manifest.json'), 'utf8');
    expect(JSON.parse(local)).toEqual(inBucket);
  });

  it('deletes replaced files from the bucket only after the grace period', async () => {
    for (let poll = 1; poll <= 9; poll++) {
      await commit(poll, poll % 2 === 0 ? 'active' : 'contained');
      await publishNow(warehouse, join(dir, 'lake'));
    }
    const before = await bucketManifest(storage);
    const segments = before!.files
      .filter((file) => file.table === 'incident_versions')
      .map((file) => file.path);
    expect(segments.length).toBeGreaterThanOrEqual(8);
    const compacted = await compactLake(warehouse, { lakeDir: join(dir, 'lake'), now: new Date(clock) });
    expect(compacted.partitions).toBe(1);
    const after = await expectWholeLake(storage);
    expect(after.files.some((file) => segments.includes(file.path))).toBe(false);
    // Still there: a replica may be reading the generation that named them.
    const keys = async () => new Set((await storage.list('incident_versions/')).map((object) => object.key));
    for (const path of segments) expect((await keys()).has(path), path).toBe(true);

    // A publish within the grace period leaves them; one after it deletes them, in the bucket too.
    clock += GARBAGE_GRACE_MS / 2;
    await commit(20, 'active');
    await warehouse.exclusive(() =>
      publishLake(warehouse.db, { lakeDir: join(dir, 'lake'), now: new Date(clock) }),
    );
    for (const path of segments) expect((await keys()).has(path), path).toBe(true);
    clock += GARBAGE_GRACE_MS;
    await commit(21, 'contained');
    await warehouse.exclusive(() =>
      publishLake(warehouse.db, { lakeDir: join(dir, 'lake'), now: new Date(clock) }),
    );
    const left = await keys();
    for (const path of segments) expect(left.has(path), path).toBe(false);
    await expectWholeLake(storage);
  });

  it('goes on while the bucket is unreachable and brings it up to date once it answers', async () => {
    await commit(1, 'active');
    await publishNow(warehouse, join(dir, 'lake'));
    await bucket.stop();
    try {
      await commit(2, 'contained');
      await publishNow(warehouse, join(dir, 'lake'));
      await commit(3, 'active');
      const latest = await publishNow(warehouse, join(dir, 'lake'));
      expect(latest.generation).toBe(3);
    } finally {
      await bucket.restart();
    }
    for (let waited = 0; (await bucketManifest(storage))?.generation !== 3; waited += 100) {
      if (waited > 15_000) throw new Error('the bucket never caught up');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await expectWholeLake(storage);
  });

  it('refuses to overwrite another writer’s lake, at start and when both publish at once', async () => {
    await commit(1, 'active');
    await publishNow(warehouse, join(dir, 'lake'));
    const ours = await bucketManifest(storage);

    // A second warehouse pointed at the same place: its start refuses, and the bucket keeps our lake.
    const otherDir = await mkdtemp(join(tmpdir(), 'eids-mirror-other-'));
    const other = await Warehouse.open(join(otherDir, 'warehouse.duckdb'));
    const otherId = await lakeWriterId(join(otherDir, 'warehouse.duckdb'));
    expect(otherId).not.toBe(writerId);
    const otherMirror = new LakeMirror({
      storage: bucket.storage(`writer-${prefix}`),
      lakeDir: join(otherDir, 'lake'),
      writerId: otherId,
    });
    const undoOther = mirrorLake(otherMirror);
    try {
      await expect(
        other.exclusive(() => finishPublication(other.db, join(otherDir, 'lake'))),
      ).rejects.toBeInstanceOf(LakeWriterConflict);
      expect(await bucketManifest(storage)).toEqual(ours);

      // Both start on an empty prefix and publish their first generation: one lake wins, whole.
      const fresh = `writer-race-${prefix}`;
      const mine = new LakeMirror({ storage: bucket.storage(fresh), lakeDir: join(dir, 'lake'), writerId });
      const theirs = new LakeMirror({
        storage: bucket.storage(fresh),
        lakeDir: join(otherDir, 'lake'),
        writerId: otherId,
      });
      undo();
      undoOther();
      undo = mirrorLake(mine);
      const undoTheirs = mirrorLake(theirs);
      try {
        await other.commit({
          feedKey: FEED,
          pollId: 'other-1',
          rawSha256: 'b'.repeat(64),
          incoming: [makeRecord('9')],
          polledAt: '2026-11-20T05:00:00Z',
          guarded: false,
        });
        await commit(2, 'contained');
        await Promise.all([
          publishNow(warehouse, join(dir, 'lake')),
          publishNow(other, join(otherDir, 'lake')),
        ]);
        const won = await expectWholeLake(bucket.storage(fresh));
        const candidates = [
          JSON.parse(await readFile(join(dir, 'lake', 'manifest.json'), 'utf8')) as Manifest,
          JSON.parse(await readFile(join(otherDir, 'lake', 'manifest.json'), 'utf8')) as Manifest,
        ];
        expect(candidates).toContainEqual(won);
        // The loser knows: it is not in sync, and its next publish (a newer generation than the
        // bucket's, whichever won) still leaves the winner's lake as it is.
        expect([mine.inSync, theirs.inSync].sort()).toEqual([false, true]);
        const [loser, loserWarehouse, loserDir] = mine.inSync
          ? [theirs, other, otherDir]
          : [mine, warehouse, dir];
        await loserWarehouse.commit({
          feedKey: FEED,
          pollId: 'loser-again',
          rawSha256: 'c'.repeat(64),
          incoming: [makeRecord('7')],
          polledAt: '2026-11-20T06:00:00Z',
          guarded: false,
        });
        await publishNow(loserWarehouse, join(loserDir, 'lake'));
        expect(loser.inSync).toBe(false);
        expect(await bucketManifest(bucket.storage(fresh))).toEqual(won);
      } finally {
        undoTheirs();
      }
    } finally {
      other.close();
      await rm(otherDir, { recursive: true, force: true });
    }
  });
});

describe('a writer killed between a file upload and the manifest (real process, SIGKILL)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-mirror-crash-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs the writer child until it exits by itself (killAt) or has worked for `ms`, then SIGKILLs it. */
  async function runWriter(start: number, options: { killAt?: number; ms?: number }): Promise<string> {
    const args = [dir, bucket.endpoint, bucket.bucket, String(start), String(options.killAt ?? '')];
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (options.ms !== undefined) {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', () => {
          if (output.includes('ready')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`writer exited early (${code})`)));
      });
      await new Promise((resolve) => setTimeout(resolve, options.ms));
      child.kill('SIGKILL');
    }
    await exited;
    return output;
  }

  it('leaves no manifest naming a missing file, and the next start finishes the generation', async () => {
    const storage = bucket.storage('lake');
    const output = await runWriter(0, { killAt: 3 });
    expect(output).toContain('uploaded 3');
    // Generation 3's files are in the bucket, its manifest is not: the bucket still serves generation 2.
    const manifest = await expectWholeLake(storage);
    expect(manifest.generation).toBe(2);
    const keys = (await storage.list('incident')).map((object) => object.key);
    expect(keys).toContain('incidents_live/live-3.parquet');
    expect(manifest.files.map((file) => file.path)).not.toContain('incidents_live/live-3.parquet');

    // Random kills at any moment of commit → publish → upload → manifest.
    for (const [round, ms] of [900, 1500, 700].entries()) {
      await runWriter(100 * (round + 1), { ms });
      await expectWholeLake(storage);
    }

    // A start finishes what was recorded and removes uploads no manifest names.
    const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    const writerId = await lakeWriterId(join(dir, 'warehouse.duckdb'));
    const undo = mirrorLake(new LakeMirror({ storage, lakeDir: join(dir, 'lake'), writerId }));
    try {
      await warehouse.exclusive(() => finishPublication(warehouse.db, join(dir, 'lake')));
      const finished = await expectWholeLake(storage);
      const local = JSON.parse(await readFile(join(dir, 'lake', 'manifest.json'), 'utf8')) as Manifest;
      expect(finished).toEqual(local);
      const garbage = await warehouse.db.runAndReadAll('SELECT path FROM lake_garbage');
      const named = new Set([
        ...finished.files.map((file) => file.path),
        ...garbage.getRowObjectsJS().map((row) => row.path as string),
      ]);
      for (const object of await storage.list('incident'))
        expect(named.has(object.key), object.key).toBe(true);
    } finally {
      undo();
      warehouse.close();
    }
  });

  it('fills a new, empty bucket from its working copy when the old one is lost (another region)', async () => {
    const elsewhere = bucket.storage('lake-elsewhere');
    const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    const writerId = await lakeWriterId(join(dir, 'warehouse.duckdb'));
    const undo = mirrorLake(new LakeMirror({ storage: elsewhere, lakeDir: join(dir, 'lake'), writerId }));
    try {
      await warehouse.exclusive(() => finishPublication(warehouse.db, join(dir, 'lake')));
      const local = JSON.parse(await readFile(join(dir, 'lake', 'manifest.json'), 'utf8')) as Manifest;
      expect(local.files.length).toBeGreaterThan(0);
      expect(await expectWholeLake(elsewhere)).toEqual(local);
    } finally {
      undo();
      warehouse.close();
    }
  });
});
