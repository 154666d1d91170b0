/**
 * The map's and the status page's budgets, measured (not a test): first render of /map with 2,000
 * incidents on loopback in headless Chromium (goal ≤ 2 s from navigation to the data drawn, each run
 * in a fresh browser context: nothing cached), the JavaScript the map ships, gzipped as served (goal
 * ≤ 350 KB), and the status page's bytes for the whole catalogue (goal ≤ 50 KB). The basemap and
 * outlines the map draws are data, counted apart from the JavaScript.
 * Usage: npm run bench:map [-- --incidents 2000 --runs 5]
 */
import { ChangeHub } from '../api/stream/hub.js';
import { StreamTokenCodec } from '../api/stream/tokens.js';
import { commitGeneratedNsw } from './support/generated-nsw.js';
import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SqliteAccessStore } from '../api/access/sqlite-store.js';
import { createApp } from '../api/app.js';
import { CursorCodec } from '../api/cursor.js';
import { MAP_SCRIPTS } from '../api/pages/assets.js';
import { outlinesFromSettings } from '../api/pages/inputs.js';
import { ensurePageKey, serviceOrigins, type PageKey } from '../api/pages/page-key.js';
import { ServingStore } from '../lake/serving/serving-store.js';
import { FEED_CATALOGUE, parseSettings } from '../config/index.js';
import { capIssuerFromSettings } from '../exports/cap/issuer.js';
import { initialFeedHealth, type FeedHealth } from '../model/index.js';
import { SHARED_DIR } from '../replay/shared-samples.js';
import { publishNow } from '../warehouse/publisher.js';
import { Warehouse } from '../warehouse/warehouse.js';
import { launchChromium, mapRendered, pageErrors } from '../replay/browser.js';

const { values } = parseArgs({
  options: { incidents: { type: 'string', default: '2000' }, runs: { type: 'string', default: '5' } },
});
const incidents = Number(values.incidents);
const runs = Number(values.runs);

const dir = await mkdtemp(join(tmpdir(), 'eids-bench-map-'));
const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
await commitGeneratedNsw(warehouse, incidents, 7);
await publishNow(warehouse, join(dir, 'lake'));
const store = await ServingStore.open(join(dir, 'lake'));

// Every feed healthy, polled a minute ago: the status page as it usually is.
const polled = new Date(Date.now() - 60_000).toISOString();
const healthy = (feed: (typeof FEED_CATALOGUE)[number]): FeedHealth => ({
  ...initialFeedHealth({ feedKey: feed.key, state: feed.state, agency: feed.agency }),
  status: 'healthy',
  lastPolled: polled,
  lastSuccess: polled,
  lastOutcome: 'committed',
  polls: 100,
  incidentCount: 25,
});

const access = SqliteAccessStore.open(join(dir, 'access.sqlite'));
const boundaries = `${SHARED_DIR}reference/geo/abs_lga_2023_simplified_gda94.geojson`;
const outlines = outlinesFromSettings(existsSync(boundaries) ? { GEOGRAPHY_LGA_BOUNDARIES: boundaries } : {});
let resolveKey: (key: PageKey) => void = () => undefined;
const key = new Promise<PageKey>((resolve) => (resolveKey = resolve));
// The map follows the change stream as it does on a running service.
const stream = await ChangeHub.start(store);
const app = createApp({
  stream,
  streamTokens: new StreamTokenCodec('bench-stream-secret-bench-stream-secret'),
  cap: capIssuerFromSettings(parseSettings({}), FEED_CATALOGUE),
  keys: access,
  quota: access,
  store,
  feedHealth: { read: (feeds) => Promise.resolve(feeds.map(healthy)), observedAt: new Date() },
  catalogue: FEED_CATALOGUE,
  cursors: new CursorCodec('bench-secret-bench-secret'),
  version: 'bench',
  startedAt: new Date(Date.now() - 25 * 3600_000),
  now: () => new Date(),
  pages: { key, outlines, startedAt: new Date(Date.now() - 25 * 3600_000) },
});
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
resolveKey(
  await ensurePageKey(
    access,
    join(dir, 'page-api-key'),
    serviceOrigins(undefined, base),
    new Date(),
    parseSettings({}).PAGE_KEY_MONTHLY_QUOTA,
  ),
);

/** Bytes on the wire of a GET asking for gzip as browsers do (node:http: fetch() would decode them). */
function wireBytes(path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers: { 'accept-encoding': 'gzip', ...headers } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        response.headers['content-encoding'] === 'gzip'
          ? resolve(bytes)
          : reject(new Error(`${path} was not sent gzipped`)),
      );
    }).on('error', reject);
  });
}

// The service computes its basemap as it starts (api/pages/inputs.ts): done here before the runs too.
const basemapStart = performance.now();
const basemapGzip = await wireBytes('/map/basemap.geojson');
const basemapMs = performance.now() - basemapStart;
const basemapBytes = Buffer.byteLength(await (await fetch(`${base}/map/basemap.geojson`)).text());
const outlinesGzip = await wireBytes('/map/outlines.geojson');
const scripts = await Promise.all(MAP_SCRIPTS.map(async (path) => [path, await wireBytes(path)] as const));
const jsGzip = scripts.reduce((sum, [, bytes]) => sum + bytes, 0);
const statusHtml = await (await fetch(`${base}/status`, { headers: { accept: 'text/html' } })).text();
const statusGzip = await wireBytes('/status', { accept: 'text/html' });

const browser = await launchChromium();
const times: number[] = [];
/** When the first data was read, and when the map's first frame drew it (ms since navigation). */
const stages: number[][] = [];
let resources: { path: string; transfer: number; body: number }[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${base}/map`);
    times.push(await mapRendered(page));
    stages.push(
      await page.evaluate(() =>
        ['eids-data-read', 'eids-map-rendered'].map(
          (name) =>
            (
              globalThis as unknown as {
                performance: { getEntriesByName(n: string): { startTime: number }[] };
              }
            ).performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN,
        ),
      ),
    );
    if (run === 0) {
      // What the page read, as the browser counts it (transfer: gzipped; body: decoded).
      resources = await page.evaluate(() =>
        (
          globalThis as unknown as {
            performance: {
              getEntriesByType(t: string): { name: string; transferSize: number; decodedBodySize: number }[];
            };
          }
        ).performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/v1/') || entry.name.endsWith('.geojson'))
          .map((entry) => ({
            path: new URL(entry.name).pathname,
            transfer: entry.transferSize,
            body: entry.decodedBodySize,
          })),
      );
    }
    const drawn = await page.evaluate(
      () =>
        new Set(
          (
            globalThis as unknown as {
              eidsMap: { queryRenderedFeatures(o: object): { properties: { id: string } }[] };
            }
          ).eidsMap
            .queryRenderedFeatures({ layers: ['incidents'] })
            .map((f) => f.properties.id),
        ).size,
    );
    if (drawn !== incidents) throw new Error(`run ${run + 1}: ${drawn} incidents drawn, not ${incidents}`);
    if (errors.length > 0) throw new Error(`run ${run + 1}: ${errors.join('; ')}`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
  stream.close();
  store.close();
  access.close();
  warehouse.close();
  await rm(dir, { recursive: true, force: true });
}

const sorted = [...times].sort((a, b) => a - b);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`map first render, ${incidents} incidents, ${runs} runs in fresh contexts (goal ≤ 2000 ms):`);
console.log(
  `  median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, best ${sorted[0]!.toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`,
);
console.log(`  data read / drawn: ${stages.map((s) => s.map((t) => t.toFixed(0)).join(' / ')).join(', ')}`);
console.log(
  `  data read by the first run: ${resources.map((r) => `${r.path} ${kb(r.transfer)} (${kb(r.body)} decoded)`).join(', ')}`,
);
console.log(`JavaScript shipped to the map, gzipped (goal ≤ 350 KB): ${kb(jsGzip)}`);
for (const [path, bytes] of scripts) console.log(`  ${path} ${kb(bytes)}`);
console.log(
  `basemap data, apart from the JavaScript: /map/basemap.geojson ${kb(basemapGzip)} gzipped (${kb(basemapBytes)} decoded; computed and sent in ${basemapMs.toFixed(0)} ms on first request), /map/outlines.geojson ${kb(outlinesGzip)} gzipped`,
);
console.log(
  `status page, ${FEED_CATALOGUE.length} feeds and 8 gauge sources (goal ≤ 50 KB): ${kb(Buffer.byteLength(statusHtml))} (${kb(statusGzip)} gzipped)`,
);
