import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { dataLayout } from '../config/index.js';
import { localFiles, type SharedFiles } from './shared-files.js';

/** A stored upstream body: only this reference travels through workflow history. */
export interface RawRef {
  /** Relative to DATA_DIR. */
  path: string;
  sha256: string;
  bytes: number;
}

const EXTENSIONS: [RegExp, string][] = [
  [/json/i, 'json'],
  [/xml|rss|atom|cap/i, 'xml'],
  [/html/i, 'html'],
];

function extensionFor(contentType: string | null, url: string): string {
  for (const [pattern, ext] of EXTENSIONS) if (contentType && pattern.test(contentType)) return ext;
  const fromUrl = /\.([a-z0-9]{1,5})(?:$|\?)/i.exec(url)?.[1];
  return fromUrl?.toLowerCase() ?? 'bin';
}

/** Keeps bodies by content hash, so identical bodies are stored once and re-parsing later is possible. */
export class RawStore {
  constructor(
    private readonly dataDir: string,
    /** How other processes read a body this one kept (INGEST_STORE_URL). */
    private readonly shared: SharedFiles = localFiles(dataDir),
  ) {}

  async put(
    feedKey: string,
    body: Uint8Array,
    at: Date,
    contentType: string | null,
    url: string,
  ): Promise<RawRef> {
    const sha256 = createHash('sha256').update(body).digest('hex');
    const day = at.toISOString().slice(0, 10);
    const path = dataLayout(this.dataDir).rawRef(feedKey, day, sha256, extensionFor(contentType, url));
    const absolute = join(this.dataDir, path);
    const exists = await stat(absolute).then(
      () => true,
      () => false,
    );
    if (!exists) {
      await mkdir(dirname(absolute), { recursive: true });
      const temporary = `${absolute}.${process.pid}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, absolute);
      await this.shared.publish(path);
    }
    return { path, sha256, bytes: body.byteLength };
  }

  async get(ref: RawRef): Promise<Uint8Array> {
    await this.shared.fetch(ref.path);
    return readFile(join(this.dataDir, ref.path));
  }
}
