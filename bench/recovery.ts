/**
 * Recovery benchmark (not a test), two parts.
 *
 * (a) Restore at scale: a writer's warehouse and lake with --versions settled version rows and an
 * --archive of rows (bench/support/seeded-lake.ts), the live set committed through the real path, the
 * lake uploaded to a real S3 gateway; then the writer's disk is lost and `restoreWarehouse` rebuilds it
 * from the bucket. Prints the upload and restore times (by phase), a fingerprint of every rebuilt
 * table against the lost one's, and the outcome of the same next poll committed to both.
 *
 * (b) A standby taking over (unless --no-cluster): `npm run cluster -- --standby-writer` under its own
 * folder; the writer is frozen (SIGSTOP: its host gone, as the standby sees it) and the seconds until
 * the standby publishes are measured; then it is resumed and must step down; the lake's version chains
 * are checked for rows lost or doubled.
 *
 * (c) The SQLite key store at scale (bench/support/key-store-at-scale.ts): --keys keys and
 * --subscriptions subscriptions backed up while another process writes to it, then restored.
 *
 * Usage: npm run bench:recovery [-- --versions 10000000 --archive 4800000 --base-port 9500 --no-cluster
 *          --keys 100000 --subscriptions 100000 --only-keys]
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as delay } from 'node:timers/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { RECORD_COLUMN_LIST } from '../lake/incident-columns.js';
import { checkVersionChains } from '../lake/verify-chains.js';
import { S3LakeStorage } from '../lake/storage/s3-storage.js';
import { CLUSTER_BUCKET } from '../runtime/cluster.js';
import { createBucket, findVersitygw, freePort, startGateway } from '../runtime/versitygw.js';
import { LakeMirror, mirrorLake } from '../warehouse/lake-mirror.js';
import { finishPublication } from '../warehouse/publication.js';
import { publishNow } from '../warehouse/publisher.js';
import { restoreWarehouse } from '../warehouse/restore/index.js';
import { Warehouse, type CommitRequest } from '../warehouse/warehouse.js';
import { startClusterProcess, type ClusterProcess } from './support/cluster-process.js';
import { buildArchive, liveRecords, seedHistory } from './support/seeded-lake.js';
import { keyStoreAtScale } from './support/key-store-at-scale.js';

const { values } = parseArgs({
  options: {
    versions: { type: 'string', default: '10000000' },
    archive: { type: 'string', default: '4800000' },
    'base-port': { type: 'string', default: '9500' },
    'no-cluster': { type: 'boolean', default: false },
    keys: { type: 'string', default: '100000' },
    subscriptions: { type: 'string', default: '100000' },
    'only-keys': { type: 'boolean', default: false },
  },
});
const FEED = 'nsw-rfs-major-incidents';
const CREDENTIALS = { accessKeyId: 'eids-bench', secretAccessKey: 'eids-bench-secret-key' };
const RESTORE_GOAL_S = 600;
const TAKEOVER_GOAL_S = 60;
const say = (line: string) => console.log(`[bench:recovery] ${line}`);
const seconds = (from: number) => (performance.now() - from) / 1000;

/** What must be the same in a rebuilt warehouse, table by table: rows and a hash of their columns. */
const FINGERPRINTS: Record<string, string> = {
  incident_version: `SELECT count(*) AS n, bit_xor(hash(${RECORD_COLUMN_LIST}, version, valid_from, valid_to, feed_key)) AS h FROM incident_version`,
  incident_current: `SELECT count(*) AS n, bit_xor(hash(${RECORD_COLUMN_LIST}, version, valid_from, chain, feed_key, content_hash)) AS h FROM incident_current`,
  feed_listing: 'SELECT count(*) AS n, bit_xor(hash(feed_key, id)) AS h FROM feed_listing',
  publication: 'SELECT count(*) AS n, bit_xor(hash(generation, published_at)) AS h FROM publication',
};

async function fingerprints(db: DuckDBConnection): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, sql] of Object.entries(FINGERPRINTS)) {
    const row = (await db.runAndReadAll(sql)).getRowObjectsJson()[0]!;
    out[table] = `${Number(row.n).toLocaleString()} rows, ${JSON.stringify(row.h)}`;
  }
  return out;
}

function poll(n: number): CommitRequest {
  return {
    feedKey: FEED,
    pollId: `recovery-${n}`,
    rawSha256: 'a'.repeat(64),
    incoming: liveRecords(n),
    polledAt: new Date(Date.parse('2026-11-20T00:00:00Z') + n * 60_000).toISOString(),
  };
}

/** (a) Builds the lost writer, uploads its lake, restores a new one from the bucket, compares. */
async function restoreAtScale(root: string): Promise<boolean> {
  const versions = Number(values.versions);
  const lost = join(root, 'lost');
  const lakeDir = join(lost, 'lake');
  await mkdir(lakeDir, { recursive: true });
  let started = performance.now();
  await mkdir(join(root, 'archive-source'), { recursive: true });
  await buildArchive(join(root, 'archive-source'), Number(values.archive));
  const warehouse = await Warehouse.open(join(lost, 'warehouse', 'warehouse.duckdb'));
  await seedHistory(warehouse, lakeDir, versions, join(root, 'archive-source'));
  await warehouse.commit(poll(0));
  await publishNow(warehouse, lakeDir);
  say(
    `lake built: ${versions.toLocaleString()} versions, ${values.archive} archive rows in ${seconds(started).toFixed(0)} s`,
  );

  const binary = findVersitygw();
  if (!binary) throw new Error('versitygw is not installed: run npm run setup');
  const gateway = await startGateway({
    binary,
    root: join(root, 'bucket'),
    port: await freePort(),
    ...keys(),
  });
  try {
    await createBucket(gateway.endpoint, 'eids-recovery', CREDENTIALS);
    const storage = () =>
      new S3LakeStorage({
        bucket: 'eids-recovery',
        prefix: 'lake',
        endpoint: gateway.endpoint,
        credentials: CREDENTIALS,
      });
    started = performance.now();
    const stop = mirrorLake(new LakeMirror({ storage: storage(), writerId: 'lost-writer', lakeDir }));
    await finishPublication(warehouse.db, lakeDir);
    stop();
    say(`uploaded to the bucket in ${seconds(started).toFixed(1)} s`);

    const restoredFile = join(root, 'restored', 'warehouse', 'warehouse.duckdb');
    started = performance.now();
    const result = await restoreWarehouse({
      storage: storage(),
      warehouseFile: restoredFile,
      lakeDir: join(root, 'restored', 'lake'),
      download: true,
      log: (line) => say(`  ${line}`),
    });
    const restoreS = seconds(started);
    say(`restored generation ${result.generation} in ${restoreS.toFixed(1)} s (goal ≤ ${RESTORE_GOAL_S} s)`);
    return await compare(warehouse, restoredFile, restoreS);
  } finally {
    warehouse.close();
    await gateway.stop();
  }
}

function keys() {
  return { accessKey: CREDENTIALS.accessKeyId, secretKey: CREDENTIALS.secretAccessKey };
}

/** Fingerprints of both warehouses, then the same next poll committed to each. */
async function compare(lost: Warehouse, restoredFile: string, restoreS: number): Promise<boolean> {
  const restored = await Warehouse.open(restoredFile);
  try {
    const before = await fingerprints(lost.db);
    const after = await fingerprints(restored.db);
    let same = true;
    for (const table of Object.keys(FINGERPRINTS)) {
      const match = before[table] === after[table];
      same &&= match;
      say(
        `  ${table.padEnd(17)} lost: ${before[table]}  restored: ${after[table]}  ${match ? 'same' : 'DIFFERENT'}`,
      );
    }
    const next = [await lost.commit(poll(1)), await restored.commit(poll(1))];
    const outcomes = next.map(
      (o) => `${o.inserted} new, ${o.changed} changed, ${o.unchanged} unchanged, ${o.retracted} retracted`,
    );
    say(`  the next poll: lost writer ${outcomes[0]}; restored writer ${outcomes[1]}`);
    same &&= outcomes[0] === outcomes[1];
    return same && restoreS <= RESTORE_GOAL_S;
  } finally {
    restored.close();
  }
}

type LakeHead = { generation: number; writer?: string };

/** Both writers start at once and either may take the lease first: which one holds it. */
async function leaseHolder(root: string): Promise<{ holder: string; standby: string }> {
  const lease = JSON.parse(
    await readFile(join(root, 'bucket', CLUSTER_BUCKET, 'lake', 'writer-lease.json'), 'utf8'),
  ) as { writer: string };
  const names = ['writer', 'writer-2'];
  const ids = await Promise.all(
    names.map((name) =>
      readFile(join(root, name, 'warehouse', 'lake-writer-id'), 'utf8').then((id) => id.trim()),
    ),
  );
  const holder = names[ids.indexOf(lease.writer)] ?? 'writer';
  return { holder, standby: names.find((name) => name !== holder)! };
}

/** Seconds from `from` until another writer's generation is in the bucket (undefined: not in 3 minutes). */
async function publishedByAnother(head: () => Promise<LakeHead>, frozen: LakeHead, from: number) {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await delay(250)) {
    const now = await head().catch(() => frozen);
    if (now.writer !== frozen.writer && now.generation > frozen.generation) return (Date.now() - from) / 1000;
  }
  return undefined;
}

/** The lines in which `name` said it steps down, once it has (within a minute). */
async function stepDownLines(cluster: ClusterProcess, name: string): Promise<string[]> {
  const said = () =>
    cluster.lines.filter((l) => l.line.startsWith(`[${name}]`) && l.line.includes('steps down'));
  for (const deadline = Date.now() + 60_000; said().length === 0 && Date.now() < deadline;) await delay(500);
  return said().map((l) => l.line);
}

/** (b) The cluster with a standby: freeze the lease holder, time the takeover, resume, check the chains. */
async function takeover(root: string): Promise<boolean> {
  const cluster = await startClusterProcess(root, ['--base-port', values['base-port'], '--standby-writer']);
  const manifestFile = join(root, 'bucket', CLUSTER_BUCKET, 'lake', 'manifest.json');
  const head = async () => JSON.parse(await readFile(manifestFile, 'utf8')) as LakeHead;
  try {
    for (
      const deadline = Date.now() + 180_000;
      (await head().catch(() => ({ generation: 0 }))).generation < 5;
    ) {
      if (Date.now() > deadline) throw new Error('no lake generation 5 within 3 minutes');
      await delay(1_000);
    }
    await delay(15_000); // steady polling
    const { holder, standby } = await leaseHolder(root);
    const pid = cluster.pidOf(holder);
    say(`${holder} holds the lake, ${standby} stands by; freezing ${holder}`);
    const frozen = await head();
    const from = Date.now();
    process.kill(pid, 'SIGSTOP');
    const took = await publishedByAnother(head, frozen, from);
    process.kill(pid, 'SIGCONT');
    const outcome =
      took === undefined ? 'nothing within 3 minutes' : `${took.toFixed(1)} s after ${holder} froze`;
    say(`${standby} published ${outcome} (goal ≤ ${TAKEOVER_GOAL_S} s)`);
    const steppedDown = await stepDownLines(cluster, holder);
    say(
      `the resumed ${holder}: ${steppedDown.length === 1 ? 'stepped down in one line' : `${steppedDown.length} step-down lines`}`,
    );
    await delay(10_000);
    const chains = await checkVersionChains(join(root, standby, 'lake'));
    say(
      `version chains at generation ${chains.generation}: ${chains.versions} settled rows, ${chains.lost} lost, ${chains.doubled} doubled`,
    );
    const tookInTime = took !== undefined && took <= TAKEOVER_GOAL_S;
    return tookInTime && steppedDown.length === 1 && chains.lost + chains.doubled === 0;
  } finally {
    await cluster.stop();
  }
}

const root = await mkdtemp(join(tmpdir(), 'eids-recovery-'));
// The cluster's folder is a temporary folder of its own: its PostgreSQL runs as another user, which
// must be able to reach it (mkdtemp makes folders only their owner can enter).
const clusterRoot = await mkdtemp(join(tmpdir(), 'eids-recovery-cluster-'));
try {
  const keysOk = await keyStoreAtScale(
    root,
    { keys: Number(values.keys), subscriptions: Number(values.subscriptions) },
    say,
  );
  const onlyKeys = values['only-keys'];
  const restoreOk = onlyKeys || (await restoreAtScale(root));
  const takeoverOk = onlyKeys || values['no-cluster'] || (await takeover(clusterRoot));
  const ran = (run: boolean, ok: boolean) => (run ? (ok ? 'met' : 'NOT met') : 'not run');
  say(
    `goals: key store ${keysOk ? 'restored whole' : 'NOT restored whole'}; restore ${ran(!onlyKeys, restoreOk)}; takeover ${ran(!onlyKeys && !values['no-cluster'], takeoverOk)}`,
  );
} finally {
  await rm(root, { recursive: true, force: true });
  await rm(clusterRoot, { recursive: true, force: true });
}
