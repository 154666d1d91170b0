/**
 * Load benchmark of the incident API on loopback (not a test): requests/s and latency of
 * /v1/incidents?limit=100 and /v1/incidents/nearby next to a bare Hono JSON route served by the same
 * process, so the ratio is the figure; then /v1/status under 64 connections, its feed health read in
 * the background from a real Temporal dev server (goal: p99 ≤ 50 ms, it never waits for Temporal).
 * Usage: npm run bench:api [-- --incidents 5000 --seconds 10]
 */
import { benchApp } from './support/bench-app.js';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { normalise } from '../model/index.js';
import { parseNswRfsMajorIncidents } from '../sources/nsw/rfs-major-incidents.js';
import { publishNow } from '../warehouse/publisher.js';
import { Warehouse } from '../warehouse/warehouse.js';
import { ServingStore } from '../lake/serving/serving-store.js';
import { toRecord } from '../model/index.js';
import { GENERATORS } from '../replay/generators/index.js';
import { Client, Connection } from '@temporalio/client';
import { BoardFeedHealthSource } from '../api/feed-health-source.js';
import { WorkflowHealthBoard } from '../api/workflow-health/board.js';
import { FEED_CATALOGUE, loadSettings, pollerWorkflowId } from '../config/index.js';
import { PROJECT_ROOT } from '../runtime/paths.js';
import { findFreePort } from '../runtime/ports.js';
import { requireTemporalCli } from '../runtime/temporal-cli.js';
import { startTemporalDevServer } from '../runtime/temporal-dev-server.js';

const { values } = parseArgs({
  options: { incidents: { type: 'string', default: '5000' }, seconds: { type: 'string', default: '10' } },
});
const incidents = Number(values.incidents);
const seconds = Number(values.seconds);
const FEED = 'nsw-rfs-major-incidents';

const dir = await mkdtemp(join(tmpdir(), 'eids-bench-'));
const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
const body = GENERATORS.get('nsw-rfs-major-incidents-geojson')!.render({
  count: incidents,
  seed: 1,
  tick: 0,
  startedAt: new Date(),
  tickMs: 60_000,
});
const fetched = new Date().toISOString();
const records = parseNswRfsMajorIncidents(new TextEncoder().encode(body)).incidents.map((draft) =>
  toRecord(normalise(draft, fetched)),
);
await warehouse.commit({
  feedKey: FEED,
  rawSha256: '0'.repeat(64),
  incoming: records,
  polledAt: fetched,
  pollId: `poll@${fetched}`,
  guarded: false,
});
await publishNow(warehouse, join(dir, 'serving'));
const store = await ServingStore.open(join(dir, 'serving'));

// Feed health as the API reads it: a board over every poller id, read every 2 s from a real dev server.
const temporal = await startTemporalDevServer({
  cliPath: requireTemporalCli(loadSettings(), PROJECT_ROOT),
  port: await findFreePort(),
  uiPort: await findFreePort(),
  dbFile: join(dir, 'temporal', 'temporal.db'),
  namespace: 'default',
});
const temporalConnection = await Connection.connect({ address: temporal.address });
const board = new WorkflowHealthBoard(
  new Client({ connection: temporalConnection }),
  FEED_CATALOGUE.map(pollerWorkflowId),
);
await board.start();
// An enterprise key with a quota the run cannot exhaust: the gate's cost is part of the figure.
const { app, access, token } = await benchApp(store, dir, new BoardFeedHealthSource(board));
// The baseline: the cheapest JSON route Hono can serve, in the same process and server.
const root = new Hono();
const sample = { type: 'FeatureCollection', features: [], meta: { total_count: 0 } };
root.get('/bare', (c) => c.json(sample));
root.route('/', app);

const server = serve({ fetch: root.fetch, hostname: '127.0.0.1', port: 0 });
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

interface Figures {
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * `vary` gives every request its own query, so nothing is answered from the response cache; `gzip`
 * asks for a compressed body (a cache hit then serves the cached gzip bytes).
 */
async function load(path: string, vary = false, gzip = false, connections = 10): Promise<Figures> {
  let n = 0;
  const result = await autocannon({
    url: `${base}${path}`,
    connections,
    duration: seconds,
    pipelining: 1,
    headers: { authorization: `Bearer ${token}`, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) },
    ...(vary
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: `${path}&v=${n++}` }) }] }
      : {}),
  });
  return {
    path: `${path}${vary ? ' (uncached)' : ''}${gzip ? ' (gzip)' : ''}${connections === 10 ? '' : ` (${connections} connections)`}`,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const points = records.filter((r) => r.feature_type === 'incident').length;
console.log(
  `incident API on loopback: ${points} point incidents (${records.length} features), ${seconds} s per route, 10 connections`,
);
const bare = await load('/bare');
const list = '/v1/incidents?limit=100';
const nearby = '/v1/incidents/nearby?lat=-32.5&lng=147.5&radius=100';
const listHit = await load(list);
const listGzipHit = await load(list, false, true);
const bare64 = await load('/bare', false, false, 64);
const status64 = await load('/v1/status', false, false, 64);
const rows = [
  bare,
  listHit,
  listGzipHit,
  await load(list, true),
  await load(nearby),
  await load(nearby, true),
  bare64,
  status64,
];
console.log(
  'route'.padEnd(64),
  'req/s'.padStart(9),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'errors'.padStart(7),
  'vs bare'.padStart(8),
);
for (const row of rows) {
  const baseline = row.path.includes('64 connections') ? bare64 : bare;
  console.log(
    row.path.padEnd(64),
    row.rps.toFixed(0).padStart(9),
    row.p50.toFixed(1).padStart(8),
    row.p99.toFixed(1).padStart(8),
    String(row.errors).padStart(7),
    `${((row.rps / baseline.rps) * 100).toFixed(1)}%`.padStart(8),
  );
}

const gzipRatio = listGzipHit.rps / listHit.rps;
console.log(
  `gzip cache hit / identity cache hit = ${gzipRatio.toFixed(2)}× (goal ≥ 0.8×: ${gzipRatio >= 0.8 ? 'met' : 'NOT met'})`,
);

console.log(
  `/v1/status p99 under 64 connections: ${status64.p99.toFixed(1)} ms (goal ≤ 50 ms: ${status64.p99 <= 50 ? 'met' : 'NOT met'}); ${status64.errors} errors`,
);

server.close();
board.stop();
await temporalConnection.close();
await temporal.stop();
store.close();
access.close();
warehouse.close();
await rm(dir, { recursive: true, force: true });
