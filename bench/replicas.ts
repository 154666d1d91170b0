/**
 * Replica benchmark (not a test): API replicas serving a lake in a bucket, against the goals.
 * A writer (this process) publishes to a versitygw bucket; three replica processes serve it, each
 * with its own cache folder.
 *
 *   (a) publish → every replica serving the generation, under load: p50 / p95 / max (goal p95 ≤ 5 s)
 *   (b) one replica SIGKILLed under load: requests that retry on another replica (goal: all succeed)
 *   (c) a new replica cold-starting from the bucket over the seeded history and archive: time to
 *       ready and to the first answer, bytes fetched; then a first history query and its bytes
 *   (d) throughput of /v1/incidents on one replica against a single API over the local folder
 *       (goal: within ±15 %)
 *
 * Usage: npm run bench:replicas [-- --versions 10000000 --archive 4800000 --publishes 20 --seconds 10]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { S3LakeStorage } from '../lake/storage/s3-storage.js';
import { createBucket, findVersitygw, freePort, startGateway } from '../runtime/versitygw.js';
import { LakeMirror, mirrorLake } from '../warehouse/lake-mirror.js';
import { publishFiles } from '../warehouse/publication.js';
import { publishNow } from '../warehouse/publisher.js';
import { Warehouse } from '../warehouse/warehouse.js';
import { makeLiveRecords } from './support/live-records.js';
import { seedHistory } from './support/seeded-history.js';

const { values } = parseArgs({
  options: {
    versions: { type: 'string', default: '10000000' },
    archive: { type: 'string', default: '4800000' },
    publishes: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
  },
});
const CHILD = fileURLToPath(new URL('./support/replica-child.ts', import.meta.url));
const CREDENTIALS = { accessKeyId: 'eids-bench', secretAccessKey: 'eids-bench-secret-key' };
const BUCKET = 'eids-bench';
const LIVE = 1_000;

interface ApiProcess {
  child: ChildProcess;
  url: string;
  token: string;
}

const ms = (value: number) => `${Math.round(value)} ms`;
const mib = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function startApi(args: string[]): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => {
      const { url, token } = JSON.parse(line) as { url: string; token: string };
      resolve({ child, url, token });
    });
    child.once('exit', (code) => reject(new Error(`API process exited (${code})`)));
  });
}

async function generation(api: ApiProcess): Promise<number> {
  const response = await fetch(`${api.url}/readyz`).catch(() => undefined);
  if (!response?.ok) return 0;
  return ((await response.json()) as { generation: number }).generation;
}

async function lakeCache(api: ApiProcess): Promise<{ bytes: number; files: number }> {
  const status = (await (await fetch(`${api.url}/v1/status`)).json()) as {
    lake: { cache: { bytes: number; files: number } | null };
  };
  return status.lake.cache ?? { bytes: 0, files: 0 };
}

function load(apis: ApiProcess[], seconds: number, connections = 4) {
  return Promise.all(
    apis.map((api) =>
      autocannon({
        url: `${api.url}/v1/incidents?limit=100`,
        connections,
        duration: seconds,
        headers: { authorization: `Bearer ${api.token}` },
      }),
    ),
  );
}

const binary = findVersitygw();
if (!binary) throw new Error('versitygw is not installed: run `npm run setup`');
const dir = await mkdtemp(join(tmpdir(), 'eids-bench-replicas-'));
const gateway = await startGateway({
  binary,
  root: join(dir, 'bucket'),
  port: await freePort(),
  accessKey: CREDENTIALS.accessKeyId,
  secretKey: CREDENTIALS.secretAccessKey,
});
await createBucket(gateway.endpoint, BUCKET, CREDENTIALS);
const storage = new S3LakeStorage({
  bucket: BUCKET,
  prefix: 'lake',
  endpoint: gateway.endpoint,
  credentials: CREDENTIALS,
});
const lakeDir = join(dir, 'writer', 'lake');
await mkdir(lakeDir, { recursive: true });
const undo = mirrorLake(new LakeMirror({ storage, lakeDir, writerId: 'bench' }));
const warehouse = await Warehouse.open(join(dir, 'writer', 'warehouse.duckdb'));
const apis: ApiProcess[] = [];
try {
  const versions = Number(values.versions);
  const archive = Number(values.archive);
  console.log(
    `seeding ${versions.toLocaleString()} version rows and ${archive.toLocaleString()} archive rows …`,
  );
  let started = performance.now();
  await warehouse.exclusive(async () => {
    const added = await seedHistory(warehouse.db, lakeDir, { versions, archive });
    await publishFiles(warehouse.db, lakeDir, { added, replaced: () => false, now: new Date() });
  });
  const bucketBytes = (await storage.list('')).reduce((sum, object) => sum + object.size, 0);
  console.log(
    `seeded and uploaded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${mib(bucketBytes)} in the bucket`,
  );
  let poll = 0;
  const commitAndPublish = async () => {
    poll++;
    await warehouse.commit({
      feedKey: 'nsw-rfs-major-incidents',
      pollId: `bench-${poll}`,
      rawSha256: 'a'.repeat(64),
      incoming: makeLiveRecords(LIVE, poll),
      polledAt: new Date(Date.parse('2026-11-20T00:00:00Z') + poll * 60_000).toISOString(),
      guarded: false,
    });
    return publishNow(warehouse, lakeDir);
  };
  await commitAndPublish();

  const bucketArgs = (name: string) => [
    'bucket',
    join(dir, name),
    join(dir, 'shared'),
    gateway.endpoint,
    BUCKET,
    CREDENTIALS.accessKeyId,
    CREDENTIALS.secretAccessKey,
  ];
  await mkdir(join(dir, 'shared'), { recursive: true });
  for (const name of ['replica-1', 'replica-2', 'replica-3']) apis.push(await startApi(bucketArgs(name)));

  // (a) Publish → served by all three, with load on them.
  const publishes = Number(values.publishes);
  const loadSeconds = Math.max(5, Math.ceil(publishes * 1.5));
  const loading = load(apis, loadSeconds, 2);
  const delays: number[] = [];
  for (let i = 0; i < publishes; i++) {
    const before = performance.now();
    const manifest = await commitAndPublish();
    for (;;) {
      const seen = await Promise.all(apis.map(generation));
      if (seen.every((g) => g >= manifest.generation)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    delays.push(performance.now() - before);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const underLoad = await loading;
  delays.sort((a, b) => a - b);
  console.log(
    `(a) publish → all 3 replicas serving it, ${publishes} publishes under load (${underLoad.map((r) => Math.round(r.requests.average)).join(' / ')} req/s): p50 ${ms(percentile(delays, 50))}, p95 ${ms(percentile(delays, 95))}, max ${ms(delays.at(-1) ?? NaN)} (goal p95 ≤ 5000 ms)`,
  );

  // (b) One replica SIGKILLed: each request that fails is tried on the next replica.
  let ok = 0;
  let retried = 0;
  let failed = 0;
  const until = performance.now() + 5_000;
  const killAt = performance.now() + 1_500;
  let killed = false;
  const client = async (offset: number) => {
    for (let n = offset; performance.now() < until; n++) {
      if (!killed && performance.now() > killAt) {
        killed = true;
        apis[1]!.child.kill('SIGKILL');
      }
      let answered = false;
      for (let attempt = 0; attempt < apis.length && !answered; attempt++) {
        const api = apis[(n + attempt) % apis.length]!;
        const response = await fetch(`${api.url}/v1/incidents?limit=10`, {
          headers: { authorization: `Bearer ${api.token}` },
          signal: AbortSignal.timeout(2_000),
        }).catch(() => undefined);
        if (response?.ok) {
          await response.arrayBuffer();
          answered = true;
          if (attempt > 0) retried++;
        }
      }
      if (answered) ok++;
      else failed++;
    }
  };
  await Promise.all([0, 1, 2, 3].map(client));
  console.log(
    `(b) replica-2 SIGKILLed under load: ${ok} answered (${retried} after a retry on another replica), ${failed} failed (goal 0)`,
  );
  apis.splice(1, 1);

  // (c) A cold replica over the whole lake.
  started = performance.now();
  const cold = await startApi(bucketArgs('replica-cold'));
  apis.push(cold);
  const spawned = performance.now() - started;
  while ((await generation(cold)) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  const ready = performance.now() - started;
  const first = await fetch(`${cold.url}/v1/incidents?limit=100`, {
    headers: { authorization: `Bearer ${cold.token}` },
  });
  await first.arrayBuffer();
  const answered = performance.now() - started;
  const atFirst = await lakeCache(cold);
  const historyStart = performance.now();
  const history = await fetch(
    `${cold.url}/v1/incidents/history?after=2026-06-01T00:00:00Z&before=2026-06-08T00:00:00Z&state=nsw&limit=100`,
    { headers: { authorization: `Bearer ${cold.token}` } },
  );
  await history.arrayBuffer();
  const historyMs = performance.now() - historyStart;
  const afterHistory = await lakeCache(cold);
  const snapshotStart = performance.now();
  const snapshot = await fetch(
    `${cold.url}/v1/incidents/snapshot?datetime=1974-01-26T00:00:00Z&state=qld&limit=100`,
    {
      headers: { authorization: `Bearer ${cold.token}` },
    },
  );
  await snapshot.arrayBuffer();
  const snapshotMs = performance.now() - snapshotStart;
  const afterSnapshot = await lakeCache(cold);
  console.log(
    `(c) cold replica over ${mib(bucketBytes)} (${versions.toLocaleString()} versions + ${archive.toLocaleString()} archive rows): process up ${ms(spawned)}, ready ${ms(ready)} (${ms(ready - spawned)} after it listened), first /v1/incidents ${ms(answered)} with ${mib(atFirst.bytes)} fetched (${atFirst.files} files); first history week (${history.status}) ${ms(historyMs)}, +${mib(afterHistory.bytes - atFirst.bytes)}; first archive snapshot (${snapshot.status}) ${ms(snapshotMs)}, +${mib(afterSnapshot.bytes - afterHistory.bytes)}`,
  );

  // (d) One replica against one API over the local folder, alone, one after the other.
  const seconds = Number(values.seconds);
  const folder = await startApi(['folder', lakeDir, join(dir, 'shared')]);
  apis.push(folder);
  // Alternated, twice each, so that the machine's other load and warm-up fall on both alike.
  await load([folder], 2, 10);
  const runs: { replica: number[]; folder: number[] } = { replica: [], folder: [] };
  for (let round = 0; round < 2; round++) {
    for (const [name, api] of [
      ['replica', apis[0]!],
      ['folder', folder],
    ] as const) {
      const [run] = await load([api], seconds / 2, 10);
      runs[name].push(run!.requests.average);
    }
  }
  const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
  const ratio = mean(runs.replica) / mean(runs.folder);
  console.log(
    `(d) /v1/incidents?limit=100, 10 connections, ${seconds} s each (alternated): replica ${Math.round(mean(runs.replica))} req/s (${runs.replica.map(Math.round).join(', ')}), local folder ${Math.round(mean(runs.folder))} req/s (${runs.folder.map(Math.round).join(', ')}): ratio ${ratio.toFixed(2)} (goal 0.85–1.15)`,
  );
} finally {
  for (const api of apis) api.child.kill('SIGTERM');
  undo();
  warehouse.close();
  storage.close();
  await gateway.stop();
  await rm(dir, { recursive: true, force: true });
}
