import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../lake/manifest.js';
import { fileRelation } from '../../lake/read.js';
import { NO_COUNTS, type ArchiveLoadResult } from '../../model/index.js';
import { writeArchiveFile } from '../../replay/archive/generate.js';
import { type Warehouse } from '../../warehouse/warehouse.js';
import { archiveActivitiesIn } from './support.js';

const LOADED_AT = '2026-04-20T00:00:00Z';

/** The archive activities called directly (no Temporal): both modes, from the same file, to the lake. */
describe('archive load activities', () => {
  let dir: string;
  let input: string;
  let warehouse: Warehouse;
  let activities: Awaited<ReturnType<typeof archiveActivitiesIn>>['activities'];
  let lakeDir: string;
  let stream: ArchiveLoadResult;

  const request = (source: string, file = input, loadId = `load-${source}`) => ({
    loadId,
    file,
    format: 'interchange' as const,
    source,
    loadedAt: LOADED_AT,
  });
  /** A source's rows as the lake holds them, by id. */
  const rowsOf = async (source: string) => {
    const files =
      (await readManifest(lakeDir))?.files.filter((file) => file.partition.source === source) ?? [];
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      return (
        await connection.runAndReadAll(
          `SELECT * REPLACE (epoch_ms(valid_from) AS valid_from, epoch_ms(valid_to) AS valid_to)
           FROM ${fileRelation(lakeDir, 'archive', files)} ORDER BY id`,
        )
      ).getRowObjectsJS();
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  };
  async function streamed(source: string, batchSize: number): Promise<ArchiveLoadResult> {
    const req = request(source);
    expect(await activities.prepareArchiveLoad({ ...req, mode: 'streaming' })).toMatchObject({
      mode: 'streaming',
    });
    let from = null;
    let counts = NO_COUNTS;
    for (;;) {
      // Tiny slices: every slice carries on from the one before.
      const slice = await activities.readArchiveSlice({ ...req, from, counts, batchSize, sliceMs: 0 });
      from = slice.checkpoint;
      counts = slice.counts;
      if (slice.done) break;
    }
    return activities.finishArchiveLoad(req);
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-archive-activities-'));
    input = join(dir, 'archive.csv');
    await writeArchiveFile({ rows: 6_000, seed: 21, out: input, format: 'csv', invalidEvery: 97 });
    ({ warehouse, activities, lakeDir } = await archiveActivitiesIn(dir));
  });
  afterAll(async () => {
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the same rows and reports the same problems in bulk and streaming modes', async () => {
    const bulk = await activities.bulkLoadArchive(request('bulk'));
    const fromBulk = await rowsOf('bulk');
    // The same file under another source: its ids move to it (an id is kept once; ADR 22).
    stream = await streamed('stream', 700);
    expect(stream.takenOver).toEqual([{ source: 'bulk', rows: bulk.counts.records }]);
    expect(await rowsOf('bulk')).toEqual([]);
    expect(stream.counts).toEqual({ ...bulk.counts, bytesRead: bulk.counts.bytesRead });
    expect(stream.counts.rejectedRows).toBe(Math.floor(6_000 / 97));
    expect(stream.problems).toEqual(bulk.problems);
    const fromStream = await rowsOf('stream');
    expect(fromStream).toHaveLength(bulk.counts.records);
    expect(fromStream).toEqual(fromBulk);
  });

  it('answers a retried finish with its report, publishing nothing again', async () => {
    const generation = (await readManifest(lakeDir))!.generation;
    expect(await activities.finishArchiveLoad(request('stream'))).toEqual(stream);
    expect((await readManifest(lakeDir))!.generation).toBe(generation);
  });

  it('refuses a file with no good row, keeping the source as it was', async () => {
    const bad = join(dir, 'bad.csv');
    const [header] = (await readFile(input, 'utf8')).split('\n');
    await writeFile(bad, `${header}\nx,UPPER,nsw,bushfire,Fire,1990-01-01${','.repeat(14)}\n`);
    const before = await rowsOf('stream');
    expect(before.length).toBeGreaterThan(0);
    await expect(activities.bulkLoadArchive(request('stream', bad, 'load-bad'))).rejects.toThrow(
      /no row of .* could be loaded \(1 set aside, first at line 2\); the earlier files of "stream" stay/,
    );
    expect(await rowsOf('stream')).toEqual(before);
  });
});
