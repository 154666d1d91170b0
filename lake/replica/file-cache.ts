import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LakeFile } from '../manifest.js';
import type { LakeStorage } from '../storage/lake-storage.js';
import { Unreachable } from '../../telemetry/reachability.js';
import { fileSha256 } from '../storage/file-sha256.js';

/** A download is tried this many times (a damaged or missing object may be repaired meanwhile). */
const DOWNLOAD_ATTEMPTS = 3;
/** Downloads at once. */
const DOWNLOADS_IN_FLIGHT = 4;

/** A lake file could not be brought into the cache whole: the answer that needs it is a 503, not a guess. */
export class LakeFileUnavailable extends Error {
  override readonly name = 'LakeFileUnavailable';
}

interface Entry {
  bytes: number;
  /** The checksum the file was verified against; undefined for a file found at start, until checked. */
  sha256: string | undefined;
  lastUsed: number;
  pins: number;
}

export interface CacheStats {
  bytes: number;
  limitBytes: number;
  files: number;
  /** Since start: files downloaded, their bytes, and downloads refused for a wrong checksum or size. */
  downloads: number;
  downloadedBytes: number;
  refused: number;
  evicted: number;
}

/**
 * An API replica's local copy of the lake's files, bounded in size: files sit at their lake paths under
 * one folder (so readers open them as they would the writer's folder), each downloaded from the
 * lake's home to a temporary name while its sha256 is computed, and renamed into place only when the
 * checksum and size match the manifest. Over the limit, the least recently used files leave first;
 * files in use by a query (pinned) and those a generation needs to be served (protected) never do.
 */
export class LakeFileCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Pins taken before a file arrived (or while it was fetched again), applied when it does. */
  private readonly pendingPins = new Map<string, number>();
  private protectedPaths: ReadonlySet<string> = new Set();
  private total = 0;
  private readonly counters = { downloads: 0, downloadedBytes: 0, refused: 0, evicted: 0 };
  private clock = 0;

  private constructor(
    readonly dir: string,
    private readonly storage: LakeStorage,
    private readonly limitBytes: number,
    private readonly retryDelayMs: number,
  ) {}

  /** Opens the cache folder, counting the files a previous run left (checked again before first use). */
  static async open(
    dir: string,
    storage: LakeStorage,
    options: { limitBytes: number; retryDelayMs?: number },
  ): Promise<LakeFileCache> {
    await mkdir(dir, { recursive: true });
    const cache = new LakeFileCache(dir, storage, options.limitBytes, options.retryDelayMs ?? 500);
    for (const entry of await readdir(dir, { recursive: true })) {
      const path = entry.split(sep).join('/');
      const absolute = join(dir, entry);
      if (path.endsWith('.tmp')) {
        await rm(absolute, { force: true });
        continue;
      }
      if (!path.endsWith('.parquet')) continue;
      const info = await stat(absolute).catch(() => undefined);
      if (!info?.isFile()) continue;
      cache.entries.set(path, { bytes: info.size, sha256: undefined, lastUsed: 0, pins: 0 });
      cache.total += info.size;
    }
    return cache;
  }

  /** The local path of a lake file (present or not). */
  localPath(path: string): string {
    return join(this.dir, path);
  }

  /** Files that must stay while their generation is served (its live set and events). */
  protect(paths: Iterable<string>): void {
    this.protectedPaths = new Set(paths);
  }

  /** Brings `files` into the cache, verified; throws LakeFileUnavailable when one cannot be. */
  async ensure(files: readonly LakeFile[]): Promise<void> {
    const queue = [...files];
    const failures: Error[] = [];
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        await this.ensureOne(file).catch((error: Error) => failures.push(error));
      }
    };
    await Promise.all(Array.from({ length: Math.min(DOWNLOADS_IN_FLIGHT, files.length) }, worker));
    if (failures.length > 0) throw failures[0]!;
    this.evict();
  }

  /** Brings `files` into the cache and keeps them there until the returned release is called. */
  async hold(files: readonly LakeFile[]): Promise<() => void> {
    for (const file of files) this.pin(file.path, 1);
    try {
      await this.ensure(files);
    } catch (error) {
      for (const file of files) this.pin(file.path, -1);
      throw error;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const file of files) this.pin(file.path, -1);
      this.evict();
    };
  }

  private pin(path: string, delta: number): void {
    const entry = this.entries.get(path);
    if (entry) entry.pins = Math.max(0, entry.pins + delta);
    else if (delta > 0) this.pendingPins.set(path, (this.pendingPins.get(path) ?? 0) + delta);
    else this.pendingPins.set(path, Math.max(0, (this.pendingPins.get(path) ?? 0) + delta));
  }

  private async ensureOne(file: LakeFile): Promise<void> {
    const entry = this.entries.get(file.path);
    if (entry && entry.sha256 === file.sha256 && entry.bytes === file.bytes) {
      entry.lastUsed = ++this.clock;
      return;
    }
    let loading = this.loading.get(file.path);
    if (!loading) {
      loading = this.load(file, entry).finally(() => this.loading.delete(file.path));
      this.loading.set(file.path, loading);
    }
    await loading;
  }

  private async load(file: LakeFile, found: Entry | undefined): Promise<void> {
    const target = this.localPath(file.path);
    // A file left by an earlier run is kept if it still is what the manifest says.
    if (found && found.sha256 === undefined && found.bytes === file.bytes) {
      if ((await fileSha256(target)) === file.sha256) {
        found.sha256 = file.sha256;
        found.lastUsed = ++this.clock;
        return;
      }
    }
    if (found) this.forget(file.path);
    let lastError: unknown;
    for (let attempt = 1; attempt <= DOWNLOAD_ATTEMPTS; attempt++) {
      try {
        await this.download(file, target);
        const pins = this.pendingPins.get(file.path) ?? 0;
        this.pendingPins.delete(file.path);
        this.entries.set(file.path, { bytes: file.bytes, sha256: file.sha256, lastUsed: ++this.clock, pins });
        this.total += file.bytes;
        return;
      } catch (error) {
        lastError = error;
        // A bucket that does not answer is said once, and answered 503 with Retry-After.
        if (error instanceof Unreachable) throw error;
        if (attempt < DOWNLOAD_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs * attempt));
        }
      }
    }
    throw new LakeFileUnavailable(
      `lake file ${file.path} could not be fetched whole from ${this.storage.description} after ${DOWNLOAD_ATTEMPTS} attempts: ${lastError instanceof Error ? lastError.message : String(lastError)}`,
    );
  }

  private async download(file: LakeFile, target: string): Promise<void> {
    await mkdir(dirname(target), { recursive: true });
    const temporary = join(dirname(target), `.${file.path.split('/').pop()}.${randomUUID()}.tmp`);
    try {
      const streamed = await this.storage.stream(file.path);
      if (!streamed) throw new Error('no such object');
      const hash = createHash('sha256');
      let bytes = 0;
      const counting = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(streamed.body, counting, createWriteStream(temporary));
      this.counters.downloadedBytes += bytes;
      const sha256 = hash.digest('hex');
      if (sha256 !== file.sha256 || bytes !== file.bytes) {
        this.counters.refused++;
        throw new Error(
          `refused: ${bytes} bytes with sha256 ${sha256}, the manifest says ${file.bytes} bytes with ${file.sha256}`,
        );
      }
      await rename(temporary, target);
      this.counters.downloads++;
    } finally {
      await rm(temporary, { force: true });
    }
  }

  private forget(path: string): void {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.entries.delete(path);
    this.total -= entry.bytes;
    if (entry.pins > 0) this.pendingPins.set(path, (this.pendingPins.get(path) ?? 0) + entry.pins);
  }

  /** Least recently used first, until the cache fits; never a pinned or protected file. */
  private evict(): void {
    if (this.total <= this.limitBytes) return;
    const candidates = [...this.entries.entries()]
      .filter(
        ([path, entry]) => entry.pins === 0 && !this.protectedPaths.has(path) && !this.loading.has(path),
      )
      .sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    for (const [path] of candidates) {
      if (this.total <= this.limitBytes) break;
      this.forget(path);
      this.counters.evicted++;
      // An open reader keeps the bytes of a file removed under it.
      rm(this.localPath(path), { force: true }).catch(() => undefined);
    }
  }

  stats(): CacheStats {
    return { bytes: this.total, limitBytes: this.limitBytes, files: this.entries.size, ...this.counters };
  }

  /** Whether a lake path is in the cache now (verified or found at start). */
  has(path: string): boolean {
    return this.entries.has(path);
  }
}
