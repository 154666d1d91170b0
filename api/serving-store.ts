import { DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { versionsOfChain, type IncidentVersion } from '../exports/cap/incident-versions.js';
import { filesOf, readManifest, type LakeFile, type Manifest } from '../lake/manifest.js';
import { archiveRelation, fileRelation, prunedFiles, type LakeSlice } from '../lake/read.js';
import { columnList, columnsDdl, LAKE_TABLES, type LakeTableName } from '../lake/tables.js';
import { RECORD_COLUMN_LIST, type IncidentRecord } from '../model/index.js';
import { EventSet, readEventSet } from './events/event-set.js';
import { CurrentIncidents } from './incidents/current-incidents.js';
import { SpatialIndex } from './incidents/spatial-index.js';

/**
 * How often the store looks for a newer manifest besides file-system notifications: with the time a
 * load takes, the longest a published generation waits before requests see it (README: freshness).
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

/** What one generation holds in memory: the live set and what is built from it. */
interface LoadedGeneration {
  manifest: Manifest;
  live: CurrentIncidents;
  versions: ReadonlyMap<string, IncidentVersion[]>;
  spatial?: SpatialIndex;
  /** The clustered events, and the file they were read from (kept while later generations name it). */
  events: EventSet;
  eventsPath: string | undefined;
}

const live = LAKE_TABLES.incidents_live;

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
const versionColumns = columnList(LAKE_TABLES.incident_versions);

/**
 * The API's read side of the lake. It holds the live set (live incidents and those retracted within 7
 * days) in memory, and reads version history and the archive in place from the manifest's Parquet
 * files, pruned by partition and time. A new generation is loaded off the request path — a watcher
 * notices the manifest — and swapped in whole: requests never wait for a load, and always see one
 * complete generation. It never opens the warehouse.
 */
export class ServingStore {
  private loaded: LoadedGeneration | undefined;
  private timer: NodeJS.Timeout | undefined;
  private watcher: FSWatcher | undefined;
  private refreshing: Promise<void> | undefined;

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
      await connection.run(`CREATE TABLE ${live.name} (${columnsDdl(live)})`);
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
    let records: (IncidentRecord & { chain: string })[];
    let events = new EventSet([]);
    try {
      if (eventsFile && eventsFile.path === this.loaded?.eventsPath) events = this.loaded.events;
      else if (eventsFile) events = await readEventSet(connection, join(this.lakeDir, eventsFile.path));
      // Built beside the serving table, then swapped in one transaction: queries see one or the other.
      await connection.run('DROP TABLE IF EXISTS incidents_live_next');
      await connection.run(`CREATE TABLE incidents_live_next (${columnsDdl(live)})`);
      if (file) {
        await connection.run(
          `INSERT INTO incidents_live_next SELECT ${columnList(live)} FROM read_parquet($1)`,
          [join(this.lakeDir, file.path)],
        );
      }
      const reader = await connection.runAndReadAll(
        `SELECT ${RECORD_COLUMN_LIST}, chain FROM incidents_live_next ORDER BY id`,
      );
      records = reader.getRowObjectsJS() as unknown as (IncidentRecord & { chain: string })[];
      await connection.run('BEGIN TRANSACTION');
      try {
        await connection.run(`DROP TABLE ${live.name}`);
        await connection.run(`ALTER TABLE incidents_live_next RENAME TO ${live.name}`);
        await connection.run('COMMIT');
      } catch (error) {
        await connection.run('ROLLBACK');
        throw error;
      }
    } finally {
      connection.closeSync();
    }
    // Sorted here, not in SQL, so that paging compares ids exactly as this sort does.
    records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const versions = new Map<string, IncidentVersion[]>();
    const plain = records.map(({ chain, ...record }) => {
      versions.set(record.id, versionsOfChain(chain));
      return record;
    });
    this.loaded = {
      manifest,
      live: new CurrentIncidents(plain),
      versions,
      events,
      eventsPath: eventsFile?.path,
    };
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

  /**
   * Every version of the incidents in the slice, as a relation: settled versions read in place from
   * the lake's files (pruned by state and time), plus the open versions of live incidents. A settled
   * retraction that was later closed appears twice in the files; the closed copy wins.
   */
  versionsRelation(slice: LakeSlice): string {
    const files = prunedFiles(this.loaded?.manifest, 'incident_versions', slice);
    const settled = fileRelation(this.lakeDir, 'incident_versions', files);
    // Only retractions can have two copies, so only they pass through the window: the query's own
    // filters still reach the Parquet scan of everything else.
    return `(
      SELECT ${versionColumns} FROM ${settled} WHERE NOT retracted
      UNION ALL
      SELECT ${versionColumns} FROM ${settled} WHERE retracted
        QUALIFY row_number() OVER (PARTITION BY id, version ORDER BY valid_to DESC NULLS LAST) = 1
      UNION ALL
      SELECT ${RECORD_COLUMN_LIST}, version, valid_from, NULL::TIMESTAMPTZ AS valid_to
      FROM ${live.name} WHERE NOT retracted
    )`;
  }

  /** The historical archive in the slice, read in place from the lake's files (geometry built from points). */
  archiveRelation(slice: LakeSlice): string {
    return archiveRelation(this.lakeDir, prunedFiles(this.loaded?.manifest, 'archive', slice));
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
