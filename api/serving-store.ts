import { DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { readManifest, type Manifest } from '../lake/manifest.js';
import { columnList, columnsDdl, LAKE_TABLES } from '../lake/tables.js';
import type { IncidentRecord } from '../model/index.js';
import { groupVersions, versionsQuery, type IncidentVersion } from '../exports/cap/incident-versions.js';
import { CurrentIncidents } from './incidents/current-incidents.js';
import { SpatialIndex } from './incidents/spatial-index.js';

/**
 * How often the store looks for a newer manifest besides file-system notifications: the longest a
 * published generation waits before it is loaded (README: "How fresh is an answer").
 */
export const MANIFEST_CHECK_INTERVAL_MS = 250;

export interface ServingStoreOptions {
  checkIntervalMs?: number;
  /** Told when loading a generation fails; the previous generation keeps being served. */
  onError?: (error: unknown) => void;
}

export interface ServingGeneration {
  generation: number;
  publishedAt: string | null;
}

/**
 * The API's read model: an in-memory DuckDB loaded from the published Parquet. It never opens the
 * warehouse file; when the manifest names a new generation it loads it in one transaction, so a
 * query sees either the old tables or the new ones.
 */
export class ServingStore {
  private loaded: Manifest | undefined;
  private timer: NodeJS.Timeout | undefined;
  private watcher: FSWatcher | undefined;
  private refreshing: Promise<void> | undefined;
  private spatialIndex: Promise<SpatialIndex> | undefined;
  private liveCache: Promise<CurrentIncidents> | undefined;
  private versionCache: Promise<ReadonlyMap<string, IncidentVersion[]>> | undefined;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly servingDir: string,
  ) {}

  /**
   * Opens the store on the newest generation and keeps watching for the next one in the background:
   * requests never wait for a load, they are answered from the newest generation loaded so far.
   */
  static async open(
    servingDir: string,
    { checkIntervalMs = MANIFEST_CHECK_INTERVAL_MS, onError = () => undefined }: ServingStoreOptions = {},
  ): Promise<ServingStore> {
    const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
    const connection = await instance.connect();
    try {
      for (const table of Object.values(LAKE_TABLES)) {
        await connection.run(`CREATE TABLE ${table.name} (${columnsDdl(table)})`);
      }
    } finally {
      connection.closeSync();
    }
    const store = new ServingStore(instance, servingDir);
    await store.refresh();
    store.watch(checkIntervalMs, onError);
    return store;
  }

  private watch(intervalMs: number, onError: (error: unknown) => void): void {
    const check = () => {
      this.refresh().catch(onError);
    };
    this.timer = setInterval(check, Math.max(intervalMs, 10));
    this.timer.unref();
    try {
      // The manifest is renamed into place: a notification loads it at once, the timer is the fallback.
      this.watcher = watch(this.servingDir, check);
      this.watcher.on('error', () => this.watcher?.close());
      this.watcher.unref();
    } catch {
      // No folder yet (nothing published) or no notifications on this file system: the timer serves.
    }
  }

  get current(): ServingGeneration {
    return { generation: this.loaded?.generation ?? 0, publishedAt: this.loaded?.publishedAt ?? null };
  }

  /** Loads the newest manifest if it changed. Concurrent callers share one load. */
  async refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** Resolves once `generation` (or a later one) is loaded, as the watcher loads it. */
  async whenLoaded(generation: number): Promise<void> {
    while ((this.loaded?.generation ?? 0) < generation) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async load(): Promise<void> {
    const manifest = await readManifest(this.servingDir);
    if (!manifest || manifest.generation === this.loaded?.generation) return;
    const connection = await this.instance.connect();
    try {
      await connection.run('BEGIN TRANSACTION');
      try {
        for (const table of Object.values(LAKE_TABLES)) {
          await connection.run(`DELETE FROM ${table.name}`);
          const file = manifest.tables[table.name]?.file;
          if (!file) continue;
          // By name, never by position: the table's definition is the contract with the writer.
          const columns = columnList(table);
          await connection.run(
            `INSERT INTO ${table.name} (${columns}) SELECT ${columns} FROM read_parquet($1)`,
            [join(this.servingDir, file)],
          );
        }
        await connection.run('COMMIT');
      } catch (error) {
        await connection.run('ROLLBACK');
        throw error;
      }
      this.loaded = manifest;
      this.spatialIndex = undefined;
      this.liveCache = undefined;
      this.versionCache = undefined;
    } finally {
      connection.closeSync();
    }
  }

  /** Runs a parameterised query and returns JSON-safe rows. */
  async query<T = Record<string, unknown>>(sql: string, params: DuckDBValue[] = []): Promise<T[]> {
    const connection = await this.instance.connect();
    try {
      const reader = await connection.runAndReadAll(sql, params);
      return reader.getRowObjectsJS() as T[];
    } finally {
      connection.closeSync();
    }
  }

  async incidents(sql: string, params: DuckDBValue[] = []): Promise<IncidentRecord[]> {
    return this.query<IncidentRecord>(sql, params);
  }

  /** Every current row of the loaded generation, sorted by id, in memory (built on first use). */
  liveIncidents(): Promise<CurrentIncidents> {
    this.liveCache ??= this.incidents('SELECT * FROM incidents').then((records) => {
      // Sorted here, not in SQL, so that paging compares ids exactly as this sort does.
      records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return new CurrentIncidents(records);
    });
    return this.liveCache;
  }

  /** The point incidents of the loaded generation, spatially indexed (built on first use). */
  spatial(): Promise<SpatialIndex> {
    this.spatialIndex ??= this.liveIncidents().then((current) =>
      SpatialIndex.build(current.all.filter((record) => record.feature_type === 'incident')),
    );
    return this.spatialIndex;
  }

  /** Every recorded version of every incident of the loaded generation, oldest first (built on first use). */
  versions(): Promise<ReadonlyMap<string, IncidentVersion[]>> {
    this.versionCache ??= this.query<{ id: string } & IncidentVersion>(
      versionsQuery('incident_versions'),
    ).then(groupVersions);
    return this.versionCache;
  }

  close(): void {
    clearInterval(this.timer);
    this.watcher?.close();
    this.instance.closeSync();
  }
}
