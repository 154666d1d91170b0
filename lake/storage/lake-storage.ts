import type { Readable } from 'node:stream';

/**
 * Where the lake's published files and manifest live, seen as objects under keys relative to the
 * lake's root (`manifest.json`, `incident_versions/state=nsw/…/seg-12.parquet`). Two homes: a bucket
 * of any S3-compatible store (s3-storage.ts) and a local folder (folder-storage.ts).
 */
export interface LakeStorage {
  /** Names the store in logs and status (no credentials). */
  readonly description: string;
  /**
   * A small object's bytes and ETag; `unchanged` when its ETag is still `ifNoneMatch` (a conditional
   * GET: nothing is transferred); undefined when there is no such object.
   */
  read(
    key: string,
    options?: { ifNoneMatch?: string | undefined },
  ): Promise<StoredBytes | 'unchanged' | undefined>;
  /** An object's bytes as a stream, with its size; undefined when there is no such object. */
  stream(key: string): Promise<{ body: Readable; size: number } | undefined>;
  /**
   * Uploads a local file under `key`; the store checks the bytes against `sha256` (hex) where it can.
   * With a condition, as `write`: only where there is no object, or over the one with that ETag.
   */
  upload(
    key: string,
    path: string,
    file: { bytes: number; sha256: string },
    condition?: WriteCondition,
  ): Promise<void>;
  /** An object's ETag and the SHA-256 (hex) of its bytes, read in full; undefined when there is none. */
  fingerprint(key: string): Promise<ObjectFingerprint | undefined>;
  /**
   * Writes a small object only if it is unchanged since `ifMatch` (an ETag) or, with `ifNoneMatch: '*'`,
   * absent; throws `PreconditionFailed` otherwise. Without a condition it always writes. Returns the new ETag.
   */
  write(key: string, body: Uint8Array, condition?: WriteCondition): Promise<string>;
  /** Every object whose key starts with `prefix`, with its size. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Deletes objects; a missing one is not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Lets go of connections. */
  close(): void;
}

export interface StoredBytes {
  body: Buffer;
  etag: string;
}

export interface StoredObject {
  key: string;
  size: number;
}

export interface ObjectFingerprint {
  etag: string;
  sha256: string;
}

export type WriteCondition = { ifMatch: string } | { ifNoneMatch: '*' };

/** A conditional write found the object changed (or present): another writer got there first. */
export class PreconditionFailed extends Error {
  override readonly name = 'PreconditionFailed';
}

/** Objects kept beside the lake's tables in its home: the CAP Atom feed the writer renders per generation. */
export const CAP_FEED_KEY = 'exports/cap/incidents.atom';
