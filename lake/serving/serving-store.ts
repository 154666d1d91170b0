import { DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import { watch, type FSWatcher } from 'node:fs';
import type { IncidentRecord, IncidentVersion } from '../../model/index.js';
import type { ChainLink } from '../chain.js';
import { filesOf, readManifest, type LakeFile, type Manifest } from '../manifest.js';
import { fileRelation, type LakeSlice } from '../read.js';
import type { LakeTableName } from '../tables.js';
import { CurrentIncidents } from './current-incidents.js';
import { EventSet, readEventSet } from './events.js';
import { archiveView, versionsView } from './history-views.js';
import { createLiveTable, loadLiveSet, type LiveSet } from './live-set.js';
import { SpatialIndex } from './spatial-index.js';

/**
 * How often the store looks for a newer manifest besides file-system notifications: with the time a
 * load takes, the longest a published generation waits before requests see it (docs/data-engineering.md: the lake).
 */
export const MANIFEST_CHECK_INTERVAL_MS = 250;

export interface ServingStoreOptions {
  checkIntervalMs?: number;
  /**
   * A lake in a bucket (lake/replica/): the folder is a replica's bounded cache, and the files a query
   * names are fetched into it (and kept) before it runs. The lake folder itself holds every file.
   */
  files?: LakeFileSource | undefined;
  /** Told when loading a generation fails; the previous generation keeps being served. */
  onError?: (error: unknown) => void;
}

/** Brings lake files into the local folder the store reads (lake/replica/lake-replica.ts). */
export interface LakeFileSource {
  holdNamedIn(sql: string): Promise<() => void>;
  ensure(file: LakeFile): Promise<void>;
}

export interface ServingGeneration {
  generation: number;
  publishedAt: string | null;
}

/** One loaded generation as a whole: what the change stream compares generation by generation. */
export interface ServingSnapshot {
  manifest: Manifest;
  live: CurrentIncidents;
  /** Each current incident's version chain, with when the lake first showed each version. */
  chains: ReadonlyMap<string, readonly ChainLink[]>;
  events: EventSet;
}

/** What one generation holds in memory: the live set and what is built from it. */
interface LoadedGeneration {
  manifest: Manifest;
  live: CurrentIncidents;
  versions: ReadonlyMap<string, IncidentVersion[]>;
  chains: ReadonlyMap<string, readonly ChainLink[]>;
  spatial?: SpatialIndex;
  /** The clustered events, and the file they were read from (kept while later generations name it). */
  events: EventSet;
  eventsPath: string | undefined;
}

/**
 * Every generation brings new lake files; DuckDB's external file cache would keep each one read in its
 * buffer pool up to the memory limit (a slow climb, never a plateau). The OS page cache serves local
 * files as well, so the cache is off.
 */
const DUCKDB_READER_SETTINGS = {
  threads: '2',
  memory_limit: '512MB',
  enable_external_file_cache: 'false',
};

/**
 * The read side of the lake, as API processes use it. It holds the live set (live incidents and those
 * retracted within 7 days) in memory, and reads version history and the archive in place from the
 * manifest's Parquet files, pruned by partition and time. A new generation is loaded off the request path — a watcher
 * notices the manifest — and swapped in whole: requests never wait for a load, and always see one
 * complete generation. It never opens the warehouse.
 */
export class ServingStore {
  private loaded: LoadedGeneration | undefined;
  private timer: NodeJS.Timeout | undefined;
  private watcher: FSWatcher | undefined;
  private refreshing: Promise<void> | undefined;
  private readonly listeners = new Set<(snapshot: ServingSnapshot) => void>();

  private constructor(
    private readonly instance: DuckDBInstance,
    readonly lakeDir: string,
    private readonly files: LakeFileSource | undefined,
  ) {}

  /** Opens the store on the newest generation and keeps watching for the next one in the background. */
  static async open(
    lakeDir: string,
    {
      checkIntervalMs = MANIFEST_CHECK_INTERVAL_MS,
      onError = () => undefined,
      files,
    }: ServingStoreOptions = {},
  ): Promise<ServingStore> {
    const instance = await DuckDBInstance.create(':memory:', DUCKDB_READER_SETTINGS);
    const connection = await instance.connect();
    try {
      await createLiveTable(connection);
    } finally {
      connection.closeSync();
    }
    const store = new ServingStore(instance, lakeDir, files);
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
      this.watcher = watch(this.lakeDir, check);
      this.watcher.on('error', () => this.watcher?.close());
      this.watcher.unref();
    } catch {
      // No folder yet (nothing published) or no notifications on this file system: the timer serves.
    }
  }

  get current(): ServingGeneration {
    const manifest = this.loaded?.manifest;
    return { generation: manifest?.generation ?? 0, publishedAt: manifest?.publishedAt ?? null };
  }

  /** The manifest of the loaded generation (undefined before the first publish). */
  get manifest(): Manifest | undefined {
    return this.loaded?.manifest;
  }

  /** The loaded generation, whole; undefined before the first publish. */
  snapshot(): ServingSnapshot | undefined {
    const loaded = this.loaded;
    return (
      loaded && {
        manifest: loaded.manifest,
        live: loaded.live,
        chains: loaded.chains,
        events: loaded.events,
      }
    );
  }

  /** Calls `listener` with each generation once it is swapped in; returns what stops it. */
  onGeneration(listener: (snapshot: ServingSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
    while (this.current.generation < generation) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async load(): Promise<void> {
    const manifest = await readManifest(this.lakeDir);
    if (!manifest || manifest.generation === this.loaded?.manifest.generation) return;
    const [file] = filesOf(manifest, 'incidents_live');
    const [eventsFile] = filesOf(manifest, 'events');
    const connection = await this.instance.connect();
    let liveSet: LiveSet;
    let events = new EventSet([]);
    try {
      if (eventsFile && eventsFile.path === this.loaded?.eventsPath) events = this.loaded.events;
      else if (eventsFile) events = await readEventSet(connection, this.lakeDir, eventsFile);
      liveSet = await loadLiveSet(connection, this.lakeDir, file);
    } finally {
      connection.closeSync();
    }
    this.loaded = {
      manifest,
      live: liveSet.incidents,
      versions: liveSet.versions,
      chains: liveSet.chains,
      events,
      eventsPath: eventsFile?.path,
    };
    const snapshot = this.snapshot();
    if (snapshot) for (const listener of this.listeners) listener(snapshot);
  }

  /** Runs a parameterised query and returns JSON-safe rows. */
  async query<T = Record<string, unknown>>(sql: string, params: DuckDBValue[] = []): Promise<T[]> {
    const release = await this.files?.holdNamedIn(sql);
    const connection = await this.instance.connect();
    try {
      const reader = await connection.runAndReadAll(sql, params);
      return reader.getRowObjectsJS() as T[];
    } finally {
      connection.closeSync();
      release?.();
    }
  }

  /** Makes sure a lake file is in the local folder (a replica fetches it into its cache). */
  async ensureLocal(file: LakeFile): Promise<void> {
    await this.files?.ensure(file);
  }

  async incidents(sql: string, params: DuckDBValue[] = []): Promise<IncidentRecord[]> {
    return this.query<IncidentRecord>(sql, params);
  }

  /** Every current row of the loaded generation, sorted by id, in memory. */
  liveIncidents(): Promise<CurrentIncidents> {
    return Promise.resolve(this.loaded?.live ?? new CurrentIncidents([]));
  }

  /** The point incidents of the loaded generation, spatially indexed (built on first use). */
  spatial(): Promise<SpatialIndex> {
    const loaded = this.loaded;
    if (!loaded) return Promise.resolve(SpatialIndex.build([]));
    loaded.spatial ??= SpatialIndex.build(
      loaded.live.all.filter((record) => record.feature_type === 'incident'),
    );
    return Promise.resolve(loaded.spatial);
  }

  /** The clustered events of the loaded generation, in memory. */
  events(): Promise<EventSet> {
    return Promise.resolve(this.loaded?.events ?? new EventSet([]));
  }

  /** The versions of every current incident, from the chains the live set carries. */
  versions(): Promise<ReadonlyMap<string, IncidentVersion[]>> {
    return Promise.resolve(this.loaded?.versions ?? new Map());
  }

  /** Every version of the incidents in the slice, as a relation (history-views.ts). */
  versionsRelation(slice: LakeSlice): string {
    return versionsView(this.lakeDir, this.loaded?.manifest, slice);
  }

  /** The historical archive in the slice, read in place from the lake's files (geometry built from points). */
  archiveRelation(slice: LakeSlice): string {
    return archiveView(this.lakeDir, this.loaded?.manifest, slice);
  }

  /** A relation over some files of a table (chosen from `manifest`), read in place. */
  filesRelation(table: LakeTableName, files: readonly LakeFile[]): string {
    return fileRelation(this.lakeDir, table, files);
  }

  close(): void {
    clearInterval(this.timer);
    this.watcher?.close();
    this.instance.closeSync();
  }
}
