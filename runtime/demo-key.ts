import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { secretMatches, parseKey } from '../api/access/key-format.js';
import { issueKey } from '../api/access/issue.js';
import { openAccessStore } from '../api/access/open-store.js';
import { dataLayout } from '../config/index.js';

/**
 * The demo's key: created once (a pro key, so history works) in the access store the API reads
 * (DATABASE_URL's when set) and kept in DATA_DIR/secrets, so the
 * same key works across demo runs and the README's curl examples can use it. Only the demo does this;
 * a real deployment issues keys with `npm run keys`.
 */
export async function ensureDemoKey(dataDir: string, databaseUrl?: string): Promise<string> {
  const layout = dataLayout(dataDir);
  const { store } = await openAccessStore({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  try {
    const saved = await readFile(layout.demoKeyFile, 'utf8').then(
      (text) => text.trim(),
      () => undefined,
    );
    const parts = saved ? parseKey(saved) : undefined;
    const stored = parts ? await store.findById(parts.id) : undefined;
    if (
      saved &&
      parts &&
      stored &&
      stored.revokedAt === null &&
      secretMatches(parts.secret, stored.secretSha256)
    ) {
      return saved;
    }
    const { token } = await issueKey(store, { tier: 'pro', label: 'demo' }, new Date());
    await mkdir(dirname(layout.demoKeyFile), { recursive: true, mode: 0o700 });
    await writeFile(layout.demoKeyFile, `${token}\n`, { mode: 0o600 });
    return token;
  } finally {
    await store.close();
  }
}
