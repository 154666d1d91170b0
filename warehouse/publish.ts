import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { MANIFEST_FILE, readManifest, type Manifest, type PublishedTable } from '../lake/manifest.js';
import { columnList, LAKE_TABLES } from '../lake/tables.js';

/** Generations kept on disk besides the current one, so a reader mid-load never loses its file. */
const KEEP_GENERATIONS = 3;

/** What every commit publishes, from which warehouse table; the archive is published by its own load. */
const SOURCES: Record<Exclude<PublishedTable, 'archive'>, string> = {
  incidents: 'incident_current',
  incident_versions: 'incident_version',
};

function tableQuery(table: Exclude<PublishedTable, 'archive'>): string {
  const definition = LAKE_TABLES[table];
  return `SELECT ${columnList(definition)} FROM ${SOURCES[table]} ORDER BY ${definition.orderBy}`;
}

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** COPY cannot take its target as a parameter; our own generated paths are quoted instead. */
function sqlPath(path: string): string {
  return `'${path.replaceAll("'", "''")}'`;
}

/**
 * Publishes the warehouse as immutable Parquet files plus a manifest. Every file is written under a
 * temporary name and renamed into place; the manifest is renamed last, so readers see either the
 * old generation or the complete new one.
 */
export async function publishServing(connection: DuckDBConnection, servingDir: string): Promise<Manifest> {
  await mkdir(servingDir, { recursive: true });
  const last = await connection.runAndReadAll(
    'SELECT coalesce(max(generation), 0)::INTEGER AS g FROM publication',
  );
  const generation = Number(last.getRowObjectsJS()[0]?.g ?? 0) + 1;
  const publishedAt = new Date().toISOString();

  const tables = {} as Manifest['tables'];
  for (const table of Object.keys(SOURCES) as (keyof typeof SOURCES)[]) {
    const query = tableQuery(table);
    const file = `${table}-${generation}.parquet`;
    const temporary = join(servingDir, `.${file}.tmp`);
    await connection.run(`COPY (${query}) TO ${sqlPath(temporary)} (FORMAT parquet, COMPRESSION zstd)`);
    const count = await connection.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM (${query})`);
    const sha256 = await sha256File(temporary);
    await rename(temporary, join(servingDir, file));
    tables[table] = { file, rows: Number(count.getRowObjectsJS()[0]?.n ?? 0), sha256 };
  }

  // The archive is loaded on its own schedule: a commit keeps whatever archive was published.
  const archive = (await readManifest(servingDir))?.tables.archive;
  if (archive) tables.archive = archive;
  const manifest: Manifest = { generation, publishedAt, tables };
  const temporaryManifest = join(servingDir, `.${MANIFEST_FILE}.tmp`);
  await writeFile(temporaryManifest, JSON.stringify(manifest, null, 2));
  await rename(temporaryManifest, join(servingDir, MANIFEST_FILE));
  await connection.run('INSERT INTO publication VALUES ($1, $2::TIMESTAMPTZ)', [generation, publishedAt]);
  await pruneOldGenerations(servingDir, generation);
  return manifest;
}

async function pruneOldGenerations(servingDir: string, generation: number): Promise<void> {
  for (const name of await readdir(servingDir)) {
    const match = /^[a-z_]+-(\d+)\.parquet$/.exec(name);
    if (match && Number(match[1]) <= generation - KEEP_GENERATIONS && !name.startsWith('archive-')) {
      await rm(join(servingDir, name), { force: true });
    }
  }
}

/**
 * Removes what a writer killed mid-publish left behind: files under a temporary name (`.name.tmp`,
 * `name.tmp`) are never read, and the next publish writes them anew. Called when the writer starts.
 */
export async function removeTemporaryFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const temporary = names.filter((name) => name.endsWith('.tmp'));
  await Promise.all(temporary.map((name) => rm(join(dir, name), { force: true })));
  return temporary;
}
