import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { Settings } from '../config/index.js';
import type { LakeStorage } from '../lake/storage/lake-storage.js';
import { openLakeStorage } from '../lake/storage/open-storage.js';
import { Unreachable } from '../telemetry/reachability.js';
import { currentActivity } from './heartbeat.js';

/**
 * Files one process writes under its DATA_DIR and another reads: raw bodies (fetched by one ingest
 * worker, parsed by any, re-read by backfills) and staged polls (written by an ingest worker,
 * committed by the warehouse). On one host they are simply there. With INGEST_STORE_URL=s3://…,
 * processes with data folders of their own share them through the bucket: a writer uploads what it
 * wrote, a reader downloads what it lacks to the same relative path, and the path (relative to
 * DATA_DIR) stays the only thing that travels in workflow history.
 */
export interface SharedFiles {
  /** Makes a file just written at `path` (relative to DATA_DIR) readable by the other processes. */
  publish(path: string): Promise<void>;
  /** Makes the file at `path` present locally if any process wrote it (a no-op when it is here). */
  fetch(path: string): Promise<void>;
  /** Makes every file under `prefix` present locally (re-parse backfills read a day of bodies). */
  fetchAll(prefix: string): Promise<void>;
  /** Removes a file that was consumed, here and for the others. */
  discard(path: string): Promise<void>;
}

/** One host, one DATA_DIR: files are where they were written. */
export function localFiles(dataDir: string): SharedFiles {
  return {
    publish: () => Promise.resolve(),
    fetch: () => Promise.resolve(),
    fetchAll: () => Promise.resolve(),
    discard: (path) => rm(join(dataDir, path), { force: true }),
  };
}

/** Left of an activity's time when it stops waiting for the bucket and fails (to be retried). */
const WAIT_MARGIN_MS = 5_000;
const WAIT_STEP_MS = 1_000;

/**
 * Runs `operation`, waiting out a bucket that does not answer within the running activity's time
 * (heartbeating, so Temporal knows the worker lives): a poll or commit that needs the bucket resumes
 * when it is back instead of failing. Outside an activity, and past the activity's time, the bucket's
 * `Unreachable` is thrown (the activity is then retried by Temporal).
 */
export async function waitingForBucket<T>(operation: () => Promise<T>): Promise<T> {
  const activity = currentActivity();
  const info = activity?.info;
  const deadline = info
    ? info.currentAttemptScheduledTimestampMs + (info.startToCloseTimeoutMs || 0) - WAIT_MARGIN_MS
    : 0;
  for (;;) {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof Unreachable) || Date.now() + WAIT_STEP_MS > deadline) throw error;
      activity?.heartbeat();
      await delay(WAIT_STEP_MS);
    }
  }
}

/** Files shared through a bucket (or any LakeStorage), keyed by their path relative to DATA_DIR. */
export function bucketFiles(dataDir: string, storage: LakeStorage): SharedFiles {
  async function download(path: string): Promise<boolean> {
    const absolute = join(dataDir, path);
    if (
      await stat(absolute).then(
        () => true,
        () => false,
      )
    )
      return true;
    const streamed = await storage.stream(path);
    if (!streamed) return false;
    await mkdir(dirname(absolute), { recursive: true });
    const temporary = `${absolute}.${process.pid}.${Date.now()}.tmp`;
    try {
      await pipeline(streamed.body, createWriteStream(temporary));
      await rename(temporary, absolute);
    } finally {
      await rm(temporary, { force: true });
    }
    return true;
  }
  return {
    async publish(path) {
      const absolute = join(dataDir, path);
      const bytes = await readFile(absolute);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await waitingForBucket(() => storage.upload(path, absolute, { bytes: bytes.length, sha256 }));
    },
    async fetch(path) {
      // A file nobody wrote (or a staged poll consumed already) fails where it is read, as on one host.
      await waitingForBucket(() => download(path));
    },
    async fetchAll(prefix) {
      for (const object of await waitingForBucket(() => storage.list(prefix))) {
        await waitingForBucket(() => download(object.key));
      }
    },
    async discard(path) {
      await rm(join(dataDir, path), { force: true });
      await waitingForBucket(() => storage.remove([path]));
    },
  };
}

/** A shared file that is not there (never written, or discarded after its commit was published). */
export function isGone(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

const shared = new Map<string, SharedFiles>();

/** The settings that say where shared files are. */
export type SharedFilesSettings = Pick<
  Settings,
  'DATA_DIR' | 'INGEST_STORE_URL' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_FORCE_PATH_STYLE' | 'S3_TIMEOUT_MS'
>;

/** The process's shared files, from INGEST_STORE_URL (one client per process). */
export function sharedFilesOf(settings: SharedFilesSettings): SharedFiles {
  const location = settings.INGEST_STORE_URL;
  if (!location) return localFiles(settings.DATA_DIR);
  const key = `${settings.DATA_DIR}\n${JSON.stringify(location)}`;
  let files = shared.get(key);
  if (!files) {
    const storage = openLakeStorage(
      location.kind === 'folder'
        ? location
        : {
            ...location,
            endpoint: settings.S3_ENDPOINT,
            region: settings.S3_REGION,
            forcePathStyle: settings.S3_FORCE_PATH_STYLE,
            requestTimeoutMs: settings.S3_TIMEOUT_MS,
          },
    );
    files = bucketFiles(settings.DATA_DIR, storage);
    shared.set(key, files);
  }
  return files;
}
