import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { issueKey } from '../access/issue.js';
import { parseKey, secretMatches } from '../access/key-format.js';
import type { KeyStore } from '../access/types.js';

/** The label of keys the service makes for its own pages. */
export const PAGE_KEY_LABEL = 'status page and map (made at start)';
/**
 * The plan of the key the service makes: the public one, with a monthly quota of its own
 * (PAGE_KEY_MONTHLY_QUOTA, every viewer sharing it) and its short-window limits per viewer.
 */
export const PAGE_KEY_TIER = 'free';

export interface PageKey {
  token: string;
  keyId: string;
  tier: string;
  origins: string[];
}

function sameOrigins(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((origin) => b.includes(origin));
}

/**
 * The key the map uses to read the API, as any client does. Kept in `file` (DATA_DIR/secrets): a key
 * found there that works is used as it is, so an operator may put a key of another plan or origins
 * there (`npm run keys -- create …`). The service's own key is made again when the service's origins
 * or the page key's monthly quota changed, or it predates per-client limits (the old one revoked),
 * or when the key in the file was revoked.
 */
export async function ensurePageKey(
  store: KeyStore,
  file: string,
  origins: readonly string[],
  now: Date,
  monthlyQuota: number,
): Promise<PageKey> {
  const saved = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => undefined,
  );
  const parts = saved ? parseKey(saved) : undefined;
  const stored = parts ? await store.findById(parts.id) : undefined;
  const works =
    saved && parts && stored && stored.revokedAt === null && secretMatches(parts.secret, stored.secretSha256);
  const current =
    works && sameOrigins(stored.origins, origins) && stored.monthlyQuota === monthlyQuota && stored.perClient;
  if (works && (stored.label !== PAGE_KEY_LABEL || current)) {
    return { token: saved, keyId: stored.id, tier: stored.tier, origins: stored.origins };
  }
  if (works) await store.revoke(stored.id, now);
  const { key, token } = await issueKey(
    store,
    { tier: PAGE_KEY_TIER, label: PAGE_KEY_LABEL, origins: [...origins], monthlyQuota, perClient: true },
    now,
  );
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return { token, keyId: key.id, tier: key.tier, origins: key.origins };
}

/**
 * The origins a browser reaches this service from: PUBLIC_BASE_URL's when it is set, else the
 * listening address, with its loopback alias (127.0.0.1 and localhost are two origins to a browser).
 */
export function serviceOrigins(publicBaseUrl: string | undefined, listening: string): string[] {
  if (publicBaseUrl) return [new URL(publicBaseUrl).origin];
  const url = new URL(listening);
  const origins = [url.origin];
  const alias =
    url.hostname === '127.0.0.1' ? 'localhost' : url.hostname === 'localhost' ? '127.0.0.1' : undefined;
  if (alias) origins.push(`${url.protocol}//${alias}${url.port ? `:${url.port}` : ''}`);
  return origins;
}
