import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { LakeFile } from '../../lake/manifest.js';
import { fileRelation } from '../../lake/read.js';
import { columnList, LAKE_TABLES } from '../../lake/tables.js';
import type { ArchiveSourceRows } from '../../model/index.js';
import { sqlString } from '../sql.js';
import { writeLakeFile } from '../publication.js';

/**
 * An archive record's id is its identity, whatever source it was loaded under (ADR 22): the lake holds
 * each id once. A load that brings ids other sources hold takes them over — the newest load wins — so
 * each of their files that holds any is written again without them, or leaves the lake when nothing
 * is left. Ids start with their state, so only files of the load's states are read.
 */
export interface ArchiveTakeover {
  /** Files of other sources that leave the lake. */
  replaced: LakeFile[];
  /** What replaces them: the same files without the load's ids (none for a file left empty). */
  added: LakeFile[];
  /** Rows taken over, by source. */
  bySource: ArchiveSourceRows[];
}

export const NO_TAKEOVER: ArchiveTakeover = { replaced: [], added: [], bySource: [] };

function parquetList(lakeDir: string, files: readonly LakeFile[]): string {
  return `[${files.map((file) => sqlString(join(lakeDir, file.path))).join(', ')}]`;
}

/** The file's name with the load's tag in place of its own: new names, as lake files are immutable. */
function retagged(path: string, tag: string): string {
  return /-[0-9a-f]{16}\.parquet$/.test(path)
    ? path.replace(/-[0-9a-f]{16}\.parquet$/, `-${tag}.parquet`)
    : path.replace(/\.parquet$/, `-${tag}.parquet`);
}

/**
 * Plans and writes the takeover of `loaded`'s ids from `others` (archive files of other sources), with
 * the load's own connection. The files it writes are not published: the caller publishes them with the
 * load, in the same generation, or removes them (`discardTakeover`).
 */
export async function takeOverIds(
  connection: DuckDBConnection,
  options: { lakeDir: string; loaded: readonly LakeFile[]; others: readonly LakeFile[]; tag: string },
): Promise<ArchiveTakeover> {
  const archive = LAKE_TABLES.archive;
  const takeover: ArchiveTakeover = { replaced: [], added: [], bySource: [] };
  const rowsBySource = new Map<string, number>();
  const states = [...new Set(options.loaded.map((file) => file.partition.state))];
  for (const state of states) {
    const theirs = options.others.filter(
      (file) => file.table === 'archive' && file.partition.state === state && file.rows > 0,
    );
    if (theirs.length === 0) continue;
    const ids = `SELECT id FROM read_parquet(${parquetList(
      options.lakeDir,
      options.loaded.filter((file) => file.partition.state === state),
    )}, union_by_name = true)`;
    const hits = (
      await connection.runAndReadAll(
        `SELECT filename AS file, count(*)::BIGINT AS n
         FROM read_parquet(${parquetList(options.lakeDir, theirs)}, union_by_name = true, filename = true)
         WHERE id IN (${ids}) GROUP BY filename`,
      )
    ).getRowObjectsJS() as { file: string; n: bigint }[];
    const byPath = new Map(theirs.map((file) => [join(options.lakeDir, file.path), file]));
    for (const hit of hits) {
      const file = byPath.get(hit.file);
      if (!file) throw new Error(`DuckDB named a file it was not given: ${hit.file}`);
      const taken = Number(hit.n);
      const source = file.partition.source ?? '';
      rowsBySource.set(source, (rowsBySource.get(source) ?? 0) + taken);
      takeover.replaced.push(file);
      if (taken >= file.rows) continue;
      takeover.added.push(
        await writeLakeFile(
          connection,
          options.lakeDir,
          { table: 'archive', partition: file.partition, path: retagged(file.path, options.tag) },
          `SELECT ${columnList(archive)} FROM ${fileRelation(options.lakeDir, 'archive', [file])}
           WHERE id NOT IN (${ids}) ORDER BY ${archive.orderBy}`,
        ),
      );
    }
  }
  takeover.bySource = [...rowsBySource]
    .map(([source, rows]) => ({ source, rows }))
    .sort((a, b) => a.source.localeCompare(b.source));
  return takeover;
}

/** Removes the files of a takeover that will not be published (the lake moved on while it was planned). */
export async function discardTakeover(lakeDir: string, takeover: ArchiveTakeover): Promise<void> {
  await Promise.all(takeover.added.map((file) => rm(join(lakeDir, file.path), { force: true })));
}
