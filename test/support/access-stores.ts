import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openAccessStore } from '../../api/access/open-store.js';
import type { AccessStore } from '../../api/access/types.js';
import { startTestPostgres, type TestPostgres } from './postgres.js';

/** The access stores every access test runs against: `describe.each(STORE_KINDS)`. */
export const STORE_KINDS = ['sqlite', 'postgres'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/** One store (a SQLite file, or a PostgreSQL database), empty when made. */
export interface StoreUnderTest {
  kind: StoreKind;
  /** A folder of the test's own (the store's DATA_DIR). */
  dir: string;
  /** The settings that reach this store: what a child process (the key CLI, a replica) is given. */
  env: Record<string, string>;
  /** A new connection to the store, as another process would open it. */
  open(): Promise<AccessStore>;
}

/**
 * Makes stores for a test file: SQLite files in folders of their own, and databases of one
 * PostgreSQL cluster started on first use and stopped (with every folder) after the file's tests.
 */
export function testAccessStores(): { fresh(kind: StoreKind): Promise<StoreUnderTest> } {
  let postgres: Promise<TestPostgres> | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    await (await postgres)?.stop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return {
    async fresh(kind) {
      const dir = await mkdtemp(join(tmpdir(), `eids-access-${kind}-`));
      dirs.push(dir);
      const env: Record<string, string> = { DATA_DIR: dir };
      if (kind === 'postgres') {
        postgres ??= startTestPostgres();
        env.DATABASE_URL = await (await postgres).newDatabase();
      }
      const open = async () =>
        (await openAccessStore({ DATA_DIR: dir, DATABASE_URL: env.DATABASE_URL, ACCESS_DB_FILE: undefined }))
          .store;
      return { kind, dir, env, open };
    },
  };
}
