import { DuckDBInstance } from '@duckdb/node-api';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { columnsDdl } from '../../lake/columns.js';
import { RECORD_TABLE_COLUMNS } from '../../lake/incident-columns.js';
import { filesOf, readManifest, type Manifest } from '../../lake/manifest.js';
import { publishLake } from '../../warehouse/incidents-publish.js';
import {
  finishPublication,
  GARBAGE_GRACE_MS,
  lakeFilePlace,
  recordPublication,
  writeLakeFile,
} from '../../warehouse/publication.js';
import { compactLake } from '../../warehouse/compact.js';
import { publishNow } from '../../warehouse/publisher.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { makeRecord } from '../support/incidents.js';

const FEED = 'nsw-rfs-major-incidents';

describe('the published lake (real DuckDB, real Parquet)', () => {
  let dir: string;
  let lakeDir: string;
  let warehouse: Warehouse;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-lake-'));
    lakeDir = join(dir, 'lake');
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
  });
  afterEach(async () => {
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  const commit = (records: ReturnType<typeof makeRecord>[], polledAt: string) =>
    warehouse.commit({
      feedKey: FEED,
      pollId: `poll@${polledAt}`,
      rawSha256: 'a'.repeat(64),
      incoming: records,
      polledAt,
      guarded: false,
    });

  async function readAll(manifest: Manifest, table: 'incidents_live' | 'incident_versions') {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const paths = filesOf(manifest, table).map((file) => `'${join(lakeDir, file.path)}'`);
      if (paths.length === 0) return [];
      const reader = await connection.runAndReadAll(
        `SELECT id, version, status, retracted FROM read_parquet([${paths.join(', ')}]) ORDER BY id, version`,
      );
      return reader.getRowObjectsJS();
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  }

  it('publishes the live set, then appends only the versions a commit settled', async () => {
    await commit([makeRecord('1'), makeRecord('2')], '2026-11-20T10:00:00+11:00');
    const first = await publishNow(warehouse, lakeDir);
    expect(first.generation).toBe(1);
    expect(filesOf(first, 'incident_versions')).toEqual([]);
    const [live] = filesOf(first, 'incidents_live');
    expect(live).toMatchObject({ path: 'incidents_live/live-1.parquet', rows: 2, schemaVersion: 3 });
    expect(live?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await readAll(first, 'incidents_live')).toEqual([
      { id: 'nsw-rfs-1', version: 1, status: 'active', retracted: false },
      { id: 'nsw-rfs-2', version: 1, status: 'active', retracted: false },
    ]);

    // One changed incident and one retraction: three settled rows, in this poll's month partition.
    await commit([makeRecord('1', { status: 'contained' })], '2026-11-20T10:05:00+11:00');
    const second = await publishNow(warehouse, lakeDir);
    const segments = filesOf(second, 'incident_versions');
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({
      partition: { state: 'nsw', month: '2026-11' },
      path: 'incident_versions/state=nsw/month=2026-11/seg-2.parquet',
      rows: 3,
      minTime: '2026-11-19T23:00:00.000Z',
      maxTime: '2026-11-19T23:05:00.000Z',
      // The retraction is still open.
      maxEnd: null,
    });
    expect(await readAll(second, 'incident_versions')).toEqual([
      { id: 'nsw-rfs-1', version: 1, status: 'active', retracted: false },
      { id: 'nsw-rfs-2', version: 1, status: 'active', retracted: false },
      { id: 'nsw-rfs-2', version: 2, status: 'active', retracted: true },
    ]);
    // The live file is replaced; the previous one waits out its grace period on disk.
    expect(filesOf(second, 'incidents_live').map((file) => file.path)).toEqual([
      'incidents_live/live-2.parquet',
    ]);
    expect(existsSync(join(lakeDir, 'incidents_live/live-1.parquet'))).toBe(true);

    // Nothing settled since: the next publish appends nothing and keeps the segment.
    const third = await publishNow(warehouse, lakeDir);
    expect(filesOf(third, 'incident_versions')).toEqual(segments);
    expect(await readManifest(lakeDir)).toEqual(third);
  });

  it('keeps one publication row, the newest, however many generations it publishes', async () => {
    const publications = async () =>
      (await warehouse.db.runAndReadAll('SELECT generation, manifest FROM publication')).getRowObjectsJS();
    await commit([makeRecord('1')], '2026-11-20T10:00:00+11:00');
    for (let i = 0; i < 3; i++) await publishNow(warehouse, lakeDir);
    const [only, ...more] = await publications();
    expect(more).toEqual([]);
    expect(only?.generation).toBe(3);
    expect(JSON.parse(only?.manifest as string)).toEqual(await readManifest(lakeDir));

    // A warehouse written when every generation kept its row is trimmed when it opens.
    await warehouse.db.run("INSERT INTO publication VALUES (1, now(), '{}'), (2, now(), '{}')");
    warehouse.close();
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    expect((await publications()).map((row) => row.generation)).toEqual([3]);
    expect((await publishNow(warehouse, lakeDir)).generation).toBe(4);
  });

  it('deletes replaced files only after their grace period', async () => {
    await commit([makeRecord('1')], '2026-11-20T10:00:00+11:00');
    const start = new Date('2026-11-20T00:00:00Z');
    await publishNow(warehouse, lakeDir, { now: () => start });
    await publishNow(warehouse, lakeDir, { now: () => new Date(start.getTime() + 1000) });
    expect(existsSync(join(lakeDir, 'incidents_live/live-1.parquet'))).toBe(true);
    await publishNow(warehouse, lakeDir, { now: () => new Date(start.getTime() + GARBAGE_GRACE_MS + 2000) });
    expect(existsSync(join(lakeDir, 'incidents_live/live-1.parquet'))).toBe(false);
    expect(existsSync(join(lakeDir, 'incidents_live/live-3.parquet'))).toBe(true);
  });

  it('moves retractions older than 7 days out of the live set, and keeps their history', async () => {
    await commit([makeRecord('1'), makeRecord('2')], '2026-11-01T10:00:00+11:00');
    await commit([makeRecord('1')], '2026-11-01T10:05:00+11:00');
    const manifest = await publishNow(warehouse, lakeDir, { now: () => new Date('2026-11-20T00:00:00Z') });
    expect((await readAll(manifest, 'incidents_live')).map((row) => row.id)).toEqual(['nsw-rfs-1']);
    expect((await readAll(manifest, 'incident_versions')).map((row) => [row.id, row.version])).toEqual([
      ['nsw-rfs-2', 1],
      ['nsw-rfs-2', 2],
    ]);
    // Listed again weeks later: it comes back from the retired table as version 3.
    const back = await commit([makeRecord('1'), makeRecord('2')], '2026-11-21T10:00:00+11:00');
    expect(back).toMatchObject({ changed: 1, inserted: 0 });
    expect(
      (await warehouse.historyOf('nsw-rfs-2')).map((row) => [
        row.version,
        row.retracted,
        row.valid_to !== null,
      ]),
    ).toEqual([
      [1, false, true],
      [2, true, true],
      [3, false, false],
    ]);
  });

  it('finishes a publication killed between recording its manifest and renaming it, and removes orphans', async () => {
    await commit([makeRecord('1')], '2026-11-20T10:00:00+11:00');
    const published = await publishNow(warehouse, lakeDir);
    // A second publish recorded in the warehouse whose manifest never reached the disk.
    const recorded: Manifest = { ...published, generation: 2, publishedAt: new Date().toISOString() };
    await recordPublication(warehouse.db, recorded, [], new Date());
    // And a file a killed compaction wrote but no manifest names.
    await mkdir(join(lakeDir, 'incident_versions/state=nsw/month=2026-11'), { recursive: true });
    await writeFile(join(lakeDir, 'incident_versions/state=nsw/month=2026-11/compact-9.parquet'), 'x');
    await writeFile(join(lakeDir, 'incidents_live/.live-3.parquet.tmp'), '');
    expect((await readManifest(lakeDir))?.generation).toBe(1);

    await finishPublication(warehouse.db, lakeDir);
    expect((await readManifest(lakeDir))?.generation).toBe(2);
    expect(existsSync(join(lakeDir, 'incident_versions/state=nsw/month=2026-11/compact-9.parquet'))).toBe(
      false,
    );
    expect(existsSync(join(lakeDir, 'incidents_live/.live-3.parquet.tmp'))).toBe(false);
    expect(existsSync(join(lakeDir, 'incidents_live/live-1.parquet'))).toBe(true);
  });

  it('lets two writers of one file name (a retried compaction beside the attempt it replaced) both finish', async () => {
    const file = { table: 'gauge_readings' as const, partition: {}, path: 'gauge_readings/both.parquet' };
    const query = `SELECT 'g' || (i % 100) AS gauge_id, 'bom' AS source,
        TIMESTAMPTZ '2026-11-01 00:00:00+00' + to_seconds(i) AS reading_time, 600::SMALLINT AS offset_minutes,
        i::DOUBLE AS value, NULL::VARCHAR AS quality, TIMESTAMPTZ '2026-11-24 00:00:00+00' AS received_at
      FROM range(200000) t(i)`;
    const connections = [await warehouse.connect(), await warehouse.connect()];
    try {
      const written = await Promise.all(
        connections.map((connection) => writeLakeFile(connection, lakeDir, file, query)),
      );
      expect(written.map((one) => one.rows)).toEqual([200000, 200000]);
      expect(written[0]!.sha256).toBe(written[1]!.sha256);
      expect(await readdir(join(lakeDir, 'gauge_readings'))).toEqual(['both.parquet']);
    } finally {
      for (const connection of connections) connection.closeSync();
    }
  });

  it('keeps queued versions when a publish fails before it is recorded, and publishes them next time', async () => {
    await commit([makeRecord('1')], '2026-11-20T10:00:00+11:00');
    await commit([makeRecord('1', { status: 'contained' })], '2026-11-20T10:05:00+11:00');
    const failing = publishLake(warehouse.db, {
      lakeDir,
      now: new Date(),
      derived: () => Promise.reject(new Error('disk full')),
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(await readManifest(lakeDir)).toBeUndefined();
    const manifest = await publishNow(warehouse, lakeDir);
    expect(manifest.generation).toBe(1);
    expect(filesOf(manifest, 'incident_versions').map((file) => file.rows)).toEqual([1]);
  });

  it('migrates a warehouse of the first layout: open versions become current rows, history is queued for the lake', async () => {
    warehouse.close();
    const path = join(dir, 'old.duckdb');
    const instance = await DuckDBInstance.create(path);
    const c = await instance.connect();
    const ddl = columnsDdl({ columns: RECORD_TABLE_COLUMNS });
    await c.run(`CREATE TABLE incident_current (${ddl}, feed_key VARCHAR NOT NULL, content_hash VARCHAR NOT NULL,
      version INTEGER NOT NULL, first_seen_at VARCHAR NOT NULL, last_seen_at VARCHAR NOT NULL)`);
    await c.run(`CREATE TABLE incident_version (${ddl}, feed_key VARCHAR NOT NULL, content_hash VARCHAR NOT NULL,
      version INTEGER NOT NULL, valid_from TIMESTAMPTZ NOT NULL, valid_to TIMESTAMPTZ)`);
    const insert = async (table: string, record: ReturnType<typeof makeRecord>, tail: string) => {
      const values = Object.values(record).map((value) =>
        value === null
          ? 'NULL'
          : typeof value === 'string'
            ? `'${value.replaceAll("'", "''")}'`
            : String(value),
      );
      await c.run(`INSERT INTO ${table} VALUES (${values.join(', ')}, ${tail})`);
    };
    const one = makeRecord('1');
    const oneContained = makeRecord('1', { status: 'contained' });
    await insert(
      'incident_current',
      oneContained,
      `'${FEED}', 'h2', 2, '2026-11-20T10:00:00+11:00', '2026-11-20T10:05:00+11:00'`,
    );
    await insert(
      'incident_version',
      one,
      `'${FEED}', 'h1', 1, '2026-11-19T23:00:00Z', '2026-11-19T23:05:00Z'`,
    );
    await insert('incident_version', oneContained, `'${FEED}', 'h2', 2, '2026-11-19T23:05:00Z', NULL`);
    c.closeSync();
    instance.closeSync();

    warehouse = await Warehouse.open(path);
    const [current] = await warehouse.currentRows(FEED);
    expect(current).toMatchObject({ version: 2, validFrom: '2026-11-19T23:05:00.000Z' });
    expect(current?.chain).toEqual([
      [1, Date.parse('2026-11-19T23:00:00Z'), false],
      [2, Date.parse('2026-11-19T23:05:00Z'), false],
    ]);
    expect((await warehouse.historyOf('nsw-rfs-1')).map((row) => row.version)).toEqual([1, 2]);
    const manifest = await publishNow(warehouse, lakeDir);
    expect(await readAll(manifest, 'incident_versions')).toEqual([
      { id: 'nsw-rfs-1', version: 1, status: 'active', retracted: false },
    ]);
    expect(await readAll(manifest, 'incidents_live')).toEqual([
      { id: 'nsw-rfs-1', version: 2, status: 'contained', retracted: false },
    ]);
    // Opening again changes nothing.
    warehouse.close();
    warehouse = await Warehouse.open(path);
    expect((await warehouse.historyOf('nsw-rfs-1')).map((row) => row.version)).toEqual([1, 2]);
    expect(JSON.parse(await readFile(join(lakeDir, 'manifest.json'), 'utf8'))).toMatchObject({
      generation: 1,
    });
  });

  it('never removes a file another writer has written but not yet published', async () => {
    await commit([makeRecord('1')], '2026-11-20T10:00:00+11:00');
    await publishNow(warehouse, lakeDir);
    // A gauge compaction between writing its merged file and swapping it in, and a write still under way.
    const reader = await warehouse.connect();
    const pending = await writeLakeFile(
      reader,
      lakeDir,
      lakeFilePlace('gauge_readings', { source: 'bom-kiwis', month: '2026-11' }, 'compact-pending.parquet'),
      `SELECT 'g1' AS gauge_id, 'bom-kiwis' AS source, TIMESTAMPTZ '2026-11-01 00:00:00+00' AS reading_time,
        600::SMALLINT AS offset_minutes, 1.5::DOUBLE AS value, NULL::VARCHAR AS quality,
        TIMESTAMPTZ '2026-11-24 00:00:00+00' AS received_at`,
    ).finally(() => reader.closeSync());
    const underWay = join(lakeDir, 'gauge_readings/source=bom-kiwis/month=2026-11/.compact-next.parquet.tmp');
    await writeFile(underWay, '');

    await compactLake(warehouse, { lakeDir, now: new Date('2026-12-02T00:00:00Z') });
    expect(existsSync(join(lakeDir, pending.path))).toBe(true);
    expect(existsSync(underWay)).toBe(true);
  });

  it("compacts a partition's segments into one sorted file, keeping each version once", async () => {
    const polls = ['10:00', '10:05', '10:10', '10:15', '10:20'];
    for (const [i, at] of polls.entries()) {
      // Incident 2 is retracted at 10:05 and back at 10:10: its retraction is settled twice (open, then closed).
      const ids = i === 1 ? ['1'] : ['1', '2'];
      await commit(
        ids.map((id) => makeRecord(id, { status: i % 2 === 0 ? 'active' : 'contained' })),
        `2026-11-20T${at}:00+11:00`,
      );
      await publishNow(warehouse, lakeDir);
    }
    const before = await readManifest(lakeDir);
    const segments = filesOf(before, 'incident_versions');
    expect(segments.length).toBe(4);
    const rowsBefore = segments.reduce((sum, file) => sum + file.rows, 0);

    const result = await compactLake(warehouse, { lakeDir, now: new Date('2026-12-02T00:00:00Z') });
    const after = await readManifest(lakeDir);
    const [merged, ...others] = filesOf(after, 'incident_versions');
    expect(others).toEqual([]);
    expect(merged?.path).toMatch(
      /^incident_versions\/state=nsw\/month=2026-11\/compact-[0-9a-f]{16}\.parquet$/,
    );
    // One row fewer: the open copy of incident 2's retraction, superseded by its closed copy.
    expect(result).toEqual({ partitions: 1, filesBefore: 4, filesAfter: 1, rows: rowsBefore - 1 });
    expect(after?.generation).toBe((before?.generation ?? 0) + 1);
    const rows = await readAll(after!, 'incident_versions');
    expect(rows.filter((row) => row.id === 'nsw-rfs-2').map((row) => [row.version, row.retracted])).toEqual([
      [1, false],
      [2, true],
      [3, false],
      [4, false],
    ]);
    // The segments stay on disk for their grace period, then go.
    for (const file of segments) expect(existsSync(join(lakeDir, file.path))).toBe(true);
    // Nothing left to merge: a second run changes nothing.
    expect(await compactLake(warehouse, { lakeDir, now: new Date('2026-12-02T00:00:00Z') })).toMatchObject({
      partitions: 0,
    });
  });
});
