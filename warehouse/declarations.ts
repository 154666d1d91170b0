import { rm, writeFile } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { filesOf, type LakeFile, type Manifest } from '../lake/manifest.js';
import { columnList, LAKE_TABLES, type LakeTable } from '../lake/tables.js';
import type { DeclarationSourceId } from '../model/index.js';
import { sqlString } from './sql.js';
import { currentManifest, lakeFilePlace, publishFiles, writeLakeFile } from './publication.js';
import type { Warehouse } from './warehouse.js';

/**
 * Publishing one declaration source: its records and where they came from, as two small files that
 * replace the source's previous ones in one new generation. The records are replaced whole: a source
 * publishes its complete history each time, so there is nothing to merge.
 */
export interface DeclarationSourcePublish {
  source: DeclarationSourceId;
  /** JSON array of `declarations` rows (lake/declaration-rows.ts), written by the parse step. */
  stagedFile: string;
  records: number;
  contentSha256: string;
  fetchedAt: string;
  rejected: number;
  unmappedHazards: string[];
  documents: { location: string; sha256: string }[];
}

/**
 * A refresh would publish less than this share of the records the source has now: held back as
 * suspicious (a truncated file, a page that lost its table), as the retraction guard holds back a
 * feed's mass drop. Declaration histories only grow; a real shrink is rare and can be forced by hand.
 */
export const DECLARATION_DROP_GUARD_SHARE = 0.5;

export class DeclarationDropError extends Error {
  override readonly name = 'DeclarationDropError';
}

/** `read_json` column types of a lake table: its DuckDB types, without NOT NULL. */
function jsonColumns(table: LakeTable): string {
  return `{${table.columns.map((column) => `${column.name}: ${sqlString(column.sql.replace(' NOT NULL', ''))}`).join(', ')}}`;
}

function fromJson(table: LakeTable, file: string): string {
  return `SELECT ${columnList(table)} FROM read_json(${sqlString(file)}, format = 'array', columns = ${jsonColumns(table)}) ORDER BY ${table.orderBy}`;
}

const isDeclarationFile = (file: LakeFile) =>
  file.table === 'declarations' || file.table === 'declaration_sources';
const isSourceFile = (source: DeclarationSourceId) => (file: LakeFile) =>
  isDeclarationFile(file) && file.partition.source === source;

type DeclarationPublishResult = { outcome: 'published' | 'unchanged'; generation: number | null };

/**
 * `configured`: the sources the settings name. Files of any other source leave the lake with this
 * publish (a source the settings no longer name is not served: the demo's made-up NSW register once
 * it reads ../shared, which has none), even when this source's records are unchanged.
 */
export async function publishDeclarationSource(
  warehouse: Warehouse,
  lakeDir: string,
  change: DeclarationSourcePublish,
  now: Date,
  configured?: readonly DeclarationSourceId[],
): Promise<{ outcome: 'published' | 'unchanged'; generation: number | null }> {
  const unconfigured = (file: LakeFile) =>
    configured !== undefined &&
    isDeclarationFile(file) &&
    !configured.includes(file.partition.source as DeclarationSourceId);
  // Named by content and time: the same documents are recognised, and content that comes back after
  // being replaced never reuses a name the garbage collector may still delete.
  const content = `records-${change.contentSha256.slice(0, 16)}-`;
  const name = `${change.contentSha256.slice(0, 16)}-${now.getTime()}`;
  return warehouse.exclusive(async () => {
    const db = warehouse.db;
    const manifest = await currentManifest(db, lakeDir);
    const current = filesOf(manifest, 'declarations').filter(isSourceFile(change.source));
    if (current.some((file) => file.path.split('/').pop()?.startsWith(content))) {
      return dropUnconfiguredFiles(db, lakeDir, manifest, unconfigured, now);
    }
    guardAgainstDrop(change, current);
    const provenanceFile = await writeProvenanceFile(change);
    try {
      const added = await writeSourceFiles(db, lakeDir, change, { name, provenanceFile });
      const published = await publishFiles(db, lakeDir, {
        added,
        replaced: (file) => isSourceFile(change.source)(file) || unconfigured(file),
        now,
      });
      return { outcome: 'published', generation: published.generation };
    } finally {
      await rm(provenanceFile, { force: true });
    }
  });
}

/** The source's records are served already: only files of unconfigured sources may still leave. */
async function dropUnconfiguredFiles(
  db: DuckDBConnection,
  lakeDir: string,
  manifest: Manifest | undefined,
  unconfigured: (file: LakeFile) => boolean,
  now: Date,
): Promise<DeclarationPublishResult> {
  if (!(manifest?.files ?? []).some(unconfigured)) {
    return { outcome: 'unchanged', generation: manifest?.generation ?? null };
  }
  const published = await publishFiles(db, lakeDir, { added: [], replaced: unconfigured, now });
  return { outcome: 'unchanged', generation: published.generation };
}

/** Holds back a refresh that would serve far fewer records than now (DECLARATION_DROP_GUARD_SHARE). */
function guardAgainstDrop(change: DeclarationSourcePublish, current: readonly LakeFile[]): void {
  const served = current.reduce((sum, file) => sum + file.rows, 0);
  if (served > 0 && change.records < served * DECLARATION_DROP_GUARD_SHARE) {
    throw new DeclarationDropError(
      `${change.source}: the refresh holds ${change.records} records against ${served} served; held back`,
    );
  }
}

/** The `declaration_sources` row of this refresh, as JSON beside the staged records. */
async function writeProvenanceFile(change: DeclarationSourcePublish): Promise<string> {
  const provenanceFile = `${change.stagedFile}.source.json`;
  await writeFile(
    provenanceFile,
    JSON.stringify([
      {
        source: change.source,
        fetched_at: change.fetchedAt,
        content_sha256: change.contentSha256,
        records: change.records,
        rejected: change.rejected,
        unmapped_hazards: change.unmappedHazards,
        document_urls: change.documents.map((document) => document.location),
        document_sha256: change.documents.map((document) => document.sha256),
      },
    ]),
  );
  return provenanceFile;
}

/** The source's records and provenance as two lake files, records first. */
async function writeSourceFiles(
  db: DuckDBConnection,
  lakeDir: string,
  change: DeclarationSourcePublish,
  files: { name: string; provenanceFile: string },
): Promise<LakeFile[]> {
  const partition = { source: change.source };
  return [
    await writeLakeFile(
      db,
      lakeDir,
      lakeFilePlace('declarations', partition, `records-${files.name}.parquet`),
      fromJson(LAKE_TABLES.declarations, change.stagedFile),
    ),
    await writeLakeFile(
      db,
      lakeDir,
      lakeFilePlace('declaration_sources', partition, `source-${files.name}.parquet`),
      fromJson(LAKE_TABLES.declaration_sources, files.provenanceFile),
    ),
  ];
}
