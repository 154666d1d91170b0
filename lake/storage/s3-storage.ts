import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Reachability } from '../../telemetry/reachability.js';
import { bucketReachability } from './bucket-reachability.js';
import {
  PreconditionFailed,
  type LakeStorage,
  type ObjectFingerprint,
  type StoredBytes,
  type StoredObject,
  type WriteCondition,
} from './lake-storage.js';

export interface S3LakeOptions {
  bucket: string;
  /** Key prefix of the lake, without a trailing slash ('' for the bucket's root). */
  prefix: string;
  /** An S3-compatible store's URL; AWS when undefined. */
  endpoint?: string | undefined;
  region?: string | undefined;
  forcePathStyle?: boolean | undefined;
  /** For tools and tests that hold their own keys; the SDK's standard chain when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /**
   * A small request (manifest, list, delete) that takes longer is abandoned (and retried by the caller);
   * a transfer (upload, download) is abandoned when nothing moves for this long.
   */
  requestTimeoutMs?: number | undefined;
}

const ignore = () => undefined;
const QUIET_LOGGER = { trace: ignore, debug: ignore, info: ignore, warn: ignore, error: ignore };

/** Delete requests name at most this many keys (S3's limit). */
const DELETE_BATCH = 1000;

/** A conditional PUT's headers (none without a condition). */
function conditionHeaders(condition: WriteCondition | undefined): { IfMatch?: string; IfNoneMatch?: string } {
  if (!condition) return {};
  return 'ifMatch' in condition ? { IfMatch: condition.ifMatch } : { IfNoneMatch: condition.ifNoneMatch };
}

/** The HTTP status of an SDK error, when the store answered. */
function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

/**
 * The lake in a bucket of any S3-compatible store, through the standard AWS SDK client: credentials
 * come from the SDK's own chain (environment, profile, instance role). Conditional writes use
 * If-Match / If-None-Match on PUT (AWS S3 since 2024, versitygw, R2); uploads carry their SHA-256, so
 * the store refuses bytes that were damaged on the way.
 */
export class S3LakeStorage implements LakeStorage {
  readonly description: string;
  private readonly client: S3Client;
  private readonly root: string;
  private readonly timeoutMs: number;
  /** Every call goes through it: a bucket that does not answer is said once, and calls fail at once. */
  private readonly reach: Reachability;

  constructor(private readonly options: S3LakeOptions) {
    this.root = options.prefix === '' ? '' : `${options.prefix}/`;
    this.description = `s3://${options.bucket}/${this.root}${options.endpoint ? ` at ${options.endpoint}` : ''}`;
    this.timeoutMs = options.requestTimeoutMs ?? 10_000;
    this.reach = bucketReachability(
      `s3://${options.bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`,
      this.timeoutMs,
    );
    const region = options.region ?? (options.endpoint ? 'us-east-1' : undefined);
    this.client = new S3Client({
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(region ? { region } : {}),
      forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // A refused connection is retried by the caller's own loop (polls, publishes), not held here.
      maxAttempts: 2,
      // A socket with nothing moving for this long is dropped: a gateway that hangs fails the call.
      requestHandler: { connectionTimeout: 3_000, socketTimeout: this.timeoutMs },
      // Readers check each file against the manifest's sha256 themselves (lake/replica/file-cache.ts):
      // one check, against what the writer published, not against what the store recorded.
      responseChecksumValidation: 'WHEN_REQUIRED',
      // The SDK would print its own line for a failed upload; the callers say what failed and what next.
      logger: QUIET_LOGGER,
    });
  }

  /** A small call, abandoned after the time limit. */
  private send<T>(call: (signal: { abortSignal: AbortSignal }) => Promise<T>): Promise<T> {
    return this.reach.call((abortSignal) => call({ abortSignal }), this.timeoutMs);
  }

  /** A transfer: no limit on the whole, the socket's idle time-out ends a hung one. */
  private transfer<T>(call: (signal: { abortSignal: AbortSignal }) => Promise<T>): Promise<T> {
    return this.reach.call((abortSignal) => call({ abortSignal }), Infinity);
  }

  async read(key: string, options: { ifNoneMatch?: string | undefined } = {}) {
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: this.root + key,
      ...(options.ifNoneMatch ? { IfNoneMatch: options.ifNoneMatch } : {}),
    });
    try {
      const answer = await this.send((signal) => this.client.send(command, signal));
      const body = Buffer.from(await answer.Body!.transformToByteArray());
      return { body, etag: answer.ETag ?? '' } satisfies StoredBytes;
    } catch (error) {
      const status = statusOf(error);
      if (status === 304) return 'unchanged' as const;
      if (status === 404) return undefined;
      throw error;
    }
  }

  async stream(key: string) {
    const command = new GetObjectCommand({ Bucket: this.options.bucket, Key: this.root + key });
    try {
      // A large file takes as long as it takes, as long as it moves.
      const answer = await this.transfer((signal) => this.client.send(command, signal));
      return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  async upload(
    key: string,
    path: string,
    file: { bytes: number; sha256: string },
    condition?: WriteCondition,
  ): Promise<void> {
    // A stream per attempt: the call is made once here, retried by the caller.
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: this.root + key,
      Body: createReadStream(path),
      ContentLength: file.bytes,
      ChecksumSHA256: Buffer.from(file.sha256, 'hex').toString('base64'),
      ContentType: key.endsWith('.parquet') ? 'application/vnd.apache.parquet' : undefined,
      ...conditionHeaders(condition),
    });
    try {
      await this.transfer((signal) => this.client.send(command, signal));
    } catch (error) {
      throw this.refusal(key, error);
    }
  }

  async write(key: string, body: Uint8Array, condition?: WriteCondition): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: this.root + key,
      Body: body,
      ContentType: key.endsWith('.json') ? 'application/json' : undefined,
      ...conditionHeaders(condition),
    });
    try {
      const answer = await this.send((signal) => this.client.send(command, signal));
      return answer.ETag ?? '';
    } catch (error) {
      throw this.refusal(key, error);
    }
  }

  async fingerprint(key: string): Promise<ObjectFingerprint | undefined> {
    const command = new GetObjectCommand({ Bucket: this.options.bucket, Key: this.root + key });
    try {
      const answer = await this.transfer((signal) => this.client.send(command, signal));
      const hash = createHash('sha256');
      for await (const chunk of answer.Body as Readable) hash.update(chunk as Buffer);
      return { etag: answer.ETag ?? '', sha256: hash.digest('hex') };
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  /** A refused condition as `PreconditionFailed`; any other failure as it is. */
  private refusal(key: string, error: unknown): unknown {
    // 409: a concurrent conditional write to the same key is in progress (AWS S3).
    const status = statusOf(error);
    if (status === 412 || status === 409) {
      return new PreconditionFailed(`${this.root}${key} changed since it was read (HTTP ${status})`);
    }
    return error;
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    let token: string | undefined;
    do {
      const command = new ListObjectsV2Command({
        Bucket: this.options.bucket,
        Prefix: this.root + prefix,
        ...(token ? { ContinuationToken: token } : {}),
      });
      const page = await this.send((signal) => this.client.send(command, signal));
      for (const object of page.Contents ?? []) {
        if (object.Key) found.push({ key: object.Key.slice(this.root.length), size: object.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const command = new DeleteObjectsCommand({
        Bucket: this.options.bucket,
        Delete: { Objects: batch.map((key) => ({ Key: this.root + key })), Quiet: true },
      });
      const answer = await this.send((signal) => this.client.send(command, signal));
      const failed = (answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
      if (failed.length > 0) {
        throw new Error(
          `deleting ${failed.length} lake objects failed: ${failed[0]?.Code} ${failed[0]?.Message}`,
        );
      }
    }
  }

  close(): void {
    this.client.destroy();
  }
}
