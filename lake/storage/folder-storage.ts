import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileSha256 } from './file-sha256.js';
import {
  PreconditionFailed,
  type LakeStorage,
  type ObjectFingerprint,
  type StoredObject,
  type WriteCondition,
} from './lake-storage.js';

/** A lock older than this was left by a killed writer. */
const STALE_LOCK_MS = 10_000;

function etagOf(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('hex')}"`;
}

function missing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * The lake's home as a local (or mounted) folder, with the object semantics of a bucket: keys are
 * paths under the folder, an ETag is the sha256 of the bytes, files appear whole (temporary name,
 * then rename) and a conditional write or upload holds a lock file while it compares and renames.
 */
export class FolderLakeStorage implements LakeStorage {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = root;
  }

  private path(key: string): string {
    const path = join(this.root, key);
    if (!path.startsWith(`${join(this.root)}${sep}`)) throw new Error(`key outside the lake: ${key}`);
    return path;
  }

  async read(key: string, options: { ifNoneMatch?: string | undefined } = {}) {
    let body: Buffer;
    try {
      body = await readFile(this.path(key));
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
    const etag = etagOf(body);
    return etag === options.ifNoneMatch ? ('unchanged' as const) : { body, etag };
  }

  async stream(key: string) {
    try {
      const info = await stat(this.path(key));
      return { body: createReadStream(this.path(key)), size: info.size };
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async upload(
    key: string,
    path: string,
    _file: { bytes: number; sha256: string },
    condition?: WriteCondition,
  ): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const release = condition ? await this.lock(target) : undefined;
    try {
      if (condition) await this.check(key, condition);
      const temporary = `${target}.${randomUUID()}.tmp`;
      await copyFile(path, temporary);
      await rename(temporary, target);
    } finally {
      await release?.();
    }
  }

  async write(key: string, body: Uint8Array, condition?: WriteCondition): Promise<string> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const release = condition ? await this.lock(target) : undefined;
    try {
      if (condition) await this.check(key, condition);
      const temporary = `${target}.${randomUUID()}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, target);
      return etagOf(body);
    } finally {
      await release?.();
    }
  }

  async fingerprint(key: string): Promise<ObjectFingerprint | undefined> {
    try {
      const sha256 = await fileSha256(this.path(key));
      return { etag: `"${sha256}"`, sha256 };
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  /** Throws `PreconditionFailed` unless the object is as `condition` requires (called under its lock). */
  private async check(key: string, condition: WriteCondition): Promise<void> {
    const etag = (await this.fingerprint(key))?.etag;
    const holds = 'ifMatch' in condition ? etag === condition.ifMatch : etag === undefined;
    if (!holds) throw new PreconditionFailed(`${key} changed since it was read`);
  }

  private async lock(target: string): Promise<() => Promise<void>> {
    const lockFile = `${target}.lock`;
    for (let attempt = 0; ; attempt++) {
      try {
        const handle = await open(lockFile, 'wx');
        await handle.close();
        return () => rm(lockFile, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const age = Date.now() - (await stat(lockFile).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
        if (age > STALE_LOCK_MS) await rm(lockFile, { force: true });
        else if (attempt > 200) throw new PreconditionFailed(`${target} is locked by another writer`);
        else await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    let entries: string[];
    try {
      entries = await readdir(this.root, { recursive: true });
    } catch (error) {
      if (missing(error)) return [];
      throw error;
    }
    const found: StoredObject[] = [];
    for (const entry of entries) {
      const key = relative(this.root, join(this.root, entry)).split(sep).join('/');
      if (!key.startsWith(prefix) || key.endsWith('.tmp') || key.endsWith('.lock')) continue;
      const info = await stat(join(this.root, entry)).catch(() => undefined);
      if (info?.isFile()) found.push({ key, size: info.size });
    }
    return found;
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.path(key), { force: true })));
  }

  close(): void {}
}
