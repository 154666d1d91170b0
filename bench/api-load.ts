/**
 * Load benchmark of the API on loopback (not a test). The API runs as the service runs it (the `api`
 * process, runtime/child-main.ts, with its request log) over a data folder built through the
 * warehouse: generated NSW incidents, made-up gauges and the declarations. Each request of the table
 * is driven by autocannon at 64 connections, identity and gzip, next to two ceilings served by a
 * bare Hono process of its own in the same run: the same bytes the API sent, and a tiny JSON answer.
 * Then the request log's cost: /v1/schema and the list hit again with the log off (LOG_LEVEL=warn);
 * and the metrics' cost: the list hit and a keyed limit=1 with METRICS_PORT set and unset.
 * Usage: npm run bench:api [-- --seconds 10 --connections 64 --incidents 5000 --gauges 400
 *          --only list,schema --profile --status --no-log-check --no-metrics-check]
 * --profile: the API process's CPU profile, its top frames; --status: /v1/status too, with feed
 * health read from a Temporal dev server of its own (goal p99 ≤ 50 ms).
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, copyFileSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { childEnvironment, dataLayout, loadSettings } from '../config/index.js';
import { requireTemporalCli } from '../runtime/temporal-cli.js';
import { startTemporalDevServer } from '../runtime/temporal-dev-server.js';
import { PROJECT_ROOT } from '../runtime/paths.js';
import { findFreePort } from '../runtime/ports.js';
import { buildBenchData } from './support/api-bench-data.js';
import type { BareRoute } from './support/bare-routes.js';
import { printTopFrames } from './support/cpu-profile-top.js';
import { metricsCostInProcess } from './support/metrics-cost-in-process.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    incidents: { type: 'string', default: '5000' },
    gauges: { type: 'string', default: '400' },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    'no-log-check': { type: 'boolean', default: false },
    'no-metrics-check': { type: 'boolean', default: false },
    status: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

interface Row {
  name: string;
  path: string;
  /** The goal's ratio and ceiling, from the issue's table. */
  goal?: { ratio?: number; against: 'same bytes' | 'tiny JSON'; p99Ms?: number };
  /** Every request a new query (nothing answered from a cache): n → path. */
  vary?: (n: number) => string;
}

const ROWS: Row[] = [
  {
    name: 'list',
    path: '/v1/incidents?limit=100',
    goal: { ratio: 0.5, against: 'same bytes', p99Ms: 50 },
  },
  {
    name: 'nearby',
    path: '/v1/incidents/nearby?lat=-33.87&lng=151.21&radius=200&limit=100',
    goal: { ratio: 0.3, against: 'tiny JSON' },
  },
  {
    name: 'nearby-uncached',
    path: '/v1/incidents/nearby?lat=-33.87&lng=151.21&radius=200&limit=100',
    vary: (n) =>
      `/v1/incidents/nearby?lat=${(-33.87 + (n % 10_000) / 1e6).toFixed(6)}&lng=151.21&radius=200&limit=100`,
  },
  { name: 'schema', path: '/v1/schema', goal: { ratio: 0.6, against: 'tiny JSON' } },
  { name: 'incidents-1', path: '/v1/incidents?limit=1', goal: { ratio: 0.4, against: 'tiny JSON' } },
  {
    name: 'postcode',
    path: '/v1/declarations/postcode/2480',
    goal: { ratio: 0.25, against: 'tiny JSON' },
  },
  { name: 'gauges', path: '/v1/gauges?limit=50', goal: { ratio: 0.25, against: 'tiny JSON' } },
];
if (values.status) {
  ROWS.push({ name: 'status', path: '/v1/status', goal: { against: 'tiny JSON', p99Ms: 50 } });
}
const only = values.only?.split(',');
const rows = only ? ROWS.filter((row) => only.includes(row.name)) : ROWS;

const dir = await mkdtemp(join(tmpdir(), 'eids-bench-api-'));
const children: ChildProcess[] = [];
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('exit', stopAll);

const started = performance.now();
const data = await buildBenchData(join(dir, 'data'), {
  incidents: Number(values.incidents),
  gauges: Number(values.gauges),
});
console.log(
  `data folder: ${data.incidents} NSW incidents, ${data.gauges} gauges, declarations from ${data.declarationInputs} (built in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
);

// With --status, a Temporal dev server for the API's feed health (its board reads every poller).
const temporal = values.status
  ? await startTemporalDevServer({
      cliPath: requireTemporalCli(loadSettings(), PROJECT_ROOT),
      port: await findFreePort(),
      uiPort: await findFreePort(),
      dbFile: join(dir, 'temporal', 'temporal.db'),
      namespace: 'default',
    })
  : undefined;

/** Forks a process that tells its parent its address, and waits for that. */
function forkReady(
  modulePath: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; execArgv?: string[]; logFile?: string },
): Promise<{ child: ChildProcess; url: string }> {
  const log = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
  const child = fork(modulePath, args, {
    env: options.env ?? childEnvironment({}),
    execArgv: options.execArgv ?? process.execArgv,
    stdio: ['ignore', log, 'inherit', 'ipc'],
  });
  if (typeof log === 'number') closeSync(log);
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${modulePath} exited with ${code} before it was ready`)));
    child.on('message', (message: { url?: string }) => {
      if (message.url) resolve({ child, url: message.url });
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

/** The API process as the service runs it, over the bench's data folder. */
async function startApi(logLevel: string, profileDir?: string, extra: Record<string, string> = {}) {
  const env = childEnvironment(data.env, {
    ...extra,
    DATA_DIR: join(dir, 'data'),
    HOST: '127.0.0.1',
    PORT: '0',
    // Feed health from a dev server of the bench's own with --status, else from a Temporal that is
    // not there (the API answers without it).
    TEMPORAL_ADDRESS: temporal?.address ?? `127.0.0.1:${await findFreePort()}`,
    MONTHLY_QUOTAS: 'enterprise=1000000000000',
    // The short windows are counted as for any key, but never refuse: the figure is the request path's.
    RATE_LIMITS: 'enterprise=1000000000/1000000000000',
    LOG_LEVEL: logLevel,
    LOG_FORMAT: 'text',
  });
  const logFile = join(dir, `api-${logLevel}.log`);
  const { child, url } = await forkReady(join(PROJECT_ROOT, 'runtime', 'child-main.ts'), ['api'], {
    env,
    execArgv: [...process.execArgv, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
    logFile,
  });
  return { child, url, logFile };
}

const authorization = `Bearer ${data.token}`;

/** One request's status, headers and raw bytes (not decompressed). */
function fetchRaw(
  url: string,
  gzip: boolean,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { headers: { authorization, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const name of ['content-type', 'content-encoding']) {
            const value = response.headers[name];
            if (typeof value === 'string') headers[name] = value;
          }
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time of the serving process per request, in µs: what a request costs, whoever else runs. */
  cpuUs: number;
}

/** User + system CPU time of a process so far, in µs (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuTimeUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function load(
  url: string,
  gzip: boolean,
  pid: number,
  vary?: (n: number) => string,
  duration = seconds,
  clients = connections,
) {
  let n = 0;
  const cpuBefore = cpuTimeUs(pid);
  const result = await autocannon({
    url,
    connections: clients,
    duration,
    pipelining: 1,
    headers: { authorization, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) },
    ...(vary ? { requests: [{ setupRequest: (request) => ({ ...request, path: vary(n++) }) }] } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cpuUs: (cpuTimeUs(pid) - cpuBefore) / Math.max(1, result.requests.total),
  } satisfies Figures;
}

async function measure(
  url: string,
  gzip: boolean,
  pid: number,
  vary?: (n: number) => string,
): Promise<Figures> {
  await load(url, gzip, pid, vary, 1); // warm-up: JIT and caches, not counted
  return load(url, gzip, pid, vary);
}

const profileDir = values.profile ? join(dir, 'profile') : undefined;
const api = await startApi('info', profileDir);

// What the API sends for each request, so the bare process can send the same bytes.
const bareRoutes: BareRoute[] = [];
const sizes = new Map<string, number>();
for (const row of rows) {
  for (const gzip of [false, true]) {
    const answer = await fetchRaw(`${api.url}${row.path}`, gzip);
    if (answer.status !== 200) {
      throw new Error(`${row.path} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
    }
    const name = `${row.name}-${gzip ? 'gzip' : 'identity'}`;
    sizes.set(name, answer.body.byteLength);
    bareRoutes.push({ name, base64: answer.body.toString('base64'), headers: answer.headers });
  }
}
const routesFile = join(dir, 'bare-routes.json');
await writeFile(routesFile, JSON.stringify(bareRoutes));
const bare = await forkReady(join(import.meta.dirname, 'support', 'bare-routes.ts'), [routesFile], {});

const cores = cpus().length;
console.log(
  `${connections} connections, ${seconds} s a measurement after 1 s of warm-up; load average before: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} (${cores} cores)`,
);

const barePid = bare.child.pid!;
const apiPid = api.child.pid!;
const tinyBefore = await measure(`${bare.url}/tiny`, false, barePid);
interface Result {
  row: Row;
  gzip: boolean;
  api: Figures;
  bytes: Figures;
  size: number;
}
const results: Result[] = [];
for (const row of rows) {
  for (const gzip of [false, true]) {
    const name = `${row.name}-${gzip ? 'gzip' : 'identity'}`;
    const apiFigures = await measure(`${api.url}${row.path}`, gzip, apiPid, row.vary);
    const bytesFigures = await measure(`${bare.url}/bytes/${name}`, gzip, barePid);
    results.push({ row, gzip, api: apiFigures, bytes: bytesFigures, size: sizes.get(name) ?? 0 });
  }
}
const tinyAfter = await measure(`${bare.url}/tiny`, false, barePid);
const tinyRps = (tinyBefore.rps + tinyAfter.rps) / 2;

const fmt = (value: number, digits = 0) => value.toFixed(digits);
const tinyCpuUs = (tinyBefore.cpuUs + tinyAfter.cpuUs) / 2;
const columns: [string, number][] = [
  ['request', 66],
  ['enc', 8],
  ['bytes', 7],
  ['req/s', 7],
  ['p50', 4],
  ['p99', 4],
  ['err', 4],
  ['cpu µs', 7],
  ['same bytes', 10],
  ['p99', 4],
  ['cpu µs', 7],
  ['ratio', 6],
  ['vs tiny', 7],
  ['cpu ratio', 9],
  ['vs tiny', 7],
];
const cells = (values: string[]) =>
  values.map((value, i) => (i < 2 ? value.padEnd(columns[i]![1]) : value.padStart(columns[i]![1]))).join(' ');
console.log(`\n${cells(columns.map(([title]) => title))}   goal`);
const verdicts: string[] = [];
for (const { row, gzip, api: a, bytes: b, size } of results) {
  const sameRatio = a.rps / b.rps;
  const tinyRatio = a.rps / tinyRps;
  let goal = '';
  if (row.goal) {
    const ratio = row.goal.against === 'same bytes' ? sameRatio : tinyRatio;
    const { ratio: wanted, against, p99Ms } = row.goal;
    const met = ratio >= (wanted ?? 0) && (p99Ms === undefined || a.p99 <= p99Ms);
    const terms = [
      ...(wanted === undefined ? [] : [`≥ ${wanted} of ${against}`]),
      ...(p99Ms === undefined ? [] : [`p99 ≤ ${p99Ms} ms`]),
    ];
    goal = `${terms.join(', ')}: ${met ? 'met' : 'NOT met'}`;
    verdicts.push(`${row.path} (${gzip ? 'gzip' : 'identity'}): ${goal}`);
  }
  console.log(
    `${cells([
      `${row.path}${row.vary ? ' (new point each)' : ''}`,
      gzip ? 'gzip' : 'identity',
      String(size),
      fmt(a.rps),
      fmt(a.p50),
      fmt(a.p99),
      String(a.errors),
      fmt(a.cpuUs),
      fmt(b.rps),
      fmt(b.p99),
      fmt(b.cpuUs),
      fmt(sameRatio, 2),
      fmt(tinyRatio, 2),
      fmt(b.cpuUs / a.cpuUs, 2),
      fmt(tinyCpuUs / a.cpuUs, 2),
    ])}   ${goal}`,
  );
}
console.log(
  `tiny JSON ceiling: ${fmt(tinyBefore.rps)} req/s (p50 ${fmt(tinyBefore.p50)}, p99 ${fmt(tinyBefore.p99)} ms, ${fmt(tinyBefore.cpuUs)} µs CPU a request) before the rows, ${fmt(tinyAfter.rps)} req/s (${fmt(tinyAfter.cpuUs)} µs) after; ratios use the means`,
);
console.log(
  "cpu µs: CPU time of the serving process per request; cpu ratio: the ceiling's CPU per request over the API's (what the ratio would be with the cores to themselves)",
);
const logLines = readFileSync(api.logFile, 'utf8')
  .split('\n')
  .filter((line) => line.includes(' key=')).length;
console.log(`request log: ${logLines.toLocaleString()} lines written by the API process`);
await stop(api.child);

if (profileDir) {
  const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  if (file) {
    // Kept after the run, for a closer look (cpu-profile-top.ts, or Chrome DevTools).
    const kept = join(tmpdir(), `eids-api-${Date.now()}.cpuprofile`);
    copyFileSync(join(profileDir, file), kept);
    console.log(`\nCPU profile of the API process over the whole run (${kept}):`);
    printTopFrames(JSON.parse(readFileSync(kept, 'utf8')) as never, 25);
  }
}

/** One way of running the API for a cost comparison: its name, and how it starts. */
interface Variant {
  name: string;
  start: () => ReturnType<typeof startApi>;
}

/**
 * A cost: the same requests against two ways of running the API (`on` with the cost, `off` without),
 * each in a fresh API process, three times each; the medians compared.
 */
async function compareCost(
  title: string,
  paths: readonly string[],
  on: Variant,
  off: Variant,
  goalPercent: number,
) {
  console.log(`\n${title} (identity; ${on.name} against ${off.name}):`);
  const runs: { path: string; on: boolean; figures: Figures }[] = [];
  const offCpuUs = new Map<string, number>();
  // In the order on, off, off, on, on, off: each side as often first and last, so a trend in the
  // machine's load falls on both alike.
  for (const variant of [on, off, off, on, on, off]) {
    const api = await variant.start();
    for (const path of paths) {
      const figures = await measure(`${api.url}${path}`, false, api.child.pid!);
      runs.push({ path, on: variant === on, figures });
      console.log(
        `  ${path.padEnd(30)} ${variant.name.padEnd(12)}: ${fmt(figures.rps)} req/s, p99 ${fmt(figures.p99)} ms, ${fmt(figures.cpuUs, 1)} µs CPU a request`,
      );
    }
    await stop(api.child);
  }
  for (const path of paths) {
    // Medians: one run that another process disturbed does not decide.
    const median = (side: boolean, pick: (figures: Figures) => number) => {
      const picked = runs
        .filter((run) => run.path === path && run.on === side)
        .map((run) => pick(run.figures))
        .sort((x, y) => x - y);
      return picked[Math.floor(picked.length / 2)]!;
    };
    const throughput = 1 - median(true, (f) => f.rps) / median(false, (f) => f.rps);
    const cpu = median(true, (f) => f.cpuUs) / median(false, (f) => f.cpuUs) - 1;
    console.log(
      `  ${path}: ${on.name} costs ${fmt(throughput * 100, 1)} % of throughput, ${fmt(cpu * 100, 1)} % more CPU a request (medians of 3; goal ≤ ${goalPercent} %)`,
    );
    offCpuUs.set(
      path,
      median(false, (f) => f.cpuUs),
    );
  }
  return offCpuUs;
}

/**
 * A cost measured with both ways of running the API loaded at the same time, each by half the
 * connections, five times: whatever else the machine does falls on both alike, which alternating
 * runs on a small, busy machine cannot promise. The ratio of their throughputs is the cost.
 */
async function compareConcurrently(title: string, paths: readonly string[], on: Variant, off: Variant) {
  console.log(
    `\n${title}, both at once (identity; ${on.name} against ${off.name}, ${connections / 2} connections each):`,
  );
  const [a, b] = [await on.start(), await off.start()];
  for (const path of paths) {
    const ratios: number[] = [];
    const cpu: number[] = [];
    await Promise.all(
      [a, b].map((api) => load(`${api.url}${path}`, false, api.child.pid!, undefined, 1, connections / 2)),
    );
    for (let i = 0; i < 5; i++) {
      const loadOf = (api: typeof a) =>
        load(`${api.url}${path}`, false, api.child.pid!, undefined, seconds, connections / 2);
      const [x, y] = await Promise.all([loadOf(a), loadOf(b)]);
      ratios.push(x.rps / y.rps);
      cpu.push(x.cpuUs / y.cpuUs);
      console.log(
        `  ${path.padEnd(30)} ${on.name} ${fmt(x.rps)} req/s (${fmt(x.cpuUs, 1)} µs), ${off.name} ${fmt(y.rps)} req/s (${fmt(y.cpuUs, 1)} µs)`,
      );
    }
    const median = (values: number[]) => [...values].sort((m, n) => m - n)[2]!;
    console.log(
      `  ${path}: ${on.name} costs ${fmt((1 - median(ratios)) * 100, 1)} % of throughput, ${fmt((median(cpu) - 1) * 100, 1)} % more CPU a request (medians of 5; goal ≤ 2 %)`,
    );
  }
  await Promise.all([stop(a.child), stop(b.child)]);
}

const pathsOf = (...names: string[]) => rows.filter((row) => names.includes(row.name)).map((row) => row.path);
if (!values['no-log-check']) {
  await compareCost(
    'request log cost',
    pathsOf('schema', 'list'),
    { name: 'log on', start: () => startApi('info') },
    { name: 'log off', start: () => startApi('warn') },
    5,
  );
}
// Metrics on (METRICS_PORT set: every request counted and timed by route) against off: over HTTP,
// then in this process, where a few microseconds are not lost in the network's noise.
if (!values['no-metrics-check']) {
  const paths = pathsOf('list', 'incidents-1');
  const httpCpuUs = await compareCost(
    'metrics cost',
    paths,
    { name: 'metrics on', start: () => startApi('info', undefined, { METRICS_PORT: '0' }) },
    { name: 'metrics off', start: () => startApi('info') },
    2,
  );
  await compareConcurrently(
    'metrics cost',
    paths,
    { name: 'metrics on', start: () => startApi('info', undefined, { METRICS_PORT: '0' }) },
    { name: 'metrics off', start: () => startApi('info') },
  );
  const rounds = 20;
  const requests = 2_000;
  console.log(
    `\nmetrics cost in process (the app's fetch, ${rounds} alternating rounds of ${requests} requests a side, medians):`,
  );
  for (const cost of await metricsCostInProcess(dataLayout(join(dir, 'data')).lakeDir, dir, paths, {
    rounds,
    requests,
  })) {
    const extra = cost.onUs - cost.offUs;
    const whole = httpCpuUs.get(cost.path) ?? cost.offUs;
    console.log(
      `  ${cost.path.padEnd(30)} off ${fmt(cost.offUs, 1)} µs, on ${fmt(cost.onUs, 1)} µs CPU a request (a difference of ${fmt(extra, 1)} µs between the rounds' medians, which GC and timing move by several µs either way)`,
    );
    console.log(
      `  ${''.padEnd(30)} the observer itself: ${fmt(cost.observerUs, 2)} µs a request, ${fmt((cost.observerUs / whole) * 100, 2)} % of the ${fmt(whole)} µs a request costs the API process over HTTP (goal ≤ 2 %)`,
    );
  }
}

console.log(
  `\nload average after: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
for (const verdict of verdicts) console.log(verdict);
await stop(bare.child);
await temporal?.stop();
await rm(dir, { recursive: true, force: true });
