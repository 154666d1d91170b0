import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

export interface StaticFile {
  body: Buffer;
  etag: string;
  lastModified: string;
}

/**
 * A file another process replaces atomically (rename), read again only when its modification time or
 * size changes. The ETag names the content, so replicas serving the same file agree on it.
 */
export class StaticFileCache {
  private cached: (StaticFile & { key: string }) | undefined;

  constructor(private readonly path: string) {}

  /** The current file, or undefined while it has not been written yet. */
  async read(): Promise<StaticFile | undefined> {
    const info = await stat(this.path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!info) return undefined;
    const key = `${info.mtimeMs} ${info.size}`;
    if (this.cached?.key !== key) {
      const body = await readFile(this.path);
      this.cached = {
        key,
        body,
        etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
        lastModified: info.mtime.toUTCString(),
      };
    }
    return this.cached;
  }
}
