/**
 * The API side of bench:push (b), in a process of its own so that its memory is its own: a lake with
 * made-up incidents, the serving store, the change hub and the app on loopback. The parent connects the
 * stream clients and asks, by message, for the memory (after a full GC) and for one change, which this
 * process commits and publishes, then times the hub's work on it (the diff and the fan-out).
 * Argument: a scratch folder. Run with --expose-gc.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { listen } from '../../api/listen.js';
import { ChangeHub } from '../../api/stream/hub.js';

import { ServingStore } from '../../lake/serving/serving-store.js';
import { syntheticNswIncidents } from '../../replay/generators/nsw-rfs.js';
import { publishNow } from '../../warehouse/publisher.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { benchApp } from './bench-app.js';
import { nswRecords } from './push-records.js';
import { madeUpSubscriptions } from './push-subscriptions.js';
import { apiMetricReaders } from '../../api/metrics-readers.js';
import { requestMetrics } from '../../api/request-metrics.js';
import { FEED_CATALOGUE } from '../../config/index.js';
import { startProcessMetrics } from '../../runtime/process-metrics.js';

/** As many streams as the parent opens: the bench measures the fan-out, not the refusal. */
const STREAM_CAPACITY = 1_000_000;

export type FanoutRequest = 'memory' | 'change' | 'exit';
export type FanoutReply =
  | { kind: 'ready'; port: number; token: string; metricsUrl: string }
  | { kind: 'memory'; rss: number; heapUsed: number; connections: number }
  | {
      kind: 'change';
      publishedAt: number;
      loadedToSentMs: number;
      longestBlockMs: number;
      chunkBytes: number;
    };

const [scratch = '', subscriptionCount = '0'] = process.argv.slice(2);
const lakeDir = join(scratch, 'lake');
const warehouse = await Warehouse.open(join(scratch, 'warehouse.duckdb'));
const incidents = syntheticNswIncidents(200, 7);
let polls = 0;
async function poll(): Promise<number> {
  polls++;
  const fetched = new Date().toISOString();
  const listed = incidents.map((incident, i) =>
    i === polls % incidents.length ? { ...incident, title: `${incident.title} (${polls})` } : incident,
  );
  await warehouse.commit({
    feedKey: 'nsw-rfs-major-incidents',
    rawSha256: String(polls).padStart(64, '0'),
    incoming: nswRecords(listed, fetched),
    polledAt: fetched,
    pollId: `bench-${polls}`,
    guarded: false,
  });
  return (await publishNow(warehouse, lakeDir)).generation;
}
await poll();
const store = await ServingStore.open(lakeDir, { checkIntervalMs: 20 });
const hub = await ChangeHub.start(store);
// Called right after the hub's own listener queued its work on the generation: when that work starts.
let swappedAt = 0;
store.onGeneration(() => (swappedAt = performance.now()));
// The metrics an API process serves (METRICS_PORT), over this many webhook subscriptions.
const subscriptions = await madeUpSubscriptions(
  join(scratch, 'subscriptions.sqlite'),
  Number(subscriptionCount),
);
const feedHealth = { read: () => Promise.resolve(FEED_CATALOGUE.map(() => undefined)) };
apiMetricReaders({
  store,
  replica: undefined,
  stream: hub,
  streamCapacity: STREAM_CAPACITY,
  catalogue: FEED_CATALOGUE,
  feedHealth,
  gaugeHealth: { read: () => Promise.resolve([]) },
  declarationHealth: undefined,
  subscriptions,
  now: () => new Date(),
});
const metricsServer = await startProcessMetrics('127.0.0.1', 0);
const { app, token } = await benchApp(store, scratch, feedHealth, {
  stream: hub,
  streamCapacity: STREAM_CAPACITY,
  observe: requestMetrics(),
});
const server = await listen(app.fetch, '127.0.0.1', 0);
// What one stream of the parent's filter (incident.updated) is sent of each batch, for the bare floor.
let chunkBytes = 0;
hub.onBatch((changes) => {
  chunkBytes = changes
    .filter((change) => change.type === 'incident.updated')
    .reduce((sum, change) => sum + change.frame.length, 0);
});
const send = (reply: FanoutReply) => process.send!(reply);
send({ kind: 'ready', port: (server.address() as AddressInfo).port, token, metricsUrl: metricsServer.url });

/** The longest the event loop went without running a 1 ms timer, from now until `stop`. */
function eventLoopBlocks() {
  let last = performance.now();
  let longest = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  return {
    stop: () => {
      clearInterval(probe);
      return Math.max(longest, performance.now() - last);
    },
  };
}

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (request: FanoutRequest) => {
  void (async () => {
    if (request === 'memory') {
      for (let i = 0; i < 3; i++) gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      send({ kind: 'memory', rss, heapUsed, connections: hub.connections });
    } else if (request === 'change') {
      const generation = await poll();
      const publishedAt = Date.now();
      const blocks = eventLoopBlocks();
      await store.whenLoaded(generation);
      await hub.settled();
      // The writes flush on the next turn (Node corks a response's chunk): counted too.
      await new Promise((resolve) => setImmediate(resolve));
      const loadedToSentMs = performance.now() - swappedAt;
      send({ kind: 'change', publishedAt, loadedToSentMs, longestBlockMs: blocks.stop(), chunkBytes });
    } else {
      server.closeAllConnections();
      server.close();
      hub.close();
      store.close();
      warehouse.close();
      process.exit(0);
    }
  })();
});
