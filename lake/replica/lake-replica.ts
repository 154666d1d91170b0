import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  GARBAGE_GRACE_MS,
  MANIFEST_FILE,
  ManifestSchema,
  type LakeFile,
  type Manifest,
} from '../manifest.js';
import { Unreachable } from '../../telemetry/reachability.js';
import { RecentFiles } from '../recent-files.js';
import type { LakeStorage } from '../storage/lake-storage.js';
import type { LakeTableName } from '../tables.js';
import { type LakeFileCache, type CacheStats } from './file-cache.js';

/** What a generation needs in the cache before it is served: what the serving store loads at swap. */
export const SWAP_TABLES: readonly LakeTableName[] = ['incidents_live', 'events', 'gauges_latest'];

export interface LakeReplicaOptions {
  storage: LakeStorage;
  cache: LakeFileCache;
  /** How often the bucket is asked whether the manifest changed (conditional GET). */
  pollMs: number;
  /** Objects beside the lake copied to local paths with each new generation (the CAP feed). */
  alongside?: readonly { key: string; path: string }[];
  /** Told when the bucket stops answering, a generation cannot be prepared, and when both recover. */
  log?: (line: string, level: 'warn' | 'info') => void;
  now?: () => number;
}

export type ReplicaState = 'cold' | 'current' | 'catching-up' | 'unreachable';

export interface ReplicaStatus {
  source: string;
  /** cold: no generation yet; catching-up: a newer one is being prepared (or its files refused); unreachable: the bucket does not answer, the last generation is served. */
  state: ReplicaState;
  /** The generation prepared for serving. */
  generation: number;
  /** The newest generation the bucket's manifest named when last read, and when it was published. */
  bucketGeneration: number | null;
  bucketPublishedAt: string | null;
  lastCheckedAt: string | null;
  unreachableSince: string | null;
  lastError: string | null;
  cache: CacheStats;
}

/** The SQL of a query names the lake files it reads by their local path, quoted. */
function namedPathPattern(dir: string): RegExp {
  const prefix = join(dir, '/').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`'${prefix}([\\w=./-]+\\.parquet)'`, 'g');
}

/**
 * An API replica's view of a lake in a bucket. It polls the bucket's manifest with a conditional GET
 * (If-None-Match: a 304 costs no transfer), fetches the files a new generation needs to be swapped in
 * (its live set, events, latest gauges) into the bounded cache, checks each sha256, then writes the
 * manifest into the cache folder, where the serving store picks it up off the request path. Other
 * files (history, archive, readings) are fetched when a query first names them. While the bucket does
 * not answer, the last prepared generation keeps being served and the status says so.
 */
export class LakeReplica {
  private etag: string | undefined;
  private newest: Manifest | undefined;
  private prepared: Manifest | undefined;
  private lastCheckedAt: number | undefined;
  private unreachableSince: number | undefined;
  private saidUnreachable = false;
  /** A failed prepare was said (a bucket away is said elsewhere): its success is said too. */
  private saidPrepareFailure = false;
  private lastError: string | undefined;
  /** Files of the prepared generation and of those replaced within the grace period, by path. */
  private readonly known = new RecentFiles(GARBAGE_GRACE_MS);
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private closed = false;
  private readonly pattern: RegExp;
  private readonly now: () => number;
  /** Told after each generation is prepared (the serving store loads it at once). */
  onPrepared: (manifest: Manifest) => void = () => undefined;

  private constructor(private readonly options: LakeReplicaOptions) {
    this.now = options.now ?? Date.now;
    this.pattern = namedPathPattern(options.cache.dir);
  }

  /**
   * Starts from what the cache folder holds (the generation a previous run prepared, when its files
   * still check out) and polls the bucket from now on; the first poll is under way when this returns.
   */
  static async start(options: LakeReplicaOptions): Promise<LakeReplica> {
    const replica = new LakeReplica(options);
    await replica.resume();
    replica.schedule(0);
    return replica;
  }

  get cacheDir(): string {
    return this.options.cache.dir;
  }

  private async resume(): Promise<void> {
    const path = join(this.cacheDir, MANIFEST_FILE);
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text === undefined) return;
    try {
      const manifest = ManifestSchema.parse(JSON.parse(text));
      await this.options.cache.ensure(swapFiles(manifest));
      this.adopt(manifest);
    } catch {
      // Not whole any more (a file lost, the bucket unreachable): start cold instead.
      await rm(path, { force: true });
    }
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.polling = this.poll().finally(() => {
        this.polling = undefined;
        this.schedule(this.options.pollMs);
      });
    }, ms);
    this.timer.unref();
  }

  /** One round: ask the bucket, and prepare the newest generation if it is not served yet. */
  async poll(): Promise<void> {
    try {
      const read = await this.options.storage.read(MANIFEST_FILE, { ifNoneMatch: this.etag });
      this.lastCheckedAt = this.now();
      if (this.unreachableSince !== undefined) {
        if (this.saidUnreachable)
          this.options.log?.(`${this.options.storage.description} answers again`, 'info');
        this.unreachableSince = undefined;
        this.saidUnreachable = false;
      }
      if (read !== undefined && read !== 'unchanged') {
        this.newest = ManifestSchema.parse(JSON.parse(read.body.toString('utf8')));
        this.etag = read.etag;
      }
    } catch (error) {
      const message = messageOf(error);
      if (this.unreachableSince === undefined) {
        this.unreachableSince = this.now();
        // A bucket that does not answer is said once by the storage (lake/storage/bucket-reachability.ts).
        this.saidUnreachable = !(error instanceof Unreachable);
        if (this.saidUnreachable) {
          this.options.log?.(
            `${this.options.storage.description} does not answer (${message}); serving generation ${this.prepared?.generation ?? 'none'} until it does`,
            'warn',
          );
        }
      }
      this.lastError = message;
      return;
    }
    const newest = this.newest;
    if (!newest || newest.generation === this.prepared?.generation) {
      this.lastError = undefined;
      return;
    }
    try {
      await this.prepare(newest);
      if (this.saidPrepareFailure) this.options.log?.(`generation ${newest.generation} prepared`, 'info');
      this.lastError = undefined;
      this.saidPrepareFailure = false;
    } catch (error) {
      const message = messageOf(error);
      if (message !== this.lastError && !(error instanceof Unreachable)) {
        this.saidPrepareFailure = true;
        this.options.log?.(
          `generation ${newest.generation} cannot be prepared (${message}); serving generation ${this.prepared?.generation ?? 'none'}, trying again`,
          'warn',
        );
      }
      this.lastError = message;
    }
  }

  private async prepare(manifest: Manifest): Promise<void> {
    // Held until protected: a small cache must not evict them between download and swap.
    const release = await this.options.cache.hold(swapFiles(manifest));
    try {
      for (const { key, path } of this.options.alongside ?? []) await this.copyAlongside(key, path);
      const temporary = join(this.cacheDir, `.${MANIFEST_FILE}.${randomUUID()}.tmp`);
      await writeFile(temporary, JSON.stringify(manifest));
      await rename(temporary, join(this.cacheDir, MANIFEST_FILE));
      this.adopt(manifest);
    } finally {
      release();
    }
    this.onPrepared(manifest);
  }

  private adopt(manifest: Manifest): void {
    const nowMs = this.now();
    this.known.adopt(manifest.files, nowMs);
    // The previous generation's too: the serving store may still be loading it when this one lands.
    const kept = [...swapFiles(manifest), ...(this.prepared ? swapFiles(this.prepared) : [])];
    this.options.cache.protect(kept.map((file) => file.path));
    this.prepared = manifest;
  }

  private async copyAlongside(key: string, path: string): Promise<void> {
    const streamed = await this.options.storage.stream(key);
    if (!streamed) return;
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.tmp`;
    try {
      await pipeline(streamed.body, createWriteStream(temporary));
      await rename(temporary, path);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  /** Brings every lake file `sql` names into the cache and keeps it until the release is called. */
  async holdNamedIn(sql: string): Promise<() => void> {
    const files: LakeFile[] = [];
    for (const match of sql.matchAll(this.pattern)) {
      const entry = this.known.get(match[1]!);
      if (entry && !files.includes(entry.file)) files.push(entry.file);
    }
    if (files.length === 0) return () => undefined;
    return this.options.cache.hold(files);
  }

  /** Brings one lake file into the cache (a download of it is about to be served). */
  async ensure(file: LakeFile): Promise<void> {
    await this.options.cache.ensure([file]);
  }

  status(): ReplicaStatus {
    const generation = this.prepared?.generation ?? 0;
    const state: ReplicaState =
      this.unreachableSince !== undefined
        ? 'unreachable'
        : this.prepared === undefined
          ? 'cold'
          : this.newest !== undefined && this.newest.generation !== generation
            ? 'catching-up'
            : 'current';
    const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
    return {
      source: this.options.storage.description,
      state,
      generation,
      bucketGeneration: this.newest?.generation ?? null,
      bucketPublishedAt: this.newest?.publishedAt ?? null,
      lastCheckedAt: iso(this.lastCheckedAt),
      unreachableSince: iso(this.unreachableSince),
      lastError: this.lastError ?? null,
      cache: this.options.cache.stats(),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.polling;
    this.options.storage.close();
  }
}

function swapFiles(manifest: Manifest): LakeFile[] {
  return manifest.files.filter((file) => SWAP_TABLES.includes(file.table));
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return error.message || code || error.name;
}
