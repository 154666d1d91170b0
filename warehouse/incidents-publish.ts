import { mkdir } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { LakeFile, Manifest } from '../lake/manifest.js';
import { pendingChainSql, stampChainSql } from '../lake/chain.js';
import { columnList, LAKE_TABLES } from '../lake/tables.js';
import { CANCEL_WINDOW_MS } from '../model/index.js';
import { collectGarbage, lakeFilePlace, nextGeneration, publishFiles, writeLakeFile } from './publication.js';
import { sqlString } from './sql.js';

/** The incident writer's regular publish, through the lake's publication interface (publication.ts). */

export interface PublishOptions {
  lakeDir: string;
  now: Date;
  /** Called inside the publish with the generation being written: refreshes derived exports (CAP). */
  derived?: (generation: number) => Promise<void>;
}

export interface PublishResult {
  manifest: Manifest;
  /** Version rows this publish appended to the lake. */
  appendedVersions: number;
}

/**
 * Publishes what changed since the last publish as a new generation of the lake: one segment per
 * (state, month) of the version rows settled since, the live table, and a manifest naming the
 * previous files plus these. Cost follows the change and the live set, never the history. Run inside
 * `Warehouse.exclusive`.
 *
 * Crash safety: files are written under new names first; the manifest is recorded in the warehouse
 * in the same transaction that drains the queue, then renamed into place. A publish killed before
 * that transaction leaves the queue intact (the next publish writes the same rows again, under the
 * same generation's names); one killed after it is finished at start by `finishPublication`.
 */
export async function publishLake(
  connection: DuckDBConnection,
  options: PublishOptions,
): Promise<PublishResult> {
  const { lakeDir, now } = options;
  await mkdir(lakeDir, { recursive: true });
  const next = await nextGeneration(connection, lakeDir, now);
  const segments = await writePendingSegments(connection, lakeDir, next.generation);
  await retireOldRetractions(connection, now);
  // Versions committed since the last publish are first shown by this generation: their chain links
  // carry its publication time, in the file now and in the warehouse with the manifest's record.
  const stamped = stampChainSql('chain', next.publishedAt.getTime());
  const live = await writeLiveFile(connection, lakeDir, next.generation, stamped);
  await options.derived?.(next.generation);
  const manifest = await publishFiles(connection, lakeDir, {
    added: [...segments.files, live],
    replaced: (file) => file.table === 'incidents_live',
    now,
    next,
    alsoInside: async () => {
      await connection.run('DELETE FROM lake_pending');
      await connection.run(
        `UPDATE incident_current SET chain = ${stamped} WHERE ${pendingChainSql('chain')}`,
      );
    },
  });
  await collectGarbage(connection, lakeDir, now);
  return { manifest, appendedVersions: segments.appendedVersions };
}

/** One segment file per (state, month) of the version rows queued since the last publish. */
async function writePendingSegments(
  connection: DuckDBConnection,
  lakeDir: string,
  generation: number,
): Promise<{ files: LakeFile[]; appendedVersions: number }> {
  const files: LakeFile[] = [];
  const partitions = await connection.runAndReadAll(
    'SELECT DISTINCT state, month FROM lake_pending ORDER BY state, month',
  );
  const versions = LAKE_TABLES.incident_versions;
  let appendedVersions = 0;
  for (const row of partitions.getRowObjectsJS()) {
    const state = row.state as string;
    const month = row.month as string;
    const file = await writeLakeFile(
      connection,
      lakeDir,
      lakeFilePlace('incident_versions', { state, month }, `seg-${generation}.parquet`),
      `SELECT ${columnList(versions)} FROM lake_pending WHERE state = ${sqlString(state)} AND month = ${sqlString(month)} ORDER BY ${versions.orderBy}`,
    );
    appendedVersions += file.rows;
    files.push(file);
  }
  return { files, appendedVersions };
}

/** Retractions older than the Cancel window leave the live set (and the warehouse's hot table). */
async function retireOldRetractions(connection: DuckDBConnection, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - CANCEL_WINDOW_MS).toISOString();
  await connection.run(
    'INSERT INTO incident_retired SELECT * FROM incident_current WHERE retracted AND retracted_at::TIMESTAMPTZ < $1::TIMESTAMPTZ',
    [cutoff],
  );
  await connection.run(
    'DELETE FROM incident_current WHERE retracted AND retracted_at::TIMESTAMPTZ < $1::TIMESTAMPTZ',
    [cutoff],
  );
}

/** The live table as one file, its pending chain links stamped with this generation's time. */
async function writeLiveFile(
  connection: DuckDBConnection,
  lakeDir: string,
  generation: number,
  stamped: string,
): Promise<LakeFile> {
  const live = LAKE_TABLES.incidents_live;
  const liveColumns = live.columns.map((column) =>
    column.name === 'chain' ? `${stamped} AS chain` : column.name,
  );
  return writeLakeFile(
    connection,
    lakeDir,
    lakeFilePlace('incidents_live', {}, `live-${generation}.parquet`),
    `SELECT ${liveColumns.join(', ')} FROM incident_current ORDER BY ${live.orderBy}`,
  );
}
