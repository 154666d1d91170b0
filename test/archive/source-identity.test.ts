import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../lake/manifest.js';
import { writeArchiveFile } from '../../replay/archive/generate.js';
import { archiveLoadTag, archiveSources } from '../../warehouse/archive/index.js';
import { type Warehouse } from '../../warehouse/warehouse.js';
import { archiveActivitiesIn } from './support.js';

const LOADED_AT = '2026-04-20T00:00:00Z';

/**
 * An archive id is kept once across sources, the newest load winning, and a source can be removed:
 * the archive activities called directly on a real warehouse, DuckDB and lake files.
 */
describe('archive sources: one record per id, and removing a source', () => {
  let dir: string;
  let lakeDir: string;
  let warehouse: Warehouse;
  let activities: Awaited<ReturnType<typeof archiveActivitiesIn>>['activities'];
  /** 3,000 made-up events; `part` is the first 1,000 of the same seed (the same ids and rows). */
  let whole: string;
  let part: string;
  /** 1,000 events of another seed: the same ids (e1 … e1000, where the states agree), other contents. */
  let other: string;

  const load = (file: string, source: string, options: { replaces?: string[] } = {}) =>
    activities.bulkLoadArchive({
      loadId: `load-${source}-${Math.random().toString(36).slice(2, 8)}`,
      file,
      format: 'interchange',
      source,
      loadedAt: LOADED_AT,
      ...options,
    });

  /** The lake's archive as a reader sees it: rows, distinct ids, and ids by source. */
  async function lake() {
    const manifest = await readManifest(lakeDir);
    const files = manifest?.files.filter((file) => file.table === 'archive') ?? [];
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const rows = (
        await connection.runAndReadAll(
          `SELECT id, title, regexp_extract(filename, 'source=([^/]+)/', 1) AS source
           FROM read_parquet([${files.map((file) => `'${join(lakeDir, file.path)}'`).join(', ') || "''"}], filename = true)`,
        )
      ).getRowObjectsJS() as { id: string; title: string; source: string }[];
      const bySource = new Map<string, Map<string, string>>();
      for (const row of rows) {
        if (!bySource.has(row.source)) bySource.set(row.source, new Map());
        bySource.get(row.source)!.set(row.id, row.title);
      }
      return {
        generation: manifest?.generation ?? 0,
        rows: rows.length,
        ids: new Set(rows.map((row) => row.id)).size,
        bySource,
        sources: archiveSources(manifest),
      };
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-archive-identity-'));
    whole = join(dir, 'whole.csv');
    part = join(dir, 'part.csv');
    other = join(dir, 'other.csv');
    await writeArchiveFile({ rows: 3_000, seed: 8, out: whole, format: 'csv' });
    await writeArchiveFile({ rows: 1_000, seed: 8, out: part, format: 'csv' });
    await writeArchiveFile({ rows: 1_000, seed: 9, out: other, format: 'csv' });
    ({ warehouse, activities, lakeDir } = await archiveActivitiesIn(dir));
  });
  afterAll(async () => {
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('moves every id of a file loaded again under a second name to the second: each id once', async () => {
    const first = await load(whole, 'first');
    expect(first.takenOver).toEqual([]);
    const second = await load(whole, 'second');
    expect(second.takenOver).toEqual([{ source: 'first', rows: first.counts.records }]);
    const after = await lake();
    expect(after).toMatchObject({ rows: first.counts.records, ids: first.counts.records });
    expect(after.sources).toEqual([{ source: 'second', rows: first.counts.records }]);
  });

  it('takes over only the ids a load brings: the other source keeps the rest, rewritten', async () => {
    const before = await lake();
    const loaded = await load(part, 'part');
    const after = await lake();
    expect(after.generation).toBe(before.generation + 1);
    expect(after.ids).toBe(before.ids);
    expect(after.rows).toBe(before.rows);
    const partIds = after.bySource.get('part')!;
    const secondIds = after.bySource.get('second')!;
    expect(partIds.size).toBe(loaded.counts.records);
    expect(loaded.takenOver).toEqual([{ source: 'second', rows: loaded.counts.records }]);
    expect(secondIds.size).toBe(before.rows - loaded.counts.records);
    expect([...partIds.keys()].filter((id) => secondIds.has(id))).toEqual([]);
    // The rewritten files of "second" are new files (lake files are immutable), named by this load.
    const secondFiles = (await readManifest(lakeDir))!.files.filter(
      (file) => file.partition.source === 'second',
    );
    const tag = archiveLoadTag(loaded.loadId);
    expect(secondFiles.filter((file) => file.path.endsWith(`-${tag}.parquet`)).length).toBeGreaterThan(0);
    expect(secondFiles.every((file) => file.path.includes('/source=second/'))).toBe(true);
  });

  it('keeps the newest load’s record of an id whose contents differ between sources', async () => {
    const before = await lake();
    const loaded = await load(other, 'other');
    const after = await lake();
    const otherRows = after.bySource.get('other')!;
    expect(after.rows).toBe(after.ids);
    // Ids that "part" or "second" held and "other" brought again are "other"'s now, with its titles.
    const taken = (loaded.takenOver ?? []).reduce((sum, entry) => sum + entry.rows, 0);
    expect(taken).toBeGreaterThan(0);
    expect(after.ids).toBe(before.ids + loaded.counts.records - taken);
    const changed = [...otherRows].filter(([id, title]) => {
      const earlier = before.bySource.get('part')?.get(id) ?? before.bySource.get('second')?.get(id);
      return earlier !== undefined && earlier !== title;
    });
    expect(changed.length).toBeGreaterThan(0);
    for (const [source, rows] of after.bySource) {
      if (source !== 'other')
        expect(
          [...rows.keys()].filter((id) => otherRows.has(id)),
          source,
        ).toEqual([]);
    }
  });

  it('removes a source: a generation without its files, the others untouched', async () => {
    const before = await lake();
    const removal = await activities.removeArchiveSource({ source: 'part' });
    const after = await lake();
    const partRows = before.bySource.get('part')!.size;
    expect(removal).toMatchObject({ source: 'part', rows: partRows, generation: before.generation + 1 });
    expect(removal.files).toBeGreaterThan(0);
    expect(after.bySource.has('part')).toBe(false);
    expect(after.rows).toBe(before.rows - partRows);
    expect(after.bySource.get('second')).toEqual(before.bySource.get('second'));
    expect(after.bySource.get('other')).toEqual(before.bySource.get('other'));
    expect(removal.remaining).toEqual(after.sources);
    expect(after.sources.map((entry) => entry.source)).toEqual(['other', 'second']);
  });

  it('publishes nothing to remove a source the archive does not hold, and lists the ones it does', async () => {
    const before = await lake();
    const removal = await activities.removeArchiveSource({ source: 'nowhere' });
    expect(removal).toEqual({
      source: 'nowhere',
      files: 0,
      rows: 0,
      generation: null,
      remaining: before.sources,
    });
    expect((await lake()).generation).toBe(before.generation);
  });

  it('replaces other sources whole when a load asks to, in the same generation', async () => {
    const before = await lake();
    const loaded = await load(part, 'switched', { replaces: ['second', 'other'] });
    const after = await lake();
    expect(after.generation).toBe(before.generation + 1);
    expect(loaded.replacedSources).toEqual(before.sources.filter((entry) => entry.source !== 'switched'));
    expect(after.sources).toEqual([{ source: 'switched', rows: loaded.counts.records }]);
    expect(after.rows).toBe(after.ids);
  });
});
