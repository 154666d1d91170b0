import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The configured cursor secret, or one generated once and kept under DATA_DIR/secrets. */
export function cursorSecret(configured: string | undefined, dataDir: string): Promise<string> {
  return keptSecret('cursor', configured, dataDir);
}

/** A configured secret, or one generated once and kept in DATA_DIR/secrets/<name>.key. */
export async function keptSecret(
  name: string,
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  if (configured) return configured;
  const file = join(dataDir, 'secrets', `${name}.key`);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  // `wx`: if another process created it meanwhile, theirs wins and we read it back.
  await writeFile(file, secret, { flag: 'wx', mode: 0o600 }).catch(() => undefined);
  return (await readFile(file, 'utf8')).trim();
}
