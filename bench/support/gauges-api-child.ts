/**
 * The API side of bench/gauges.ts, in a process of its own: opens the lake as an API process does,
 * times gauge requests through app.request against a bare route, and reports its RSS to the parent.
 * Arguments: <lake folder> <scratch folder> <queries>.
 */
import { benchApp } from './bench-app.js';
import { Hono } from 'hono';
import { performance } from 'node:perf_hooks';
import { ServingStore } from '../../lake/serving/serving-store.js';

export interface ApiFigures {
  bareP50: number;
  summaryP50: number;
  summaryP95: number;
  listP50: number;
  readingsP50: number;
  readingsP95: number;
  readingsRows: number;
  hourlyP50: number;
  rssBytes: number;
  rssBaselineBytes: number;
}

const [lakeDir = '', scratch = '', queriesText = '200'] = process.argv.slice(2);
const queries = Number(queriesText);
const rssBaselineBytes = process.memoryUsage().rss;
const store = await ServingStore.open(lakeDir);
const { app, access, token } = await benchApp(store, scratch);
const headers = { authorization: `Bearer ${token}` };
const bare = new Hono();
bare.get('/bare', (c) => c.json({ gauges: [], meta: { totalCount: 0 } }));

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function time(request: () => Response | Promise<Response>, times = queries): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    samples.push(performance.now() - started);
  }
  return samples;
}

const get = (path: string) => app.request(path, { headers });
// Gauges with readings, for the history queries.
const list = (await (await get('/v1/gauges?limit=500')).json()) as {
  gauges: { id: string; latest: unknown }[];
};
const ids = list.gauges.filter((gauge) => gauge.latest).map((gauge) => gauge.id);
const thirtyDays = new Date(Date.now() - 30 * 86_400_000 + 60_000).toISOString();
const ninetyDays = new Date(Date.now() - 89 * 86_400_000).toISOString();
let pick = 0;
const nextId = () => encodeURIComponent(ids[pick++ % ids.length]!);

// Warm-up: first loads (catalogue, Parquet metadata) are not what a busy API pays.
await time(() => get('/v1/gauges/summary'), 5);
await time(() => get(`/v1/gauges/${nextId()}/readings?after=${thirtyDays}&interval=raw&limit=1000`), 5);

const bareSamples = await time(() => bare.request('/bare'));
const summary = await time(() => get('/v1/gauges/summary'));
const listing = await time(() => get('/v1/gauges?limit=100'));
let readingsRows = 0;
const readings = await time(async () => {
  const response = await get(`/v1/gauges/${nextId()}/readings?after=${thirtyDays}&interval=raw&limit=1000`);
  readingsRows = ((await response.clone().json()) as { meta: { count: number } }).meta.count;
  return response;
});
const hourly = await time(() => get(`/v1/gauges/${nextId()}/readings?after=${ninetyDays}&limit=1000`));

const figures: ApiFigures = {
  bareP50: percentile(bareSamples, 0.5),
  summaryP50: percentile(summary, 0.5),
  summaryP95: percentile(summary, 0.95),
  listP50: percentile(listing, 0.5),
  readingsP50: percentile(readings, 0.5),
  readingsP95: percentile(readings, 0.95),
  readingsRows,
  hourlyP50: percentile(hourly, 0.5),
  rssBytes: process.memoryUsage().rss,
  rssBaselineBytes,
};
store.close();
access.close();
process.send!(figures);
process.disconnect();
