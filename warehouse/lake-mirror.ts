import { randomUUID } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  GARBAGE_GRACE_MS,
  MANIFEST_FILE,
  ManifestSchema,
  type LakeFile,
  type Manifest,
} from '../lake/manifest.js';
import { PreconditionFailed, type LakeStorage } from '../lake/storage/lake-storage.js';
import { LAKE_TABLES } from '../lake/tables.js';
import { Unreachable } from '../telemetry/reachability.js';
import { serialised } from './serialised.js';

/** A file kept beside the lake and uploaded with every generation, before its manifest (the CAP feed). */
export interface AlongsideFile {
  path: string;
  key: string;
}

export interface LakeMirrorOptions {
  storage: LakeStorage;
  /**
   * Names this writer (one warehouse) in the bucket's copy of the manifest, so a manifest another
   * writer wrote is never taken for ours, whatever its generation (lakeWriterId).
   */
  writerId: string;
  /** Set when this warehouse was restored from the lake: the writer it took the lake over from. */
  handover?: WriterHandover | undefined;
  /** The writer's lake folder: its working copy, where DuckDB writes and compaction reads. */
  lakeDir: string;
  alongside?: readonly AlongsideFile[];
  /** Told when the bucket could not be brought up to date, and when it is again. */
  log?: (line: string, level: 'warn' | 'info') => void;
  now?: () => number;
  /** A failed upload is tried again after this long, doubling up to a minute. */
  retryMs?: number;
  /**
   * Told (instead of a log line) when another writer has taken the lake over: this one must step down.
   * Without it, the conflict is logged and the newest generation tried again later.
   */
  onTakenOver?: (message: string) => void;
  /** Runs after a generation's files are uploaded and before its manifest is written (crash tests). */
  beforeManifest?: (manifest: Manifest) => Promise<void>;
}

/** Files uploaded at once. */
const UPLOADS_IN_FLIGHT = 4;

/** Another writer publishes to the same place: never overwritten, always said. */
export class LakeWriterConflict extends Error {
  override readonly name = 'LakeWriterConflict';
}

/**
 * Mirrors the writer's lake folder into a bucket (or another folder), generation by generation: every
 * file a manifest names is uploaded before the manifest, and the manifest is written conditionally,
 * over the ETag this writer last wrote (If-Match) or only where there is none (If-None-Match: *), so
 * a second writer fails loudly instead of overwriting the first. A file leaves the bucket only after
 * the bucket's manifest has stopped naming it for the grace period. When the bucket cannot be reached
 * the warehouse goes on committing and publishing locally; the newest manifest is retried in the
 * background, and the bucket catches up in one step.
 */
export class LakeMirror {
  private readonly exclusive = serialised();
  /** Undefined until read; null when the bucket has no manifest. */
  private etag: string | null | undefined;
  private remote: Manifest | undefined;
  /** Who wrote the bucket's manifest (undefined: no writer named, as a folder copied in would be). */
  private remoteWriter: string | undefined;
  /**
   * Objects known to be in the bucket, by key, with the SHA-256 of their bytes where known: uploaded by
   * this mirror, or named by the bucket's manifest at that size. An object of unknown bytes (a file no
   * manifest names) is checked before it is taken for this writer's.
   */
  private present = new Map<string, string | undefined>();
  /** Since when the bucket has held every manifest this writer recorded (undefined: behind now). */
  private syncedSince: number | undefined;
  private latest: Manifest | undefined;
  private retry: NodeJS.Timeout | undefined;
  private retryMs: number;
  private failing: string | undefined;
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly options: LakeMirrorOptions) {
    this.now = options.now ?? Date.now;
    this.retryMs = options.retryMs ?? 2_000;
  }

  get lakeDir(): string {
    return this.options.lakeDir;
  }

  /** The generation the bucket's manifest names (0 before the first), as this writer last saw it. */
  get bucketGeneration(): number {
    return this.remote?.generation ?? 0;
  }

  /** Whether the bucket holds the newest generation recorded. */
  get inSync(): boolean {
    return this.syncedSince !== undefined;
  }

  /**
   * Brings the bucket to `manifest` (uploads, then the manifest). Never throws: a failure is logged
   * and the newest manifest retried in the background, since the warehouse has recorded it already.
   */
  async publish(manifest: Manifest): Promise<void> {
    if (!this.latest || manifest.generation >= this.latest.generation) this.latest = manifest;
    await this.exclusive(() => this.bringUpToDate()).catch(() => undefined);
  }

  private async bringUpToDate(): Promise<void> {
    const manifest = this.latest;
    if (!manifest || this.closed) return;
    try {
      await this.load();
      // Before any upload: a writer that took the lake over since (a restore, a standby) is found here,
      // and none of its files is overwritten by this one's of the same generation.
      await this.readRemoteAgain();
      this.checkRemote(manifest.generation);
      await this.claim();
      // Always: a file the bucket lost since (or never got) is uploaded again.
      await this.uploadFiles(manifest);
      if (
        this.remote?.generation !== manifest.generation ||
        this.remote.publishedAt !== manifest.publishedAt
      ) {
        await this.uploadAlongside();
        await this.options.beforeManifest?.(manifest);
        await this.writeManifest(manifest);
      }
      this.syncedSince ??= this.now();
      clearTimeout(this.retry);
      this.retry = undefined;
      this.retryMs = this.options.retryMs ?? 2_000;
      if (this.failing !== undefined) {
        this.options.log?.(
          `${this.options.storage.description} holds the lake again (generation ${manifest.generation})`,
          'info',
        );
        this.failing = undefined;
      }
    } catch (error) {
      this.syncedSince = undefined;
      if (error instanceof LakeWriterConflict && this.options.onTakenOver) {
        this.close();
        this.options.onTakenOver(error.message);
        throw error;
      }
      this.sayFailure(manifest.generation, error);
      // A forgotten ETag is read again: the failure may have been a write that did land.
      if (!(error instanceof LakeWriterConflict)) this.etag = undefined;
      this.scheduleRetry(error instanceof Unreachable);
      throw error;
    }
  }

  /**
   * A bucket that does not answer is said once by the storage (lake/storage/bucket-reachability.ts);
   * anything else (a refusal, another writer) is said here, once per distinct failure.
   */
  private sayFailure(generation: number, error: unknown): void {
    if (error instanceof Unreachable) return;
    const message = error instanceof Error ? error.message : String(error);
    if (message !== this.failing || error instanceof LakeWriterConflict) {
      this.options.log?.(
        `publishing generation ${generation} to ${this.options.storage.description} failed (${message}); the warehouse goes on, the newest generation is tried again in ${Math.round(this.retryMs / 1000)} s`,
        'warn',
      );
    }
    this.failing = message;
  }

  /**
   * Tries the newest generation again later: while the bucket is away, every retry interval (a call to
   * a bucket known to be away fails at once, costing nothing) and at once when it answers again;
   * after other failures, backing off up to a minute.
   */
  private scheduleRetry(away = false): void {
    if (this.closed || this.retry) return;
    const again = () => {
      clearTimeout(this.retry);
      this.retry = undefined;
      this.exclusive(() => this.bringUpToDate()).catch(() => undefined);
    };
    this.retry = setTimeout(again, away ? (this.options.retryMs ?? 2_000) : this.retryMs);
    this.retry.unref();
    if (!away) this.retryMs = Math.min(this.retryMs * 2, 60_000);
  }

  /** Reads the bucket's manifest and what it holds, once (and again after a failure). */
  private async load(): Promise<void> {
    if (this.etag !== undefined) return;
    const read = await this.options.storage.read(MANIFEST_FILE);
    if (read === undefined || read === 'unchanged') {
      this.remote = undefined;
      this.etag = null;
    } else {
      this.adoptRemote(read.body);
      this.etag = read.etag;
    }
    const named = new Map((this.remote?.files ?? []).map((file) => [file.path, file]));
    this.present = new Map();
    for (const table of Object.keys(LAKE_TABLES)) {
      for (const object of await this.options.storage.list(`${table}/`)) {
        const file = named.get(object.key);
        this.present.set(object.key, file?.bytes === object.size ? file.sha256 : undefined);
      }
    }
  }

  /** The bucket's manifest again, if it changed since this writer last read or wrote it (a 304 otherwise). */
  private async readRemoteAgain(): Promise<void> {
    if (!this.etag) return;
    const read = await this.options.storage.read(MANIFEST_FILE, { ifNoneMatch: this.etag });
    if (read === undefined || read === 'unchanged') return;
    this.adoptRemote(read.body);
    this.etag = read.etag;
  }

  /** Uploads what the bucket lacks, four at a time; the first failure stops the rest. */
  private async uploadFiles(manifest: Manifest): Promise<void> {
    const queue = manifest.files.filter((file) => this.present.get(file.path) !== file.sha256);
    let failed = false;
    const worker = async () => {
      for (let file = queue.shift(); file && !failed; file = queue.shift()) {
        await this.uploadFile(file, manifest.generation).catch((error: unknown) => {
          failed = true;
          throw error;
        });
        this.present.set(file.path, file.sha256);
      }
    };
    await Promise.all(Array.from({ length: UPLOADS_IN_FLIGHT }, worker));
  }

  /**
   * Uploads one file only where there is no object of its name, so a writer never overwrites bytes
   * another writer published (a frozen writer resuming after a standby took over, ADR 35). An object
   * already there with the same bytes is this writer's earlier upload whose answer was lost. One with
   * other bytes is replaced only while the bucket's manifest is this writer's (it claims the lake
   * before its first upload), and only if still the same object: a file no manifest names, left by a
   * publish that never finished.
   */
  private async uploadFile(file: LakeFile, generation: number): Promise<void> {
    const local = join(this.options.lakeDir, file.path);
    const { storage } = this.options;
    try {
      return await storage.upload(file.path, local, file, { ifNoneMatch: '*' });
    } catch (error) {
      if (!(error instanceof PreconditionFailed)) throw error;
    }
    const there = await storage.fingerprint(file.path);
    // Gone since (a writer's garbage collection): tried once more, still only where there is none.
    if (there === undefined) return storage.upload(file.path, local, file, { ifNoneMatch: '*' });
    if (there.sha256 === file.sha256) return;
    await this.readRemoteAgain();
    this.checkRemote(generation);
    if (this.remoteWriter !== this.options.writerId) {
      // No manifest yet: two writers publishing their first generation at once (the writer lease
      // prevents it); neither overwrites the other.
      throw new Error(
        `${file.path} holds other bytes than this writer's and the bucket has no manifest of this writer's: not overwritten`,
      );
    }
    try {
      await storage.upload(file.path, local, file, { ifMatch: there.etag });
    } catch (error) {
      if (!(error instanceof PreconditionFailed)) throw error;
      throw new LakeWriterConflict(
        `${storage.description}${file.path} was written by another writer while this one replaced a file left unpublished: not overwritten`,
      );
    }
  }

  /**
   * A writer that took the lake over (a restore, a standby) first rewrites the bucket's manifest as
   * its own — same generation and files, over the ETag it read — before it uploads anything: from then
   * on the writer it took over from finds another writer's manifest and steps down, and its manifest
   * written over the old ETag is refused.
   */
  private async claim(): Promise<void> {
    if (!this.remote || this.remoteWriter === this.options.writerId) return;
    await this.writeManifest(this.remote, { claim: true });
    this.options.log?.(
      `this writer (${this.options.writerId}) has claimed ${this.options.storage.description} at generation ${this.remote.generation}`,
      'info',
    );
  }

  private async uploadAlongside(): Promise<void> {
    for (const file of this.options.alongside ?? []) {
      const info = await stat(file.path).catch(() => undefined);
      if (info) await this.options.storage.write(file.key, await readFile(file.path));
    }
  }

  /** The bucket's manifest as read: readers ignore the `writer` field, the mirror checks it. */
  private adoptRemote(body: Buffer): void {
    const json = JSON.parse(body.toString('utf8')) as { writer?: unknown };
    this.remote = ManifestSchema.parse(json);
    this.remoteWriter = typeof json.writer === 'string' ? json.writer : undefined;
  }

  /** Refuses a bucket whose manifest another writer wrote, or one newer than what this one publishes. */
  private checkRemote(generation: number): void {
    const current = this.remote;
    if (!current) return;
    if (this.remoteWriter !== undefined && this.remoteWriter !== this.options.writerId) {
      if (this.handedOver(current)) return;
      const handover = this.options.handover;
      if (handover && handover.from === this.remoteWriter) {
        throw new LakeWriterConflict(
          `${this.options.storage.description} holds generation ${current.generation}, published by the writer this warehouse was restored from (${this.remoteWriter}) after generation ${handover.generation}: that writer still runs; stop it, then restore again`,
        );
      }
      throw new LakeWriterConflict(
        `${this.options.storage.description} holds generation ${current.generation} written by another writer (${this.remoteWriter}, not this warehouse's ${this.options.writerId}): not overwritten; to take its lake over, restore this writer from it (npm run restore, docs/deploy.md), or give this one another LAKE_URL prefix`,
      );
    }
    if (current.generation > generation) {
      throw new LakeWriterConflict(
        `${this.options.storage.description} holds generation ${current.generation}, newer than this warehouse's ${generation}: another writer publishes there`,
      );
    }
  }

  /** Whether the bucket's manifest is the very generation this warehouse was restored from. */
  private handedOver(current: Manifest): boolean {
    const handover = this.options.handover;
    return (
      handover !== undefined &&
      (handover.from ?? undefined) === this.remoteWriter &&
      handover.generation === current.generation &&
      handover.publishedAt === current.publishedAt
    );
  }

  private async writeManifest(manifest: Manifest, { claim = false } = {}): Promise<void> {
    // Readers ignore `writer` and `handover`; a restored writer's manifests say whose lake it continues.
    const { handover } = this.options;
    const named = {
      ...manifest,
      writer: this.options.writerId,
      ...(handover
        ? { handover: { from: handover.from, after: handover.generation, at: handover.restoredAt } }
        : {}),
    };
    const body = Buffer.from(JSON.stringify(named, null, 1));
    this.checkRemote(manifest.generation);
    if (!claim && this.remote?.generation === manifest.generation) {
      throw new LakeWriterConflict(
        `${this.options.storage.description} holds another generation ${manifest.generation} (published ${this.remote.publishedAt}): another writer publishes there`,
      );
    }
    try {
      this.etag = await this.options.storage.write(
        MANIFEST_FILE,
        body,
        this.etag ? { ifMatch: this.etag } : { ifNoneMatch: '*' },
      );
      this.remote = manifest;
      this.remoteWriter = this.options.writerId;
    } catch (error) {
      if (!(error instanceof PreconditionFailed)) throw error;
      // The manifest changed since this writer read it. Our own write whose answer was lost reads back
      // as ours; anything else is another writer's.
      const read = await this.options.storage.read(MANIFEST_FILE);
      if (read !== undefined && read !== 'unchanged' && read.body.equals(body)) {
        this.etag = read.etag;
        this.remote = manifest;
        this.remoteWriter = this.options.writerId;
        return;
      }
      if (read !== undefined && read !== 'unchanged') {
        this.adoptRemote(read.body);
        this.etag = read.etag;
      }
      throw new LakeWriterConflict(
        `the bucket's manifest was written by another writer since this one read it (now generation ${this.remote?.generation ?? 'none'}): not overwritten`,
      );
    }
  }

  /**
   * Deletes replaced files from the bucket once the grace period has passed since the bucket last
   * caught up: a replica reading a generation that the bucket's manifest named until then still finds
   * its files. False (nothing deleted) while the bucket is behind or caught up too recently; the
   * caller keeps them for a later pass.
   */
  async removeGarbage(paths: readonly string[]): Promise<boolean> {
    return this.exclusive(async () => {
      if (this.syncedSince === undefined || this.now() - this.syncedSince < GARBAGE_GRACE_MS) return false;
      await this.options.storage.remove(paths);
      for (const path of paths) this.present.delete(path);
      return true;
    });
  }

  /**
   * At start: refuses a bucket whose manifest is newer than this warehouse's (another writer's lake),
   * brings the bucket to the recorded manifest, and removes objects that no manifest names (uploads of
   * a publish killed before its manifest).
   */
  async finish(recorded: Manifest | undefined, named: ReadonlySet<string>): Promise<void> {
    await this.exclusive(async () => {
      this.etag = undefined;
      try {
        await this.load();
      } catch (error) {
        // Unreachable now: the warehouse starts anyway, and the background retry brings the bucket up.
        if (recorded) this.latest ??= recorded;
        this.syncedSince = undefined;
        if (!(error instanceof Unreachable)) {
          this.options.log?.(
            `${this.options.storage.description} cannot be read (${error instanceof Error ? error.message : String(error)}); the lake is published there once it can`,
            'warn',
          );
          this.failing = 'unreachable at start';
        }
        this.scheduleRetry(error instanceof Unreachable);
        return;
      }
      const remote = this.remote;
      this.checkRemote(recorded?.generation ?? 0);
      if (remote && !recorded) {
        throw new LakeWriterConflict(
          `${this.options.storage.description} holds generation ${remote.generation} of a lake this warehouse did not write (it has published none): another writer publishes there; give this one another LAKE_URL prefix`,
        );
      }
      if (
        remote &&
        recorded &&
        remote.generation === recorded.generation &&
        remote.publishedAt !== recorded.publishedAt
      ) {
        throw new LakeWriterConflict(
          `${this.options.storage.description} holds a generation ${remote.generation} this warehouse did not write: another writer publishes there`,
        );
      }
      if (recorded) {
        if (!this.latest || recorded.generation >= this.latest.generation) this.latest = recorded;
        // Uploads what the bucket lacks (a killed publish, a lost object) and the manifest if behind.
        const ok = await this.bringUpToDate().then(
          () => true,
          (error: unknown) => {
            if (error instanceof LakeWriterConflict) throw error;
            return false;
          },
        );
        if (!ok) return;
      }
      const orphans = [...this.present.keys()].filter((key) => !named.has(key));
      await this.options.storage.remove(orphans);
      for (const key of orphans) this.present.delete(key);
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
  }
}

/**
 * How a restored warehouse took a lake over (warehouse/restore/): the writer that published the
 * generation it was restored from. Its manifest of that generation is this writer's to replace; a newer
 * one means the old writer still publishes, and is refused.
 */
export interface WriterHandover {
  from: string | null;
  generation: number;
  publishedAt: string;
  restoredAt: string;
  /** When the feed pollers were asked to fetch everything again (runtime/restore-writer.ts). */
  refetchedAt?: string;
  /** When the staged polls left in the ingest store were committed (runtime/replay-staged.ts). */
  replayedAt?: string;
}

/** The files that name a warehouse as a lake writer, beside its DuckDB file (they move with it). */
export function writerIdentityFiles(warehouseFile: string): { id: string; handover: string } {
  return {
    id: join(dirname(warehouseFile), 'lake-writer-id'),
    handover: join(dirname(warehouseFile), 'lake-writer-handover.json'),
  };
}

/**
 * This warehouse's name as a lake writer: made once and kept beside its DuckDB file, so it moves
 * with the warehouse and a second warehouse (another file) is another writer.
 */
export async function lakeWriterId(warehouseFile: string): Promise<string> {
  const file = writerIdentityFiles(warehouseFile).id;
  const saved = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => undefined,
  );
  if (saved) return saved;
  await mkdir(dirname(file), { recursive: true });
  // `wx`: two starts at once agree on the first one written.
  await writeFile(file, randomUUID(), { flag: 'wx' }).catch(() => undefined);
  return (await readFile(file, 'utf8')).trim();
}

/** The hand-over a restore recorded for this warehouse, if it was restored. */
export async function lakeWriterHandover(warehouseFile: string): Promise<WriterHandover | undefined> {
  const text = await readFile(writerIdentityFiles(warehouseFile).handover, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as WriterHandover);
}

const mirrors = new Map<string, LakeMirror>();

/**
 * Makes every publication of `mirror.lakeDir` go to its bucket too. The publishing functions take the
 * lake folder only (warehouse/publication.ts); the process that owns the folder registers its mirror once.
 * Returns the undo.
 */
export function mirrorLake(mirror: LakeMirror): () => void {
  const key = resolve(mirror.lakeDir);
  mirrors.set(key, mirror);
  return () => {
    if (mirrors.get(key) === mirror) mirrors.delete(key);
    mirror.close();
  };
}

/** The mirror registered for a lake folder, if any. */
export function lakeMirrorOf(lakeDir: string): LakeMirror | undefined {
  return mirrors.size === 0 ? undefined : mirrors.get(resolve(lakeDir));
}
