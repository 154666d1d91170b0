import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackfillActivities } from '../../activities/backfill-activities.js';
import { normalise } from '../../model/index.js';
import { RawStore } from '../../activities/raw-store.js';
import { dataLayout, feedByKey } from '../../config/index.js';
import { readManifest } from '../../lake/manifest.js';
import { fileRelation } from '../../lake/read.js';
import { NO_REPARSE_COUNTS, toRecord, type IncidentRecord } from '../../model/index.js';
import { renderNswMajorIncidents, syntheticNswIncidents } from '../../replay/generators/nsw-rfs.js';
import { parserFor } from '../../sources/index.js';
import { publishNow } from '../../warehouse/publisher.js';
import { applyReparse } from '../../warehouse/reparse.js';
import { Warehouse } from '../../warehouse/warehouse.js';

const FEED = feedByKey('nsw-rfs-major-incidents')!;
const POLLS = ['2026-05-01T01:00:00.000Z', '2026-05-02T01:00:00.000Z', '2026-05-03T01:00:00.000Z'];

/** What an older, faulty parser made of a body: every title in capitals. Today's parser is the fix. */
function oldParse(body: Buffer, polledAt: string): IncidentRecord[] {
  return parserFor(FEED.format)!(body).incidents.map((draft) =>
    toRecord(normalise({ ...draft, title: draft.title.toUpperCase() }, polledAt)),
  );
}

describe('re-parse backfills', () => {
  let dir: string;
  let warehouse: Warehouse;
  let lakeDir: string;
  let activities: ReturnType<typeof createBackfillActivities>;
  let publishRequests = 0;

  const query = async <T>(sql: string): Promise<T[]> =>
    (await warehouse.db.runAndReadAll(sql)).getRowObjectsJS() as T[];
  /** Titles of the lake's settled versions and live rows, as readers see them. */
  const lake = async () => {
    const manifest = await readManifest(lakeDir);
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const read = async (table: 'incident_versions' | 'incidents_live') =>
      (
        await connection.runAndReadAll(
          `SELECT id, title, retracted FROM ${fileRelation(lakeDir, table, manifest?.files.filter((f) => f.table === table) ?? [])} ORDER BY id, retracted`,
        )
      ).getRowObjectsJS() as { id: string; title: string; retracted: boolean }[];
    try {
      return { versions: await read('incident_versions'), live: await read('incidents_live') };
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  };
  const upper = (rows: { title: string }[]) => rows.filter((row) => row.title === row.title.toUpperCase());

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-reparse-'));
    const layout = dataLayout(dir);
    lakeDir = layout.lakeDir;
    warehouse = await Warehouse.open(layout.warehouseFile);
    const raw = new RawStore(dir);
    const incidents = syntheticNswIncidents(12, 5);
    // Day 1: twelve incidents (one with an area); day 2: two change; day 3 (the latest poll): the
    // first is gone, the third changes.
    const secondDay = incidents.map((incident, index) =>
      index < 2 ? { ...incident, councilArea: 'Second Day Shire' } : incident,
    );
    const thirdDay = secondDay.map((incident, index) =>
      index === 2 ? { ...incident, councilArea: 'Third Day Shire' } : incident,
    );
    const bodies = [incidents, secondDay, thirdDay.slice(1)];
    for (const [index, polledAt] of POLLS.entries()) {
      const body = Buffer.from(renderNswMajorIncidents(bodies[index]!));
      const ref = await raw.put(FEED.key, body, new Date(polledAt), 'application/json', FEED.url);
      await warehouse.commit({
        feedKey: FEED.key,
        pollId: `poll-${index}`,
        rawSha256: ref.sha256,
        incoming: oldParse(body, polledAt),
        polledAt,
        guarded: false,
      });
      await publishNow(warehouse, lakeDir);
    }
    activities = createBackfillActivities({
      dataDir: dir,
      lakeDir,
      warehouse,
      publisher: { request: () => (publishRequests += 1) },
    });
  });
  afterAll(async () => {
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('rewrites the versions the window opened and leaves the live rows alone when it stops before the latest poll', async () => {
    const before = await lake();
    expect(upper(before.versions).length).toBe(before.versions.length);
    const plan = await activities.planReparse({ feedKey: FEED.key, from: '2026-05-01', to: '2026-05-02' });
    expect(plan).toEqual({ polls: 2, reachesLatest: false });

    const result = await activities.reparseSlice({
      feedKey: FEED.key,
      from: '2026-05-01',
      to: '2026-05-02',
      after: null,
      counts: NO_REPARSE_COUNTS,
      sliceMs: 60_000,
    });
    expect(result.done).toBe(true);
    // Settled versions opened on days 1 and 2: the day-1 versions of the two that changed on day 2
    // and of the one that changed on day 3 (and of its area), and the day-2 version of the one gone
    // on day 3.
    expect(result.counts).toMatchObject({ polls: 2, bodiesMissing: 0, liveChanged: 0, unmatched: 0 });
    expect(result.counts.changed).toBe(5);
    expect(publishRequests).toBe(0);

    const after = await lake();
    // The same rows, none twice: only what the versions say changed.
    expect(after.versions.map((row) => [row.id, row.retracted])).toEqual(
      before.versions.map((row) => [row.id, row.retracted]),
    );
    expect(upper(after.versions.filter((row) => !row.retracted))).toEqual([]);
    // Retractions are never rewritten, and the live rows wait for a window that reaches the latest poll.
    expect(upper(after.versions.filter((row) => row.retracted)).length).toBe(1);
    expect(upper(after.live.filter((row) => !row.retracted)).length).toBe(12);
  });

  it('rewrites the live rows too once the window reaches the latest poll; a second run changes nothing', async () => {
    const input = { feedKey: FEED.key, from: '2026-05-01', to: '2026-05-03' };
    expect(await activities.planReparse(input)).toEqual({ polls: 3, reachesLatest: true });
    const result = await activities.reparseSlice({
      ...input,
      after: null,
      counts: NO_REPARSE_COUNTS,
      sliceMs: 60_000,
    });
    // Twelve live rows (eleven incidents and one area), all opened in the window.
    expect(result.counts.liveChanged).toBe(12);
    expect(result.counts.changed).toBe(12);
    expect(publishRequests).toBeGreaterThan(0);
    await publishNow(warehouse, lakeDir);
    const after = await lake();
    expect(upper(after.live.filter((row) => !row.retracted))).toEqual([]);

    const again = await activities.reparseSlice({
      ...input,
      after: null,
      counts: NO_REPARSE_COUNTS,
      sliceMs: 60_000,
    });
    expect(again.counts).toMatchObject({ changed: 0, unchanged: 17, generations: 0 });
  });

  it('never retracts or rewrites a version whose incident today’s parser no longer reads', async () => {
    const [row] = await query<{ id: string; title: string }>(
      `SELECT id, title FROM incident_version WHERE NOT retracted ORDER BY valid_from LIMIT 1`,
    );
    // Today's parser reads nothing from the first body (the incident is "gone" from it).
    const outcome = await applyReparse(warehouse, {
      lakeDir,
      feedKey: FEED.key,
      polls: [{ polledAt: POLLS[0]!, records: new Map() }],
      reachesLatest: true,
      now: new Date(),
    });
    expect(outcome).toMatchObject({ changed: 0, generation: null });
    expect(outcome.unmatched).toBe(outcome.versions);
    const [still] = await query<{ title: string; retracted: boolean }>(
      `SELECT title, retracted FROM incident_version WHERE id = '${row!.id}' ORDER BY valid_from LIMIT 1`,
    );
    expect(still).toEqual({ title: row!.title, retracted: false });
  });

  it('skips polls whose body is no longer kept', async () => {
    await rm(join(dir, 'raw', FEED.key, '2026-05-02'), { recursive: true });
    const result = await activities.reparseSlice({
      feedKey: FEED.key,
      from: '2026-05-01',
      to: '2026-05-03',
      after: null,
      counts: NO_REPARSE_COUNTS,
      sliceMs: 60_000,
    });
    expect(result.counts).toMatchObject({ polls: 3, bodiesMissing: 1, changed: 0 });
  });
});
