import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localFiles } from '../../activities/shared-files.js';
import { dataLayout, parseSettings } from '../../config/index.js';
import { replayStagedPolls } from '../../runtime/replay-staged.js';
import { writerIdentityFiles } from '../../warehouse/lake-mirror.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { makeRecord } from '../support/incidents.js';

const FEED = 'nsw-rfs-major-incidents';

/** Staged polls left in the ingest store when a writer was lost, committed by the one restored after it. */
describe('replaying staged polls after a restore (real DuckDB, real files)', () => {
  let dir: string;
  let warehouse: Warehouse;
  const settings = () => parseSettings({ DATA_DIR: dir });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-replay-'));
    warehouse = await Warehouse.open(dataLayout(dir).warehouseFile);
    const handover = {
      from: 'lost',
      generation: 7,
      publishedAt: '2026-11-20T00:00:00Z',
      restoredAt: '2026-11-20T00:01:00Z',
    };
    await writeFile(writerIdentityFiles(dataLayout(dir).warehouseFile).handover, JSON.stringify(handover));
  });
  afterEach(async () => {
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function stage(name: string, polledAt: string, ids: string[]): Promise<void> {
    const path = join(dir, 'staged', FEED, `${name}.json`);
    await mkdir(dirname(path), { recursive: true });
    const records = ids.map((id) => ({ ...makeRecord(id), fetched_at: polledAt }));
    await writeFile(path, JSON.stringify(records));
  }

  it('commits the polls newer than the lake shows, in order, once; never an older one', async () => {
    // The restored lake shows the feed as of 10:05 with incidents 1 and 2.
    await warehouse.commit({
      feedKey: FEED,
      pollId: 'shown',
      rawSha256: 'a'.repeat(64),
      incoming: ['1', '2'].map((id) => makeRecord(id)),
      polledAt: '2026-11-20T10:05:00+11:00',
    });
    await stage('20261120000000-older', '2026-11-20T10:00:00+11:00', ['1']); // would retract 2
    await stage('20261120001000-newer', '2026-11-20T10:10:00+11:00', ['1', '2', '3']);
    await stage('20261120001500-newest', '2026-11-20T10:15:00+11:00', ['1', '2', '3', '4']);
    const lines: string[] = [];
    const committed = await replayStagedPolls(settings(), warehouse, localFiles(dir), (line) =>
      lines.push(line),
    );
    expect(committed).toBe(2);
    expect(lines).toEqual([
      'committed 2 staged polls the writer before this one had committed and not published (of 3 staged polls found)',
    ]);
    const live = await warehouse.db.runAndReadAll(
      'SELECT id FROM incident_current WHERE NOT retracted ORDER BY id',
    );
    expect(live.getRowObjectsJS().map((row) => row.id)).toEqual([
      'nsw-rfs-1',
      'nsw-rfs-2',
      'nsw-rfs-3',
      'nsw-rfs-4',
    ]);
    // Once per restore.
    expect(await replayStagedPolls(settings(), warehouse, localFiles(dir), () => undefined)).toBe(0);
    const handover = JSON.parse(
      await readFile(writerIdentityFiles(dataLayout(dir).warehouseFile).handover, 'utf8'),
    ) as {
      replayedAt?: string;
    };
    expect(handover.replayedAt).toBeDefined();
  });

  it('does nothing for a writer that was not restored', async () => {
    await rm(writerIdentityFiles(dataLayout(dir).warehouseFile).handover);
    await stage('20261120001000-newer', '2026-11-20T10:10:00+11:00', ['1']);
    expect(await replayStagedPolls(settings(), warehouse, localFiles(dir), () => undefined)).toBe(0);
  });
});
