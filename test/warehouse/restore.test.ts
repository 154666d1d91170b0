import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventActivities } from '../../activities/event-activities.js';
import { clusteringConfig } from '../../config/clustering.js';
import { dataLayout } from '../../config/index.js';
import { RECORD_COLUMN_LIST } from '../../lake/incident-columns.js';
import { ManifestSchema } from '../../lake/manifest.js';
import { LakeFileCache } from '../../lake/replica/file-cache.js';
import type { LakeStorage } from '../../lake/storage/lake-storage.js';
import { checkVersionChains } from '../../lake/verify-chains.js';
import type { IncidentRecord } from '../../model/index.js';
import { LakeMirror, lakeWriterHandover, lakeWriterId, mirrorLake } from '../../warehouse/lake-mirror.js';
import { finishPublication } from '../../warehouse/publication.js';
import { publishNow } from '../../warehouse/publisher.js';
import { restoreWarehouse, RestoreRefused } from '../../warehouse/restore/index.js';
import { checkContentHashes, LAST_SEEN_SQL } from '../../warehouse/restore/incidents.js';
import { Warehouse, type CommitOutcome } from '../../warehouse/warehouse.js';
import { TEST_CAP_ISSUER } from '../support/cap-issuer.js';
import { everyTableLake, type EveryTableLake } from '../support/every-table-lake.js';
import { makeRecord } from '../support/incidents.js';
import { startTestBucket, type TestBucket } from '../support/versitygw.js';

const DAY_MS = 86_400_000;
/** A second feed, with incidents of its own. */
const OTHER_FEED = 'nsw-rfs-major-incidents-cap';

type Row = Record<string, unknown>;

async function rows(db: DuckDBConnection, sql: string): Promise<string[]> {
  const reader = await db.runAndReadAll(sql);
  return reader
    .getRowObjectsJS()
    .map((row: Row) =>
      JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? Number(value) : value)),
    )
    .sort();
}

/** What each table must hold after a restore, as the lost warehouse held it (ADR 34 names what is derived). */
const SAME_AFTER_RESTORE: Record<string, string> = {
  incident_version: `SELECT * FROM incident_version`,
  incident_current: `SELECT * EXCLUDE (first_seen_at, last_seen_at),
    epoch_ms(first_seen_at::TIMESTAMPTZ) AS first_seen, last_seen_at = ${LAST_SEEN_SQL} AS seen_last FROM incident_current`,
  incident_retired: `SELECT ${RECORD_COLUMN_LIST}, feed_key, content_hash, version, valid_from,
    [x[1:3] FOR x IN json_transform(chain, '["JSON"]')] AS versions FROM incident_retired`,
  feed_listing_of_owners: `SELECT l.feed_key, l.id FROM feed_listing l JOIN incident_current c
    ON c.id = l.id AND c.feed_key = l.feed_key WHERE NOT c.retracted`,
  event_state: `SELECT * EXCLUDE (last_matched_at) FROM event_state`,
  gauge_station: `SELECT * EXCLUDE (last_listed) FROM gauge_station WHERE active`,
  gauge_latest: `SELECT * FROM gauge_latest`,
  gauge_class_published: `SELECT * FROM gauge_class_published`,
  gauge_reading_hot: `SELECT * FROM gauge_reading_hot`,
  publication: `SELECT generation, published_at, manifest FROM publication`,
};

describe('a writer rebuilt from the bucket (real S3 gateway)', () => {
  let bucket: TestBucket;
  let lost: EveryTableLake;
  let storage: LakeStorage;
  let lostWriter: string;
  let stopLostMirror: () => void;
  let fresh: string;
  const now = new Date();

  /** The lost writer's extra history: a second feed, with a recent and an old retraction. */
  async function secondFeed(warehouse: Warehouse): Promise<void> {
    const poll = (ids: string[], daysBack: number) =>
      warehouse.commit({
        feedKey: OTHER_FEED,
        pollId: `other@${daysBack}`,
        rawSha256: 'b'.repeat(64),
        incoming: ids.map((id) => otherRecord(id)),
        polledAt: new Date(now.getTime() - daysBack * DAY_MS).toISOString(),
        guarded: false,
      });
    await poll(['o1', 'o2', 'o3', 'o4'], 40);
    await poll(['o1', 'o2', 'o3'], 30); // o4 retracted 30 days back: retired by the next publish
    await poll(['o1', 'o2'], 0.1); // o3 retracted within the Cancel window: still current
  }

  beforeAll(async () => {
    bucket = await startTestBucket('eids-restore');
    lost = await everyTableLake(now);
    await secondFeed(lost.warehouse);
    await createEventActivities({
      lakeDir: lost.lakeDir,
      warehouse: lost.warehouse,
      clustering: clusteringConfig(),
      now: () => now,
    }).clusterEvents();
    storage = bucket.storage('lake');
    lostWriter = await lakeWriterId(dataLayout(lost.dir).warehouseFile);
    stopLostMirror = mirrorLake(new LakeMirror({ storage, lakeDir: lost.lakeDir, writerId: lostWriter }));
    await publishNow(lost.warehouse, lost.lakeDir, { capFeed: capFeedOf(lost.dir) });
    // The bucket holds the whole lake: what outlives the writer's disk.
    await finishPublication(lost.warehouse.db, lost.lakeDir);
    fresh = await mkdtemp(join(tmpdir(), 'eids-restored-'));
  }, 120_000);

  afterAll(async () => {
    stopLostMirror?.();
    await lost?.close();
    await rm(fresh, { recursive: true, force: true });
    await bucket?.close();
  });

  const capFeedOf = (dir: string) => ({
    file: join(dir, 'exports', 'cap', 'incidents.atom'),
    issuer: TEST_CAP_ISSUER,
    baseUrl: '',
  });
  const restoredFile = () => join(fresh, 'warehouse', 'warehouse.duckdb');

  it('rebuilds every table from the manifest and the files it names', async () => {
    const result = await restoreWarehouse({
      storage,
      warehouseFile: restoredFile(),
      lakeDir: join(fresh, 'lake'),
      download: true,
      log: (line) => console.log(line),
    });
    const lostManifest = ManifestSchema.parse(
      JSON.parse(await readFile(join(lost.lakeDir, 'manifest.json'), 'utf8')),
    );
    expect(result.generation).toBe(lostManifest.generation);
    expect(result.previousWriter).toBe(lostWriter);
    expect(result.writer).not.toBe(lostWriter);
    expect(result.counts.incident_retired).toBeGreaterThanOrEqual(1);
    const restored = await Warehouse.open(restoredFile());
    try {
      for (const [name, sql] of Object.entries(SAME_AFTER_RESTORE)) {
        const expected = await rows(lost.warehouse.db, sql);
        expect(expected.length, `${name} has rows to compare`).toBeGreaterThan(0);
        expect(await rows(restored.db, sql), name).toEqual(expected);
      }
    } finally {
      restored.close();
    }
  });

  it('computes every content hash again in JavaScript when a sampled one differs from what a commit computes', async () => {
    const restored = await Warehouse.open(restoredFile());
    try {
      const sql = 'SELECT id, version, content_hash FROM incident_version';
      const expected = await rows(restored.db, sql);
      await restored.db.run("UPDATE incident_version SET content_hash = 'not the hash'");
      await checkContentHashes(restored.db, 'incident_version');
      expect(await rows(restored.db, sql)).toEqual(expected);
    } finally {
      restored.close();
    }
  });

  it('refuses to replace a warehouse that is there', async () => {
    await expect(
      restoreWarehouse({
        storage,
        warehouseFile: restoredFile(),
        lakeDir: join(fresh, 'lake'),
        download: true,
      }),
    ).rejects.toThrow(RestoreRefused);
  });

  it('commits the next polls exactly as the lost writer would have, and continues its lake in the bucket', async () => {
    const restored = await Warehouse.open(restoredFile());
    const handover = await lakeWriterHandover(restoredFile());
    const stopMirror = mirrorLake(
      new LakeMirror({
        storage,
        lakeDir: join(fresh, 'lake'),
        writerId: await lakeWriterId(restoredFile()),
        handover,
      }),
    );
    try {
      await finishPublication(restored.db, join(fresh, 'lake'));
      const polls = nextPolls();
      const fromLost: CommitOutcome[] = [];
      const fromRestored: CommitOutcome[] = [];
      for (const poll of polls) {
        fromLost.push(await lost.warehouse.commit(poll));
        fromRestored.push(await restored.commit(poll));
      }
      // Unchanged incidents are found unchanged (the same content hashes), and the retired one comes
      // back as its next version.
      expect(fromRestored).toEqual(fromLost);
      expect(fromRestored[0]!.unchanged).toBeGreaterThan(0);
      for (const sql of [
        `SELECT ${RECORD_COLUMN_LIST}, feed_key, version, valid_from FROM incident_current`,
        `SELECT * FROM incident_version`,
      ]) {
        expect(await rows(restored.db, sql), sql).toEqual(await rows(lost.warehouse.db, sql));
      }
      const manifest = await publishNow(restored, join(fresh, 'lake'), { capFeed: capFeedOf(fresh) });
      const read = await storage.read('manifest.json');
      if (read === undefined || read === 'unchanged') throw new Error('no manifest in the bucket');
      const inBucket = JSON.parse(read.body.toString('utf8')) as Row;
      expect(inBucket.generation).toBe(manifest.generation);
      expect(manifest.generation).toBe(handover!.generation + 1);
      expect(inBucket.writer).toBe(await lakeWriterId(restoredFile()));
      expect(inBucket.handover).toMatchObject({ from: lostWriter, after: handover!.generation });
      const chains = await checkVersionChains(join(fresh, 'lake'));
      expect(chains.generation).toBe(manifest.generation);
      expect(chains.versions).toBeGreaterThan(0);
      expect({ doubled: chains.doubled, lost: chains.lost }).toEqual({ doubled: 0, lost: 0 });
    } finally {
      stopMirror();
      restored.close();
    }
  });

  it('fences the lost writer out: its next generation is refused by the bucket', async () => {
    const before = await storage.read('manifest.json');
    await lost.warehouse.commit({ ...nextPolls()[0]!, pollId: 'late-poll-of-the-lost-writer' });
    // The lost writer goes on locally (it does not know), but the bucket keeps the new writer's manifest.
    await publishNow(lost.warehouse, lost.lakeDir, { capFeed: capFeedOf(lost.dir) });
    const after = await storage.read('manifest.json');
    expect(after).toEqual(before);
    // Nor did it upload its own files of the same generation over the new writer's.
    if (after === undefined || after === 'unchanged') throw new Error('no manifest in the bucket');
    const manifest = ManifestSchema.parse(JSON.parse(after.body.toString('utf8')));
    const reader = await mkdtemp(join(tmpdir(), 'eids-reader-'));
    try {
      const cache = await LakeFileCache.open(reader, storage, { limitBytes: Number.MAX_SAFE_INTEGER });
      await cache.ensure(manifest.files);
    } finally {
      await rm(reader, { recursive: true, force: true });
    }
  });

  /** An incident of the second feed, updated two hours before `now` (recent enough to cluster). */
  function otherRecord(id: string, title = `Other ${id}`): IncidentRecord {
    const updated = new Date(now.getTime() - 2 * 3_600_000).toISOString();
    return makeRecord(id, { title, timestamps: { reported: updated, updated, fetched: updated } });
  }

  function nextPolls() {
    const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
    const other = (ids: string[], hours: number) => ({
      feedKey: OTHER_FEED,
      pollId: `next-other@${hours}`,
      rawSha256: 'c'.repeat(64),
      incoming: ids.map((id) => otherRecord(id)),
      polledAt: at(hours),
      guarded: false,
    });
    return [
      // Unchanged, and the long-retired o4 listed again.
      other(['o1', 'o2', 'o4'], 1),
      // o2 changes; o1 leaves (retracted).
      {
        ...other(['o2', 'o4'], 2),
        incoming: [makeRecord('o2', { title: 'Other o2, renamed' }), makeRecord('o4', { title: 'Other o4' })],
      },
    ];
  }
});
