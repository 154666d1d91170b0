import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openSubscriptionStore } from '../../api/subscriptions/open-store.js';
import type { SubscriptionStore } from '../../subscriptions/types.js';
import { STORE_KINDS, type StoreKind } from './access-stores.js';
import { startTestPostgres, type TestPostgres } from './postgres.js';

export { STORE_KINDS };

/** One empty subscription store (a SQLite file, or a PostgreSQL database), opened as processes open it. */
export interface SubscriptionStoreUnderTest {
  /** The settings that reach it: what another process (an API replica, a worker) is given. */
  settings: { DATA_DIR: string; DATABASE_URL: string | undefined };
  open(): Promise<SubscriptionStore>;
}

/** Stores for a test file: a PostgreSQL cluster started on first use, every folder removed after. */
export function testSubscriptionStores(): { fresh(kind: StoreKind): Promise<SubscriptionStoreUnderTest> } {
  let postgres: Promise<TestPostgres> | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    await (await postgres)?.stop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return {
    async fresh(kind) {
      const dir = await mkdtemp(join(tmpdir(), `eids-subscriptions-${kind}-`));
      dirs.push(dir);
      let url: string | undefined;
      if (kind === 'postgres') {
        postgres ??= startTestPostgres();
        url = await (await postgres).newDatabase();
      }
      const settings = { DATA_DIR: dir, DATABASE_URL: url };
      return { settings, open: () => openSubscriptionStore(settings) };
    },
  };
}
