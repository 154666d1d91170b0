import { issueKey, type KeyRequest } from '../../api/access/issue.js';
import { SqliteAccessStore } from '../../api/access/sqlite-store.js';
import type { Tier } from '../../config/index.js';

/**
 * A key store for tests (in memory unless a file is given) and a way to get a working key for a
 * plan, so tests call the API as customers do: with `Authorization: Bearer <key>`.
 */
export interface TestAccess {
  store: SqliteAccessStore;
  /** A new key; its `token` goes in the Authorization header. */
  issue(tier: Tier, options?: Omit<KeyRequest, 'tier'>): Promise<{ id: string; token: string }>;
  close(): void;
}

export function testAccess(file = ':memory:'): TestAccess {
  const store = SqliteAccessStore.open(file);
  return {
    store,
    async issue(tier, options = {}) {
      const { key, token } = await issueKey(store, { tier, ...options }, new Date());
      return { id: key.id, token };
    },
    close: () => store.close(),
  };
}

export function bearer(token: string, headers: Record<string, string> = {}): Record<string, string> {
  return { ...headers, authorization: `Bearer ${token}` };
}
