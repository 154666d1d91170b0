/**
 * Soak benchmark (not a test; loopback only, bounded in time): the demo's whole service — supervisor,
 * Temporal dev server, warehouse, ingest and API processes — polling a local replay of every feed and
 * gauge source while a steady mix of API requests runs for `--minutes`. It prints polls per minute at
 * the start and the end (ingestion must not decline under load), the delay from a scripted upstream
 * change to its appearance on /v1 (p50/p95), each process's RSS at the start and the end, and the
 * errors seen.
 *
 * The demo feeds end one incident and list one every tick. By default they list again, from a pool of 30
 * per feed, incidents that ended: the live set (which keeps retractions for 7 days) then stops growing
 * after the warm-up, so memory that still grows is held by the service, not by more data. `--growing`
 * lists new incidents for ever instead, and the live set grows all through the run.
 *
 * Usage: npm run bench:soak [-- --minutes 10 --rate 20 --growing] (at least 4 minutes: two to warm up, then the comparison)
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { issueKey } from '../api/access/issue.js';
import { SqliteAccessStore } from '../api/access/sqlite-store.js';
import { dataLayout, FEED_CATALOGUE, mirrorPath, pollerWorkflowId } from '../config/index.js';
import { filesOf, readManifest } from '../lake/manifest.js';
import type { FeedHealth } from '../model/index.js';
import { scriptDemoFeeds } from '../replay/demo-feeds.js';
import { scriptDemoGauges } from '../replay/gauges/index.js';
import { renderNswMajorIncidents, syntheticNswIncidents } from '../replay/generators/nsw-rfs.js';
import { ReplayServer } from '../replay/server.js';
import { createServiceLog } from '../runtime/log.js';
import { startService } from '../runtime/service.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '20' },
    growing: { type: 'boolean', default: false },
  },
});
const minutes = Number(values.minutes);
if (!(minutes >= 4)) {
  console.error('--minutes must be at least 4: two to warm up, then the comparison');
  process.exit(2);
}
const rate = Number(values.rate);
const POLL_SECONDS = 10;
const PROBE_EVERY_MS = 30_000;
const WINDOW_MS = 2 * 60_000;
/** From the first fetch of a change to /v1: the commit, the publish (at most one every 2 s), the API's swap. */
const SERVICE_DELAY_GOAL_S = 5;
const FEED_COUNT = 25;
/** Each ended incident is listed again 5 ticks (100 s) later: well within the first window. */
const ID_POOL = values.growing ? undefined : FEED_COUNT + 5;

const dataDir = await mkdtemp(join(tmpdir(), 'eids-soak-'));
const replay = await ReplayServer.start();
scriptDemoFeeds(replay, FEED_CATALOGUE, {
  count: FEED_COUNT,
  seed: 2026,
  tickMs: 20_000,
  startedAt: new Date(),
  idPool: ID_POOL,
});
// The demo's 400 gauges over all eight gauge sources, so that the gauge pollers carry their load too.
const thresholdsFile = join(dataDir, 'gauges', 'flood-thresholds.csv');
await scriptDemoGauges(replay, { count: 400, seed: 2026, startedAt: new Date(), thresholdsFile });
// The probe feed: NSW major incidents with a new incident added every PROBE_EVERY_MS.
const probeFeed = FEED_CATALOGUE.find((feed) => feed.key === 'nsw-rfs-major-incidents')!;
const base = syntheticNswIncidents(25, 99);
/** A probe is added upstream, first fetched by the feed's poller, then seen on /v1. */
const probes: { id: number; addedAt: number; fetchedAt?: number; seenAt?: number }[] = [];
replay.script(mirrorPath(probeFeed), [
  {
    kind: 'document',
    body: () => {
      const now = Date.now();
      for (const probe of probes) probe.fetchedAt ??= now;
      return renderNswMajorIncidents([
        ...base,
        ...probes.map((probe, i) => ({
          ...base[i % base.length]!,
          id: probe.id,
          updated: new Date(probe.addedAt),
        })),
      ]);
    },
  },
]);

const access = SqliteAccessStore.open(dataLayout(dataDir).accessDbFile);
const { token } = await issueKey(access, { tier: 'enterprise', label: 'soak' }, new Date());
access.close();
const headers = { authorization: `Bearer ${token}` };
const log = createServiceLog({ process: 'soak', level: 'warn', format: 'text' });
const service = await startService(
  {
    DATA_DIR: dataDir,
    UPSTREAM_BASE_URL: replay.url,
    POLL_INTERVAL_SECONDS: String(POLL_SECONDS),
    PORT: '18480',
    TEMPORAL_DEV_PORT: '17480',
    TEMPORAL_UI_PORT: '18481',
    LOG_LEVEL: 'warn',
    GAUGE_THRESHOLDS_FILE: thresholdsFile,
  },
  log,
);
const connection = await Connection.connect({ address: service.temporalAddress });
const client = new Client({ connection });

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}
const rssNow = () => Object.fromEntries(service.pids().map(({ name, pid }) => [name, rssMb(pid)]));

/** Each feed poller's poll count (0 while it has not started). */
const pollCounts = (): Promise<number[]> =>
  Promise.all(
    FEED_CATALOGUE.map((feed) =>
      client.workflow
        .getHandle(pollerWorkflowId(feed))
        .query<FeedHealth>('health')
        .then((h) => h.polls)
        .catch(() => 0),
    ),
  );
const totalPolls = async (): Promise<number> => (await pollCounts()).reduce((sum, polls) => sum + polls, 0);

const counts = { requests: 0, errors: 0, statuses: new Map<number, number>() };
const paths = [
  '/v1/incidents?limit=100',
  '/v1/incidents?state=nsw,vic&format=csv',
  '/v1/incidents/nearby?lat=-33.8&lng=151&radius=200',
  '/v1/incidents?format=cap-atom&limit=50',
  '/v1/incidents?include_retracted=true&featureType=incident,warning_area',
  '/v1/states',
  '/v1/status',
];
const started = Date.now();
const endAt = started + minutes * 60_000;

async function load(): Promise<void> {
  let i = 0;
  while (Date.now() < endAt) {
    const tick = Date.now();
    const path = paths[i++ % paths.length]!;
    try {
      const response = await fetch(`${service.apiUrl}${path}`, { headers });
      await response.arrayBuffer();
      counts.statuses.set(response.status, (counts.statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 400) counts.errors++;
    } catch {
      counts.errors++;
    }
    counts.requests++;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / rate - (Date.now() - tick))));
  }
}

async function probe(): Promise<void> {
  // Clear of the base incidents' ids (900,000 and up): a probe must be new to the feed.
  let next = 990_000;
  while (Date.now() + 60_000 < endAt) {
    const entry = { id: next++, addedAt: Date.now() } as (typeof probes)[number];
    probes.push(entry);
    while (entry.seenAt === undefined && Date.now() < endAt) {
      const response = await fetch(`${service.apiUrl}/v1/incidents/nsw-rfs-${entry.id}`, { headers });
      await response.arrayBuffer();
      if (response.status === 200) entry.seenAt = Date.now();
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, entry.addedAt + PROBE_EVERY_MS - Date.now())),
    );
  }
}

async function pollsIn(windowMs: number): Promise<number> {
  const before = await totalPolls();
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  return ((await totalPolls()) - before) / (windowMs / 60_000);
}

/**
 * Each process's RSS every 2 s. One reading swings by tens of MB with the work in flight (a commit, a
 * garbage collection not yet run), so a minute is summed up by the median of its 30 readings, and its
 * floor (the least) is shown beside it: garbage raises the median for a while, a leak raises the floor.
 */
const SAMPLE_MS = 2_000;
const samples: { at: number; rss: Record<string, number> }[] = [];
async function sampleMemory(): Promise<void> {
  for (let at = SAMPLE_MS; started + at <= endAt; at += SAMPLE_MS) {
    await new Promise((resolve) => setTimeout(resolve, started + at - Date.now()));
    samples.push({ at, rss: rssNow() });
  }
}
/** A process's readings in one minute (1-based), least first. */
function minuteRss(name: string, minute: number): number[] {
  return samples
    .filter((sample) => sample.at > (minute - 1) * 60_000 && sample.at <= minute * 60_000)
    .map((sample) => sample.rss[name] ?? NaN)
    .sort((a, b) => a - b);
}
const medianRss = (name: string, minute: number): number => {
  const values = minuteRss(name, minute);
  return values[Math.floor(values.length / 2)] ?? NaN;
};
const floorRss = (name: string, minute: number): number => minuteRss(name, minute)[0] ?? NaN;
/**
 * The least-squares line through all of a process's readings from the start of minute `from` to the
 * end of minute `to`: its slope in MB a minute and the growth it gives over that span. A single minute
 * still swings with a checkpoint, a collection or a compaction; the line through some 240 readings
 * does not, so it tells a slope from two unlucky minutes.
 */
function rssTrend(name: string, from: number, to: number): { perMinute: number; growth: number } {
  const points = samples
    .filter((sample) => sample.at > (from - 1) * 60_000 && sample.at <= to * 60_000)
    .map((sample) => [sample.at / 60_000, sample.rss[name] ?? NaN] as const);
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  const perMinute = covariance / variance;
  const [first, last] = [points[0]![0], points[points.length - 1]![0]];
  const fittedStart = meanY + perMinute * (first - meanX);
  return { perMinute, growth: (perMinute * (last - first)) / fittedStart };
}

/** The warehouse's database file with its write-ahead log: what the single writer's data grew by. */
const warehouseMb = (): number => {
  const file = dataLayout(dataDir).warehouseFile;
  const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);
  return (size(file) + size(`${file}.wal`)) / 1e6;
};

/** The live set the API holds (live incidents and those retracted within 7 days), from the manifest. */
async function liveSetSize(): Promise<number> {
  const manifest = await readManifest(dataLayout(dataDir).lakeDir);
  return manifest ? filesOf(manifest, 'incidents_live').reduce((sum, file) => sum + file.rows, 0) : 0;
}

const running = Promise.all([load(), probe(), sampleMemory()]);
// The rate is measured from each poller's first poll on, so the pollers' start-up is not counted as a rate.
for (let waited = 0; (await pollCounts()).some((polls) => polls === 0) && waited < 60_000; waited += 500) {
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const startRate = await pollsIn(WINDOW_MS);
const warehouseStartMb = warehouseMb();
const liveStart = await liveSetSize();
await new Promise((resolve) => setTimeout(resolve, Math.max(0, endAt - WINDOW_MS - Date.now())));
const endRate = await pollsIn(Math.max(10_000, Math.min(WINDOW_MS, endAt - Date.now())));
await running;
const warehouseEndMb = warehouseMb();
const liveEnd = await liveSetSize();
const names = service.pids().map(({ name }) => name);
const minuteCount = Math.floor(minutes);
// Memory is compared from the minute after the first window (caches and DuckDB buffers warmed) to the last.
const firstMinute = WINDOW_MS / 60_000 + 1;

const seen = probes.filter((p) => p.seenAt !== undefined && p.fetchedAt !== undefined);
const delays = seen.map((p) => (p.seenAt! - p.addedAt) / 1000).sort((a, b) => a - b);
const serviceDelays = seen.map((p) => (p.seenAt! - p.fetchedAt!) / 1000).sort((a, b) => a - b);
const pct = (values: number[], p: number) =>
  values[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? NaN;
const p50p95 = (values: number[]) =>
  `p50 ${pct(values, 50).toFixed(1)} s, p95 ${pct(values, 95).toFixed(1)} s`;
console.log(
  `\nsoak: ${minutes} min, ${rate} req/s mixed load, ${FEED_CATALOGUE.length} feeds polled every ${POLL_SECONDS} s, ` +
    (ID_POOL === undefined
      ? 'new incidents for ever (--growing)'
      : `incidents listed again from a pool of ${ID_POOL} per feed`),
);
const configuredRate = (FEED_CATALOGUE.length * 60) / POLL_SECONDS;
console.log(
  `polls per minute (all feeds): start ${startRate.toFixed(1)}, end ${endRate.toFixed(1)} (${((endRate / startRate - 1) * 100).toFixed(1)} %); ` +
    `configured ${configuredRate.toFixed(1)}, so the end runs at ${((endRate / configuredRate) * 100).toFixed(1)} % of it`,
);
console.log(
  `upstream change → /v1: ${delays.length} of ${probes.length} probes seen; ${p50p95(delays)} ` +
    `(goal p95 ≤ ${POLL_SECONDS + SERVICE_DELAY_GOAL_S} s: up to one poll interval before the change is fetched, then the service's own delay)`,
);
console.log(
  `  of which first fetch → /v1 (commit, publish at most every 2 s, the API's swap): ${p50p95(serviceDelays)} (goal p95 ≤ ${SERVICE_DELAY_GOAL_S} s)`,
);
console.log(
  `RSS per process (MB) from minute ${firstMinute} to ${minuteCount} (growth, goal < 10 %): each minute's median, ` +
    `its floor in brackets, and the trend of all the readings in those minutes`,
);
const percent = (fraction: number): string => `${(fraction * 100).toFixed(1)} %`;
const growth = (a: number, b: number): string => percent(b / a - 1);
for (const name of names) {
  const [a, b] = [medianRss(name, firstMinute), medianRss(name, minuteCount)];
  const [floorA, floorB] = [floorRss(name, firstMinute), floorRss(name, minuteCount)];
  const trend = rssTrend(name, firstMinute, minuteCount);
  console.log(
    `  ${name.padEnd(22)} ${a.toFixed(0)} → ${b.toFixed(0)} (${growth(a, b)})   [${floorA.toFixed(0)} → ${floorB.toFixed(0)} (${growth(floorA, floorB)})]` +
      `   trend ${trend.perMinute >= 0 ? '+' : ''}${trend.perMinute.toFixed(1)} MB/min (${percent(trend.growth)})`,
  );
}
console.log(
  `warehouse file (with its WAL): ${warehouseStartMb.toFixed(1)} MB after the first window → ${warehouseEndMb.toFixed(1)} MB at the end`,
);
console.log(
  `live set (live and retracted within 7 days): ${liveStart} incidents after the first window → ${liveEnd} at the end`,
);
const minuteList = Array.from({ length: minuteCount }, (_, index) => index + 1);
console.log(`RSS per process (MB) by minute, median [floor]: ${minuteList.join(', ')}`);
for (const name of names) {
  const cells = minuteList.map(
    (minute) => `${medianRss(name, minute).toFixed(0)} [${floorRss(name, minute).toFixed(0)}]`,
  );
  console.log(`  ${name.padEnd(22)} ${cells.join(', ')}`);
}
console.log(
  `probe delays (s), change → /v1 [first fetch → /v1]: ${seen.map((p) => `${((p.seenAt! - p.addedAt) / 1000).toFixed(1)} [${((p.seenAt! - p.fetchedAt!) / 1000).toFixed(1)}]`).join(', ')}`,
);
console.log(
  `requests: ${counts.requests}, errors: ${counts.errors}; statuses ${JSON.stringify(Object.fromEntries(counts.statuses))}`,
);
await connection.close();
await service.stop();
await replay.close();
await rm(dataDir, { recursive: true, force: true });
process.exit(0);
