import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgresCluster, type PostgresCluster } from '../../runtime/postgres-cluster.js';
import { findFreePort } from '../../runtime/ports.js';

/** A throwaway PostgreSQL cluster for one test file: a database per store a test asks for. */
export interface TestPostgres {
  cluster: PostgresCluster;
  /** A new, empty database's URL. */
  newDatabase(): Promise<string>;
  stop(): Promise<void>;
}

let databases = 0;

export async function startTestPostgres(): Promise<TestPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'eids-pg-'));
  // As root the cluster runs as the postgres system user, which must reach its folder inside this one.
  await chmod(dir, 0o755);
  const cluster = await startPostgresCluster(join(dir, 'cluster'), await findFreePort());
  // A pool of one, not a client: it connects again after a test stops and starts the server.
  const admin = new pg.Pool({ connectionString: cluster.url('postgres'), max: 1 });
  admin.on('error', () => undefined);
  return {
    cluster,
    newDatabase: async () => {
      const name = `access_${process.pid}_${++databases}`;
      await admin.query(`CREATE DATABASE ${name}`);
      return cluster.url(name);
    },
    stop: async () => {
      await admin.end();
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
