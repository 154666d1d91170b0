import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWarehouseActivities } from '../../activities/warehouse-activities.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { makeRecord } from '../support/incidents.js';

/** The commit activity over a real DuckDB file and real staged files, as Temporal would retry it. */
describe('commitFeed activity', () => {
  let dir: string;
  let warehouse: Warehouse;
  let activities: ReturnType<typeof createWarehouseActivities>;
  let publishRequests: number;
  let discards: Promise<void>[];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-commit-'));
    warehouse = await Warehouse.open(join(dir, 'warehouse', 'warehouse.duckdb'));
    publishRequests = 0;
    discards = [];
    activities = createWarehouseActivities({
      dataDir: dir,
      lakeDir: join(dir, 'lake'),
      warehouse,
      publisher: {
        request: () => void publishRequests++,
        // As if every request were published (and in the bucket) at once.
        afterPublished: (action) => void discards.push(action()),
      },
    });
  });
  afterEach(async () => {
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function stage(name: string, ids: string[]): Promise<string> {
    const stagedPath = join('staged', 'nsw-rfs-major-incidents', `${name}.json`);
    await mkdir(dirname(join(dir, stagedPath)), { recursive: true });
    await writeFile(join(dir, stagedPath), JSON.stringify(ids.map((id) => makeRecord(id))));
    return stagedPath;
  }

  const input = (pollId: string, stagedPath: string, polledAt: string) => ({
    feedKey: 'nsw-rfs-major-incidents',
    pollId,
    stagedPath,
    rawSha256: 'a'.repeat(64),
    polledAt,
    believeDrop: null,
  });

  it('is a no-op when retried after its commit landed, even once its staged body is gone', async () => {
    const many = Array.from({ length: 12 }, (_, i) => String(i));
    await activities.commitFeed(input('poll-1', await stage('p1', many), '2026-11-20T10:00:00+11:00'));
    // A held-back poll (a mass drop), then Temporal retries the same activity after a worker died.
    const guarded = input('poll-2', await stage('p2', many.slice(0, 2)), '2026-11-20T10:05:00+11:00');
    const first = await activities.commitFeed(guarded);
    await Promise.all(discards);
    await expect(stat(join(dir, guarded.stagedPath))).rejects.toThrow(/ENOENT/);
    expect(first).toMatchObject({ retracted: 0, active: 12 });
    expect(first.guard).toMatch(/mass-drop/);
    const retried = await activities.commitFeed(guarded);
    expect(retried).toMatchObject({ retracted: 0, active: 12, guard: first.guard });
    expect(publishRequests).toBe(3);
    const current = await warehouse.db.runAndReadAll(
      'SELECT count(*)::INTEGER AS live FROM incident_current WHERE NOT retracted',
    );
    expect(current.getRowObjectsJS()[0]).toEqual({ live: 12 });
  });

  it('commits nothing for a poll an earlier writer committed and published (its staged body is gone)', async () => {
    // A writer restored from the bucket is asked again for a poll its predecessor never answered.
    const gone = input(
      'poll-9',
      join('staged', 'nsw-rfs-major-incidents', 'published-before.json'),
      '2026-11-20T11:00:00+11:00',
    );
    await activities.commitFeed(input('poll-1', await stage('p1', ['1', '2']), '2026-11-20T10:00:00+11:00'));
    const outcome = await activities.commitFeed(gone);
    expect(outcome).toEqual({
      received: 0,
      inserted: 0,
      changed: 0,
      unchanged: 0,
      retracted: 0,
      ownedElsewhere: 0,
      handedOver: 0,
      active: 2,
      guard: null,
      dropFingerprint: null,
    });
  });
});
