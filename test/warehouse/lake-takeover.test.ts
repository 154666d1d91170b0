import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManifestSchema, type Manifest } from '../../lake/manifest.js';
import type { LakeStorage } from '../../lake/storage/lake-storage.js';
import {
  LakeMirror,
  lakeWriterHandover,
  lakeWriterId,
  mirrorLake,
  type LakeMirrorOptions,
} from '../../warehouse/lake-mirror.js';
import { finishPublication } from '../../warehouse/publication.js';
import { publishNow } from '../../warehouse/publisher.js';
import { restoreWarehouse } from '../../warehouse/restore/index.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { makeRecord } from '../support/incidents.js';
import { startTestBucket, type TestBucket } from '../support/versitygw.js';

const FEED = 'nsw-rfs-major-incidents';

interface Writer {
  id: string;
  dir: string;
  lakeDir: string;
  warehouse: Warehouse;
  takenOver: string[];
  stop: () => void;
}

async function bucketManifest(storage: LakeStorage): Promise<Manifest & { writer?: string }> {
  const read = await storage.read('manifest.json');
  if (read === undefined || read === 'unchanged') throw new Error('no manifest');
  const json = JSON.parse(read.body.toString('utf8')) as { writer?: string };
  return { ...ManifestSchema.parse(json), ...(json.writer ? { writer: json.writer } : {}) };
}

/** Every file the bucket's manifest names is there byte for byte, as a reader checks it. */
async function expectWholeLake(storage: LakeStorage): Promise<Manifest & { writer?: string }> {
  const manifest = await bucketManifest(storage);
  for (const file of manifest.files) {
    const streamed = await storage.stream(file.path);
    const hash = createHash('sha256');
    for await (const chunk of streamed!.body) hash.update(chunk as Buffer);
    expect(hash.digest('hex'), file.path).toBe(file.sha256);
  }
  return manifest;
}

/** A point a writer passes freely until the test holds it there (a freeze), then opens it again. */
class Hold {
  private held: Promise<void> | undefined;
  private release = () => undefined as void;
  private arrive = () => undefined as void;
  /** Resolves once something waits at the hold. */
  reached: Promise<void> = Promise.resolve();

  hold(): void {
    this.held = new Promise((resolve) => (this.release = resolve));
    this.reached = new Promise((resolve) => (this.arrive = resolve));
  }

  wait(): Promise<void> {
    if (!this.held) return Promise.resolve();
    this.arrive();
    return this.held;
  }

  open(): void {
    this.held = undefined;
    this.release();
  }
}

/** The bucket as a writer frozen before its uploads sees it, while held. */
function uploadsHeldAt(storage: LakeStorage, held: Hold): LakeStorage {
  const upload: LakeStorage['upload'] = async (...args) => {
    await held.wait();
    return storage.upload(...args);
  };
  return Object.assign(Object.create(storage) as LakeStorage, { upload });
}

describe('a writer taken over while it publishes (frozen, then resumed; real S3 gateway)', () => {
  let bucket: TestBucket;
  let root: string;
  let prefix = 0;
  const writers: Writer[] = [];

  beforeAll(async () => {
    bucket = await startTestBucket('eids-takeover');
  });
  afterAll(async () => {
    await bucket?.close();
  });
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'eids-takeover-'));
    prefix += 1;
  });
  afterEach(async () => {
    for (const writer of writers.splice(0)) {
      writer.stop();
      writer.warehouse.close();
    }
    await rm(root, { recursive: true, force: true });
  });

  const storage = () => bucket.storage(`lake-${prefix}`);

  async function startWriter(name: string, mirror: Partial<LakeMirrorOptions> = {}): Promise<Writer> {
    const dir = join(root, name);
    const warehouseFile = join(dir, 'warehouse', 'warehouse.duckdb');
    const lakeDir = join(dir, 'lake');
    const takenOver: string[] = [];
    const id = await lakeWriterId(warehouseFile);
    const stop = mirrorLake(
      new LakeMirror({
        storage: storage(),
        writerId: id,
        lakeDir,
        handover: await lakeWriterHandover(warehouseFile),
        onTakenOver: (message) => takenOver.push(message),
        ...mirror,
      }),
    );
    const warehouse = await Warehouse.open(warehouseFile);
    await warehouse.exclusive(() => finishPublication(warehouse.db, lakeDir));
    const writer = { id, dir, lakeDir, warehouse, takenOver, stop };
    writers.push(writer);
    return writer;
  }

  /** Another writer takes the lake over as a standby does: restored from the bucket, then leading. */
  async function standbyTakesOver(): Promise<Writer> {
    const warehouseFile = join(root, 'standby', 'warehouse', 'warehouse.duckdb');
    await restoreWarehouse({
      storage: storage(),
      warehouseFile,
      lakeDir: join(root, 'standby', 'lake'),
      download: true,
    });
    return startWriter('standby');
  }

  /** One poll with records only this writer sees: its next segment differs from the other's. */
  async function commitAndPublish(writer: Writer, poll: string, ids: string[]): Promise<Manifest> {
    await writer.warehouse.commit({
      feedKey: FEED,
      pollId: `${writer.id}-${poll}`,
      rawSha256: 'a'.repeat(64),
      incoming: ids.map((id) => makeRecord(id)),
      polledAt: '2026-11-20T05:00:00Z',
      guarded: false,
    });
    return publishNow(writer.warehouse, writer.lakeDir);
  }

  it('resuming before its uploads: finds the lake claimed, overwrites nothing and steps down', async () => {
    const frozenAt = new Hold();
    const first = await startWriter('first', { storage: uploadsHeldAt(storage(), frozenAt) });
    await commitAndPublish(first, '1', ['1', '2']);
    frozenAt.hold();
    const pending = commitAndPublish(first, '2', ['3']);
    await frozenAt.reached; // past its check of the bucket's manifest, before its first upload

    const standby = await standbyTakesOver();
    const taken = await commitAndPublish(standby, '2', ['4', '5']);
    expect(taken.generation).toBe(2);

    frozenAt.open();
    await pending;
    expect(first.takenOver).toHaveLength(1);
    expect(first.takenOver[0]).toMatch(/another writer/);
    const inBucket = await expectWholeLake(storage());
    expect(inBucket).toMatchObject({ generation: 2, writer: standby.id, publishedAt: taken.publishedAt });
    expect(standby.takenOver).toEqual([]);
  }, 120_000);

  it('resuming before its manifest, its files uploaded: the standby replaces them, its manifest is refused', async () => {
    const frozenAt = new Hold();
    const first = await startWriter('first', { beforeManifest: () => frozenAt.wait() });
    await commitAndPublish(first, '1', ['1', '2']);
    expect(await bucketManifest(storage())).toMatchObject({ generation: 1, writer: first.id });
    frozenAt.hold();
    const pending = commitAndPublish(first, '2', ['3']);
    await frozenAt.reached; // its files of generation 2 are in the bucket, its manifest not yet

    const standby = await standbyTakesOver();
    const taken = await commitAndPublish(standby, '2', ['4', '5']);
    frozenAt.open();
    await pending;

    expect(first.takenOver).toHaveLength(1);
    const inBucket = await expectWholeLake(storage());
    expect(inBucket).toMatchObject({ generation: 2, writer: standby.id, publishedAt: taken.publishedAt });
    expect(standby.takenOver).toEqual([]);
  }, 120_000);

  it('resuming once the standby has started, before it publishes anything: its manifest is refused all the same', async () => {
    const frozenAt = new Hold();
    const first = await startWriter('first', { beforeManifest: () => frozenAt.wait() });
    await commitAndPublish(first, '1', ['1', '2']);
    frozenAt.hold();
    const pending = commitAndPublish(first, '2', ['3']);
    await frozenAt.reached;

    const standby = await standbyTakesOver(); // it has claimed the lake at its start
    frozenAt.open();
    await pending;
    expect(first.takenOver).toHaveLength(1);
    expect(await expectWholeLake(storage())).toMatchObject({ generation: 1, writer: standby.id });
    const taken = await commitAndPublish(standby, '2', ['4', '5']);
    expect(await expectWholeLake(storage())).toMatchObject({ generation: 2, publishedAt: taken.publishedAt });
    expect(standby.takenOver).toEqual([]);
  }, 120_000);
});
