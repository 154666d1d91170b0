import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** A file's SHA-256 (hex), read as a stream: what the lake's manifest and uploads check bytes against. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
