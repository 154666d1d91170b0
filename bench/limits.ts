/**
 * Short-window limits under load (not a test): API replicas as processes of their own on one access
 * store (a throwaway PostgreSQL cluster, or a SQLite file), one key driven by autocannon on every
 * replica at once. Prints, per plan, what the replicas let through per second against the plan's
 * limits (the bound the windows the run touched allow), the 429s, and the store statements the
 * replicas made per request let through.
 * Usage: npm run bench:limits [-- --tiers free,developer,pro --seconds 10 --replicas 3 --connections 30
 *          --store postgres|sqlite]
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { issueKey } from '../api/access/issue.js';
import { openAccessStore } from '../api/access/open-store.js';
import { childEnvironment, TIER_RATE_LIMITS, TIERS, type Tier } from '../config/index.js';
import { startPostgresCluster, type PostgresCluster } from '../runtime/postgres-cluster.js';
import { findFreePort } from '../runtime/ports.js';

const { values } = parseArgs({
  options: {
    tiers: { type: 'string', default: 'free,developer,pro' },
    seconds: { type: 'string', default: '10' },
    replicas: { type: 'string', default: '3' },
    connections: { type: 'string', default: '30' },
    store: { type: 'string', default: 'postgres' },
  },
});
const tiers = values.tiers.split(',').map((tier) => tier.trim()) as Tier[];
for (const tier of tiers) if (!TIERS.includes(tier)) throw new Error(`unknown plan ${tier}`);
const seconds = Number(values.seconds);
const replicaCount = Number(values.replicas);
const connections = Number(values.connections);

const dir = await mkdtemp(join(tmpdir(), 'eids-bench-limits-'));
let cluster: PostgresCluster | undefined;
const env: Record<string, string> = {
  DATA_DIR: dir,
  MONTHLY_QUOTAS: tiers.map((t) => `${t}=1000000000`).join(','),
};
if (values.store === 'postgres') {
  // As root, PostgreSQL runs as the postgres system user, which must reach its folder.
  await chmod(dir, 0o755);
  cluster = await startPostgresCluster(join(dir, 'postgres'), await findFreePort());
  await cluster.sql('CREATE DATABASE access');
  env.DATABASE_URL = cluster.url('access');
}

const children: ChildProcess[] = [];
function startReplica(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(join(import.meta.dirname, 'support', 'limits-replica.ts'), [], {
    env: childEnvironment({}, env),
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`a replica exited with ${code} before it listened`)));
    child.on('message', (message: { url?: string }) => {
      if (message.url) resolve({ child, url: message.url });
    });
  });
}

function statementsOf(child: ChildProcess): Promise<{ quota: number; windows: number }> {
  return new Promise((resolve) => {
    const onMessage = (message: { statements?: { quota: number; windows: number } }) => {
      if (!message.statements) return;
      child.off('message', onMessage);
      resolve(message.statements);
    };
    child.on('message', onMessage);
    child.send('stats');
  });
}

try {
  const { store } = await openAccessStore({
    DATA_DIR: dir,
    DATABASE_URL: env.DATABASE_URL,
    ACCESS_DB_FILE: undefined,
  });
  const replicas = await Promise.all(Array.from({ length: replicaCount }, () => startReplica()));
  console.log(
    `bench:limits: ${replicaCount} replicas on ${values.store}, ${connections} connections each, ${seconds} s per plan`,
  );
  console.log(
    'plan        limits          allowed   per second   bound   of bound   429s/s     statements/allowed',
  );
  for (const tier of tiers) {
    const { token } = await issueKey(store, { tier }, new Date());
    const before = await Promise.all(replicas.map((replica) => statementsOf(replica.child)));
    const started = Date.now();
    const results = await Promise.all(
      replicas.map((replica) =>
        autocannon({
          url: `${replica.url}/v1/states`,
          connections,
          duration: seconds,
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    const ended = Date.now();
    const after = await Promise.all(replicas.map((replica) => statementsOf(replica.child)));
    const allowed = results.reduce((sum, result) => sum + result['2xx'], 0);
    const refused = results.reduce((sum, result) => sum + result.non2xx, 0);
    const limits = TIER_RATE_LIMITS[tier];
    // Every clock second and minute the run touched may let its limit through.
    const secondsTouched = Math.floor(ended / 1000) - Math.floor(started / 1000) + 1;
    const minutesTouched = Math.floor(ended / 60_000) - Math.floor(started / 60_000) + 1;
    const bound = Math.min(limits.perSecond * secondsTouched, limits.perMinute * minutesTouched);
    const statements = after.reduce(
      (sum, count, i) => sum + count.quota - before[i]!.quota + count.windows - before[i]!.windows,
      0,
    );
    const elapsed = (ended - started) / 1000;
    console.log(
      [
        tier.padEnd(10),
        `${limits.perSecond}/s ${limits.perMinute}/min`.padEnd(15),
        String(allowed).padStart(7),
        (allowed / elapsed).toFixed(1).padStart(12),
        String(bound).padStart(7),
        `${((100 * allowed) / bound).toFixed(1)} %`.padStart(10),
        (refused / elapsed).toFixed(0).padStart(7),
        (statements / Math.max(1, allowed)).toFixed(2).padStart(22),
      ].join(' '),
    );
    if (allowed > bound)
      console.log(`  ${tier}: ${allowed} let through, more than the ${bound} its windows allow`);
    // The next plan starts in a fresh second.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await store.close();
} finally {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await cluster?.stop();
  await rm(dir, { recursive: true, force: true });
}
