import { DuckDBInstance } from '@duckdb/node-api';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { MANIFEST_FILE, ManifestSchema, type Manifest } from '../../lake/manifest.js';
import { LakeFileCache } from '../../lake/replica/file-cache.js';
import type { LakeStorage } from '../../lake/storage/lake-storage.js';
import { writerIdentityFiles, type WriterHandover } from '../lake-mirror.js';
import { recordPublication, writeManifest } from '../publication.js';
import { Warehouse } from '../warehouse.js';
import { restoreEvents } from './events.js';
import { restoreGauges } from './gauges.js';
import { restoreIncidents } from './incidents.js';

export interface RestoreOptions {
  /** The lake's home: the bucket (or folder) whose manifest and files are restored from. */
  storage: LakeStorage;
  /** The warehouse to build; refused when one is there already. */
  warehouseFile: string;
  /** The writer's working copy of the lake: every file the manifest names is downloaded here. */
  lakeDir: string;
  /** False when the lake's home is `lakeDir` itself (a lake in a folder): nothing to download. */
  download: boolean;
  log?: (line: string) => void;
  now?: () => Date;
}

export interface RestoreResult {
  generation: number;
  publishedAt: string;
  /** The writer that published the restored generation (undefined: none named). */
  previousWriter: string | undefined;
  writer: string;
  files: number;
  bytes: number;
  counts: Record<string, number>;
}

/** A restore that would overwrite something, or has nothing to restore from: said, never done. */
export class RestoreRefused extends Error {
  override readonly name = 'RestoreRefused';
  constructor(
    message: string,
    readonly reason: 'warehouse-present' | 'no-lake',
  ) {
    super(message);
  }
}

const COUNTED = ['incident_current', 'incident_version', 'incident_retired', 'event_state', 'gauge_station'];

/**
 * Rebuilds a lost writer's warehouse from the published lake (ADR 34): reads the manifest, downloads
 * and verifies every file it names, rebuilds each table from them into a file beside the target
 * (renamed into place only when whole, so a killed restore starts again cleanly), records the manifest
 * as the warehouse's last publication, and names a new writer that takes the lake over from the one
 * that published it: its next generation follows the restored one.
 */
export async function restoreWarehouse(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  if ((await exists(options.warehouseFile)) && !(await holdsNothing(options.warehouseFile, log))) {
    throw new RestoreRefused(
      `${options.warehouseFile} holds a warehouse already: a restore never replaces one (move it aside first)`,
      'warehouse-present',
    );
  }
  const { manifest, writer: previousWriter } = await readBucketManifest(options.storage);
  log(
    `restoring generation ${manifest.generation} (published ${manifest.publishedAt}${previousWriter ? ` by writer ${previousWriter}` : ''}) from ${options.storage.description}`,
  );
  if (options.download) await downloadFiles(options, manifest, log);
  const building = `${options.warehouseFile}.restoring`;
  await removeWarehouseFiles(`${options.warehouseFile}`);
  await removeWarehouseFiles(building);
  const counts = await buildWarehouse(building, options, manifest, log);
  await rename(building, options.warehouseFile);
  await writeManifest(options.lakeDir, manifest);
  const writer = await nameNewWriter(options.warehouseFile, {
    from: previousWriter ?? null,
    generation: manifest.generation,
    publishedAt: manifest.publishedAt,
    restoredAt: (options.now?.() ?? new Date()).toISOString(),
  });
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  return {
    generation: manifest.generation,
    publishedAt: manifest.publishedAt,
    previousWriter,
    writer,
    files: manifest.files.length,
    bytes,
    counts,
  };
}

async function readBucketManifest(storage: LakeStorage): Promise<{ manifest: Manifest; writer?: string }> {
  const read = await storage.read(MANIFEST_FILE);
  if (read === undefined || read === 'unchanged') {
    throw new RestoreRefused(
      `${storage.description} holds no ${MANIFEST_FILE}: there is no lake to restore from`,
      'no-lake',
    );
  }
  const json = JSON.parse(read.body.toString('utf8')) as { writer?: unknown };
  return {
    manifest: ManifestSchema.parse(json),
    ...(typeof json.writer === 'string' ? { writer: json.writer } : {}),
  };
}

/** Every file the manifest names, verified against its sha256 (files already here and whole are kept). */
async function downloadFiles(options: RestoreOptions, manifest: Manifest, log: (line: string) => void) {
  const cache = await LakeFileCache.open(options.lakeDir, options.storage, {
    limitBytes: Number.MAX_SAFE_INTEGER,
  });
  await cache.ensure(manifest.files);
  const stats = cache.stats();
  log(
    `${manifest.files.length} lake files in place (${stats.downloads} downloaded, ${stats.downloadedBytes} bytes)`,
  );
}

/** Each part of the warehouse the lake can rebuild; declarations and the archive are lake files only. */
const RESTORES = {
  incidents: restoreIncidents,
  events: restoreEvents,
  gauges: restoreGauges,
} as const;

async function buildWarehouse(
  file: string,
  options: RestoreOptions,
  manifest: Manifest,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const warehouse = await Warehouse.open(file);
  try {
    const db = warehouse.db;
    // No transaction: the file is renamed into place only when whole, and hashes are filled by rowid,
    // which rows inserted in an open transaction do not have yet.
    for (const [name, restore] of Object.entries(RESTORES)) {
      const started = Date.now();
      await restore(db, options.lakeDir, manifest);
      log(`${name} rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await recordPublication(db, manifest, [], options.now?.() ?? new Date());
    await db.run('CHECKPOINT');
    const counts: Record<string, number> = {};
    for (const table of COUNTED) {
      const rows = await db.runAndReadAll(`SELECT count(*)::BIGINT AS n FROM ${table}`);
      counts[table] = Number(rows.getRowObjectsJS()[0]?.n ?? 0);
    }
    return counts;
  } finally {
    warehouse.close();
  }
}

/** A new writer identity beside the warehouse, and the hand-over it continues the lake under. */
async function nameNewWriter(warehouseFile: string, handover: WriterHandover): Promise<string> {
  const files = writerIdentityFiles(warehouseFile);
  const writer = randomUUID();
  await mkdir(dirname(files.id), { recursive: true });
  await writeFile(files.handover, JSON.stringify(handover, null, 1));
  await writeFile(files.id, writer);
  return writer;
}

async function removeWarehouseFiles(file: string): Promise<void> {
  for (const path of [file, `${file}.wal`]) await rm(path, { force: true });
  await mkdir(dirname(file), { recursive: true });
}

/**
 * A warehouse that never committed or published anything: what a writer start refused by the bucket
 * leaves behind. It holds no data, so a restore may take its place.
 */
async function holdsNothing(file: string, log: (line: string) => void): Promise<boolean> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  try {
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll(
      `SELECT (SELECT count(*) FROM publication) + (SELECT count(*) FROM feed_commit)
        + (SELECT count(*) FROM incident_current) + (SELECT count(*) FROM gauge_station) AS n`,
    );
    connection.closeSync();
    const empty = Number(reader.getRowObjectsJS()[0]?.n ?? 1) === 0;
    if (empty) log(`${file} holds an empty warehouse (a start refused by the bucket): replaced`);
    return empty;
  } catch {
    return false;
  } finally {
    instance.closeSync();
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
