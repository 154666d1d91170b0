import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RETRACTION_REASON } from '../../warehouse/commit-plan.js';
import { removeTemporaryFiles } from '../../warehouse/publication.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { makeRecord } from '../support/incidents.js';

const FEED = 'nsw-rfs-major-incidents';

describe('warehouse (real DuckDB file)', () => {
  let dir: string;
  let warehouse: Warehouse;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-wh-'));
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
  });
  afterEach(async () => {
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  const commit = (records: ReturnType<typeof makeRecord>[], polledAt: string, believeDrop?: string | null) =>
    warehouse.commit({
      feedKey: FEED,
      pollId: `poll@${polledAt}`,
      rawSha256: 'a'.repeat(64),
      incoming: records,
      polledAt,
      believeDrop,
    });

  async function versions(id: string) {
    return (await warehouse.historyOf(id)).map(({ version, status, retracted, valid_from, valid_to }) => ({
      version,
      status,
      retracted,
      valid_from,
      valid_to,
    }));
  }

  it('inserts, versions a change, leaves unchanged rows alone and retracts an omitted incident', async () => {
    const first = await commit([makeRecord('1'), makeRecord('2')], '2026-11-20T10:00:00+11:00');
    expect(first).toMatchObject({
      inserted: 2,
      changed: 0,
      unchanged: 0,
      retracted: 0,
      active: 2,
      guard: null,
    });

    const second = await commit(
      [makeRecord('1', { status: 'contained' }), makeRecord('2')],
      '2026-11-20T10:05:00+11:00',
    );
    expect(second).toMatchObject({ inserted: 0, changed: 1, unchanged: 1, retracted: 0, active: 2 });
    const v1 = await versions('nsw-rfs-1');
    expect(v1.map((v) => [v.version, v.status])).toEqual([
      [1, 'active'],
      [2, 'contained'],
    ]);
    expect(v1[0]?.valid_to).not.toBeNull();
    expect(v1[1]?.valid_to).toBeNull();
    expect(await versions('nsw-rfs-2')).toHaveLength(1);

    const third = await commit([makeRecord('1', { status: 'contained' })], '2026-11-20T10:10:00+11:00');
    expect(third).toMatchObject({ retracted: 1, active: 1, unchanged: 1 });
    const current = await warehouse.currentRows(FEED);
    const two = current.find((row) => row.record.id === 'nsw-rfs-2');
    expect(two?.record).toMatchObject({
      retracted: true,
      retracted_at: '2026-11-20T10:10:00+11:00',
      retraction_reason: RETRACTION_REASON,
    });
    expect((await versions('nsw-rfs-2')).map((v) => v.retracted)).toEqual([false, true]);
  });

  it('brings a retracted incident back as a new version when upstream lists it again', async () => {
    await commit([makeRecord('1'), makeRecord('2')], '2026-11-20T10:00:00+11:00');
    await commit([makeRecord('1')], '2026-11-20T10:05:00+11:00');
    const back = await commit([makeRecord('1'), makeRecord('2')], '2026-11-20T10:10:00+11:00');
    expect(back).toMatchObject({ changed: 1, active: 2 });
    expect((await versions('nsw-rfs-2')).map((v) => v.retracted)).toEqual([false, true, false]);
  });

  it('holds back a mass drop and believes it only when the same drop is named', async () => {
    const many = Array.from({ length: 12 }, (_, i) => makeRecord(String(i)));
    await commit(many, '2026-11-20T10:00:00+11:00');
    const dropped = await commit(many.slice(0, 2), '2026-11-20T10:05:00+11:00');
    expect(dropped.retracted).toBe(0);
    expect(dropped.active).toBe(12);
    expect(dropped.guard).toMatch(/mass-drop: poll omits 10 of 12/);
    expect(dropped.dropFingerprint).toMatch(/^[0-9a-f]{32}$/);

    const other = await commit(many.slice(1, 3), '2026-11-20T10:07:00+11:00', dropped.dropFingerprint);
    expect(other).toMatchObject({ retracted: 0, active: 12 });
    expect(other.guard).toMatch(/mass-drop/);
    expect(other.dropFingerprint).not.toBe(dropped.dropFingerprint);

    const believed = await commit(many.slice(0, 2), '2026-11-20T10:10:00+11:00', dropped.dropFingerprint);
    expect(believed).toMatchObject({ retracted: 10, active: 2, guard: null });
  });

  it('changes nothing on a held-back poll, even ids it lists for the first time', async () => {
    const live = Array.from({ length: 22 }, (_, i) => makeRecord(`live-${i}`));
    await commit(live, '2026-11-20T10:00:00+11:00');
    const renamed = Array.from({ length: 22 }, (_, i) => makeRecord(`renamed-${i}`));
    for (const [i, at] of ['10:05', '10:10'].entries()) {
      const held = await commit(renamed, `2026-11-20T${at}:00+11:00`);
      expect(held, `poll ${i + 1}`).toMatchObject({ inserted: 0, retracted: 0, active: 22 });
      expect(held.guard).toMatch(/omits 22 of 22/);
    }
    const rows = await warehouse.currentRows(FEED);
    expect(rows.map((row) => row.record.id).sort()).toEqual(live.map((record) => record.id).sort());
    expect(rows.every((row) => !row.record.retracted)).toBe(true);
    const listing = await warehouse.db.runAndReadAll('SELECT count(*)::INTEGER AS n FROM feed_listing');
    expect(listing.getRowObjectsJS()[0]?.n).toBe(22);
  });

  it('applies a poll once: a repeated commit of the same poll returns the first outcome and changes nothing', async () => {
    const many = Array.from({ length: 12 }, (_, i) => makeRecord(String(i)));
    await commit(many, '2026-11-20T10:00:00+11:00');
    const first = await commit([...many.slice(0, 11), makeRecord('new')], '2026-11-20T10:05:00+11:00');
    expect(first).toMatchObject({ inserted: 1, retracted: 1, active: 12 });
    const again = await commit(many.slice(0, 2), '2026-11-20T10:05:00+11:00');
    expect(again).toEqual(first);
    const counts = await warehouse.db.runAndReadAll(
      'SELECT (SELECT count(*) FROM incident_version)::INTEGER AS versions, (SELECT count(*) FROM feed_commit)::INTEGER AS commits',
    );
    // Settled versions only: the retracted incident's closed version and its retraction.
    expect(counts.getRowObjectsJS()[0]).toEqual({ versions: 2, commits: 2 });
  });

  it('keeps an incident two feeds list once, and hands it over instead of retracting it', async () => {
    const other = 'nsw-rfs-major-incidents-georss';
    const commitAs = (feedKey: string, records: ReturnType<typeof makeRecord>[], polledAt: string) =>
      warehouse.commit({
        feedKey,
        pollId: `${feedKey}@${polledAt}`,
        rawSha256: 'd'.repeat(64),
        incoming: records,
        polledAt,
      });

    await commitAs(FEED, [makeRecord('1'), makeRecord('2')], '2026-11-20T10:00:00+11:00');
    const second = await commitAs(other, [makeRecord('2'), makeRecord('3')], '2026-11-20T10:01:00+11:00');
    expect(second).toMatchObject({ inserted: 1, ownedElsewhere: 1, active: 1 });
    const ids = await warehouse.db.runAndReadAll('SELECT id, feed_key FROM incident_current ORDER BY id');
    expect(ids.getRowObjectsJS()).toEqual([
      { id: 'nsw-rfs-1', feed_key: FEED },
      { id: 'nsw-rfs-2', feed_key: FEED },
      { id: 'nsw-rfs-3', feed_key: other },
    ]);

    // The first feed stops listing 2 while the other still does: handed over, not retracted.
    const dropped = await commitAs(FEED, [makeRecord('1')], '2026-11-20T10:05:00+11:00');
    expect(dropped).toMatchObject({ retracted: 0, handedOver: 1, active: 1 });
    const two = (await warehouse.currentRows(other)).find((row) => row.record.id === 'nsw-rfs-2');
    expect(two?.record.retracted).toBe(false);

    // Now no feed lists it: the owner's next good poll retracts it.
    const gone = await commitAs(other, [makeRecord('3')], '2026-11-20T10:06:00+11:00');
    expect(gone).toMatchObject({ retracted: 1 });
    expect((await versions('nsw-rfs-2')).map((v) => v.retracted)).toEqual([false, true]);

    // Listed again by the first feed: it takes the retracted row over as a new version.
    const back = await commitAs(FEED, [makeRecord('1'), makeRecord('2')], '2026-11-20T10:10:00+11:00');
    expect(back).toMatchObject({ changed: 1, active: 2 });
    expect((await versions('nsw-rfs-2')).map((v) => v.retracted)).toEqual([false, true, false]);
  });

  it('keeps one row for an incident one feed retracted and a sibling feed lists later', async () => {
    const sibling = 'qld-qfd-bushfire-alert-atom';
    const commitAs = (feedKey: string, records: ReturnType<typeof makeRecord>[], polledAt: string) =>
      warehouse.commit({
        feedKey,
        pollId: `${feedKey}@${polledAt}`,
        rawSha256: 'e'.repeat(64),
        incoming: records,
        polledAt,
      });
    await commitAs(FEED, [makeRecord('1'), makeRecord('2')], '2026-11-20T10:00:00+11:00');
    await commitAs(FEED, [makeRecord('1')], '2026-11-20T10:05:00+11:00');
    expect((await versions('nsw-rfs-2')).map((v) => v.retracted)).toEqual([false, true]);

    const listed = await commitAs(sibling, [makeRecord('2')], '2026-11-20T10:06:00+11:00');
    expect(listed).toMatchObject({ changed: 1, active: 1 });
    const again = await commitAs(sibling, [makeRecord('2')], '2026-11-20T10:07:00+11:00');
    expect(again).toMatchObject({ changed: 0, unchanged: 1, inserted: 0 });
    const rows = await warehouse.db.runAndReadAll(
      "SELECT feed_key, retracted, version FROM incident_current WHERE id = 'nsw-rfs-2'",
    );
    expect(rows.getRowObjectsJS()).toEqual([{ feed_key: sibling, retracted: false, version: 3 }]);
    expect((await versions('nsw-rfs-2')).map((v) => v.retracted)).toEqual([false, true, false]);
  });

  it('collapses duplicate rows an older warehouse kept for one id when it opens', async () => {
    const path = join(dir, 'old.duckdb');
    const old = await Warehouse.open(path);
    await old.commit({
      feedKey: FEED,
      pollId: 'p1',
      rawSha256: 'f'.repeat(64),
      incoming: [makeRecord('1')],
      polledAt: '2026-11-20T10:00:00+11:00',
    });
    // What the earlier code left behind: the same id twice, an older retracted row beside a newer one.
    await old.db.run(
      "INSERT INTO incident_current SELECT * REPLACE (version - 1 AS version, true AS retracted, 'other-feed' AS feed_key) FROM incident_current",
    );
    old.close();
    const reopened = await Warehouse.open(path);
    try {
      const rows = await reopened.db.runAndReadAll('SELECT id, version, retracted FROM incident_current');
      expect(rows.getRowObjectsJS()).toEqual([{ id: 'nsw-rfs-1', version: 1, retracted: false }]);
    } finally {
      reopened.close();
    }
  });

  it('removes the temporary files a killed export left behind, and only those', async () => {
    const exportsDir = join(dir, 'exports');
    await mkdir(exportsDir, { recursive: true });
    await writeFile(join(exportsDir, 'incidents.atom'), '<feed/>');
    await writeFile(join(exportsDir, 'incidents.atom.tmp'), '<fe');
    expect(await removeTemporaryFiles(exportsDir)).toEqual(['incidents.atom.tmp']);
    expect(await readdir(exportsDir)).toEqual(['incidents.atom']);
    expect(await removeTemporaryFiles(join(dir, 'absent'))).toEqual([]);
  });
});
