/**
 * The map's and the status page's budgets, measured (not a test). For each number of incidents (2,000
 * and 20,000 by default): the first render of /map on loopback in headless Chromium, from navigation
 * to the live layers drawn, each run in a fresh browser context (nothing cached), and the data the
 * page read over the wire before it (its /v1 reads; the basemap and the JavaScript are counted apart).
 * Both for the map as it is (vector tiles) and as it was at `--baseline` (a git ref: the map before
 * tiles, whose GeoJSON sources were filled from the whole live set), served side by side over the
 * same lake and measured in turns in the same run.
 * Goals: a median ≤ 1,000 ms at 2,000 incidents and ≤ 1,500 ms at 20,000; ≤ 500 KB of data for the
 * first render at 2,000; the JavaScript ≤ 350 KB gzipped; the status page ≤ 50 KB.
 * Usage: npm run bench:map [-- --incidents 2000,20000 --runs 5 --baseline <git ref>]
 */
import { serve, type ServerType } from '@hono/node-server';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { SqliteAccessStore } from '../api/access/sqlite-store.js';
import { createApp } from '../api/app.js';
import { CursorCodec } from '../api/cursor.js';
import { MAP_SCRIPTS } from '../api/pages/assets.js';
import { outlinesFromSettings } from '../api/pages/inputs.js';
import { ensurePageKey, serviceOrigins, type PageKey } from '../api/pages/page-key.js';
import { ChangeHub } from '../api/stream/hub.js';
import { StreamTokenCodec } from '../api/stream/tokens.js';
import { FEED_CATALOGUE, parseSettings } from '../config/index.js';
import { capIssuerFromSettings } from '../exports/cap/issuer.js';
import { ServingStore } from '../lake/serving/serving-store.js';
import { initialFeedHealth, type FeedHealth } from '../model/index.js';
import { launchChromium, mapRendered, pageErrors } from '../replay/browser.js';
import { SHARED_DIR } from '../replay/shared-samples.js';
import { publishNow } from '../warehouse/publisher.js';
import { Warehouse } from '../warehouse/warehouse.js';
import { commitGeneratedNsw } from './support/generated-nsw.js';

/** The map before it drew from tiles: GeoJSON sources filled from current.geojson, events and gauges. */
const BEFORE_TILES = '67aaa80';

const { values } = parseArgs({
  options: {
    incidents: { type: 'string', default: '2000,20000' },
    runs: { type: 'string', default: '5' },
    baseline: { type: 'string', default: BEFORE_TILES },
  },
});
const sizes = values.incidents.split(',').map(Number);
const runs = Number(values.runs);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (list: readonly number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

/** The map's browser code at `ref` (web/*.js), in a folder of its own. */
async function baselineScripts(ref: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'eids-bench-map-baseline-'));
  const files = execFileSync('git', ['ls-tree', '--name-only', ref, 'web/'], { encoding: 'utf8' })
    .split('\n')
    .filter((path) => path.endsWith('.js'));
  for (const path of files) {
    await writeFile(join(dir, path.slice('web/'.length)), execFileSync('git', ['show', `${ref}:${path}`]));
  }
  return dir;
}

type AppFetch = (request: Request, bindings?: unknown) => Response | Promise<Response>;

/** The app, but the map's own scripts (not MapLibre) from `dir`: the page as it was at the baseline. */
function withScriptsFrom(dir: string, fetchApp: AppFetch): AppFetch {
  // The server's bindings go on to the app: the change stream writes to the node response in them.
  return async (request, bindings) => {
    const name = /^\/map\/assets\/([a-z-]+\.js)$/.exec(new URL(request.url).pathname)?.[1];
    if (!name || name === 'maplibre-gl.js' || !existsSync(join(dir, name)))
      return fetchApp(request, bindings);
    const body = await readFile(join(dir, name));
    const gzip = (request.headers.get('accept-encoding') ?? '').includes('gzip');
    return new Response(gzip ? gzipSync(body) : body, {
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      },
    });
  };
}

/** Every feed healthy, polled a minute ago: the status page as it usually is. */
function healthyFeeds(): (feed: (typeof FEED_CATALOGUE)[number]) => FeedHealth {
  const polled = new Date(Date.now() - 60_000).toISOString();
  return (feed) => ({
    ...initialFeedHealth({ feedKey: feed.key, state: feed.state, agency: feed.agency }),
    status: 'healthy',
    lastPolled: polled,
    lastSuccess: polled,
    lastOutcome: 'committed',
    polls: 100,
    incidentCount: 25,
  });
}

const listen = async (fetch: AppFetch) => {
  const server = serve({ fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

interface Service {
  /** The map as it is, and as it was at the baseline. */
  now: string;
  before: string;
  close(): Promise<void>;
}

/** A lake of `incidents` made-up NSW incidents, served by the app twice: as it is, and at the baseline. */
async function serviceWith(incidents: number, baselineDir: string): Promise<Service> {
  const dir = await mkdtemp(join(tmpdir(), 'eids-bench-map-'));
  const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
  await commitGeneratedNsw(warehouse, incidents, 7);
  await publishNow(warehouse, join(dir, 'lake'));
  const store = await ServingStore.open(join(dir, 'lake'));
  const access = SqliteAccessStore.open(join(dir, 'access.sqlite'));
  const boundaries = `${SHARED_DIR}reference/geo/abs_lga_2023_simplified_gda94.geojson`;
  const outlines = outlinesFromSettings(
    existsSync(boundaries) ? { GEOGRAPHY_LGA_BOUNDARIES: boundaries } : {},
  );
  let resolveKey: (key: PageKey) => void = () => undefined;
  const key = new Promise<PageKey>((resolve) => (resolveKey = resolve));
  // The map follows the change stream as it does on a running service.
  const stream = await ChangeHub.start(store);
  const startedAt = new Date(Date.now() - 25 * 3600_000);
  const app = createApp({
    stream,
    streamTokens: new StreamTokenCodec('bench-stream-secret-bench-stream-secret'),
    cap: capIssuerFromSettings(parseSettings({}), FEED_CATALOGUE),
    keys: access,
    quota: access,
    store,
    feedHealth: { read: (feeds) => Promise.resolve(feeds.map(healthyFeeds())), observedAt: new Date() },
    catalogue: FEED_CATALOGUE,
    cursors: new CursorCodec('bench-secret-bench-secret'),
    version: 'bench',
    startedAt,
    now: () => new Date(),
    pages: { key, outlines, startedAt },
  });
  const now = await listen(app.fetch);
  const before = await listen(withScriptsFrom(baselineDir, app.fetch));
  const origins = [...serviceOrigins(undefined, now.base), ...serviceOrigins(undefined, before.base)];
  const monthly = parseSettings({}).PAGE_KEY_MONTHLY_QUOTA;
  resolveKey(await ensurePageKey(access, join(dir, 'page-api-key'), origins, new Date(), monthly));
  const close = async (server: ServerType) => new Promise((resolve) => server.close(resolve));
  return {
    now: now.base,
    before: before.base,
    close: async () => {
      await Promise.all([close(now.server), close(before.server)]);
      stream.close();
      store.close();
      access.close();
      warehouse.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

interface Render {
  ms: number;
  /** When the map was made (MapLibre and the basemap loaded) and its style loaded (ms; NaN before tiles). */
  stages: number[];
  /** The /v1 reads finished by the first render: bytes on the wire, and each path's. */
  dataBytes: number;
  reads: Map<string, number>;
}

/** One first render in a fresh context: its time, what it read, and a check that every incident is drawn. */
async function firstRender(browser: Browser, base: string, incidents: number): Promise<Render> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const errors = pageErrors(page);
    // Every request the page and its workers (MapLibre fetches tiles from one) made, with its size.
    const finished: Promise<[string, number, number]>[] = [];
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      // A request still finishing as the context closes has no sizes left to read: it came after.
      const size = request.sizes().then(
        (s) => s.responseBodySize + s.responseHeadersSize,
        () => 0,
      );
      finished.push(size.then((bytes) => [request.url(), timing.startTime + timing.responseEnd, bytes]));
    });
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} from ${response.url()}`);
    });
    await page.goto(`${base}/map`);
    const ms = await mapRendered(page);
    const renderedAt = await page.evaluate<number>(
      "performance.timeOrigin + performance.getEntriesByName('eids-map-rendered')[0].startTime",
    );
    const stages = await page.evaluate<number[]>(
      "['eids-map-created', 'eids-style-loaded'].map((name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN)",
    );
    const drawn = await page.evaluate<number>(
      "new Set(window.eidsMap.queryRenderedFeatures({ layers: ['incidents'] }).map((f) => f.properties.id)).size",
    );
    if (drawn !== incidents) throw new Error(`${base}: ${drawn} incidents drawn, not ${incidents}`);
    if (errors.length > 0) throw new Error(`${base}: ${errors.join('; ')}`);
    const reads = new Map<string, number>();
    for (const [url, endedAt, bytes] of await Promise.all(finished)) {
      const path = new URL(url).pathname;
      if (!path.startsWith('/v1/') || endedAt > renderedAt) continue;
      const kind = path.startsWith('/v1/tiles/') ? '/v1/tiles/…' : path;
      reads.set(kind, (reads.get(kind) ?? 0) + bytes);
    }
    return { ms, stages, dataBytes: [...reads.values()].reduce((a, b) => a + b, 0), reads };
  } finally {
    await context.close();
  }
}

/** The runs at one size, the two maps in turns, and their summary lines. */
async function measure(browser: Browser, incidents: number, baselineDir: string): Promise<string[]> {
  const service = await serviceWith(incidents, baselineDir);
  try {
    const results = { now: [] as Render[], before: [] as Render[] };
    for (let run = 0; run < runs; run++) {
      results.before.push(await firstRender(browser, service.before, incidents));
      results.now.push(await firstRender(browser, service.now, incidents));
    }
    const line = (name: string, list: Render[]) => {
      const ms = list.map((r) => r.ms);
      const reads = [...list[0]!.reads].map(([path, bytes]) => `${path} ${kb(bytes)}`).join(', ');
      const stages = [0, 1].map((i) => median(list.map((r) => r.stages[i]!)).toFixed(0));
      return `  ${name}: median ${median(ms).toFixed(0)} ms (${ms.map((t) => t.toFixed(0)).join(', ')}; map made at ${stages[0]} ms, styled at ${stages[1]} ms); data on the wire before it ${kb(median(list.map((r) => r.dataBytes)))} (${reads})`;
    };
    const ratio = median(results.now.map((r) => r.ms)) / median(results.before.map((r) => r.ms));
    const bytesRatio =
      median(results.now.map((r) => r.dataBytes)) / median(results.before.map((r) => r.dataBytes));
    return [
      `map first render, ${incidents.toLocaleString('en-AU')} incidents, ${runs} runs each in fresh contexts, in turns (goal ≤ ${incidents <= 2000 ? '1000' : '1500'} ms${incidents <= 2000 ? ', ≤ 500 KB of data' : ''}):`,
      line(`before tiles (${values.baseline})`, results.before),
      line('tiles (now)', results.now),
      `  now / before: time ${ratio.toFixed(2)}, data bytes ${bytesRatio.toFixed(3)}`,
    ];
  } finally {
    await service.close();
  }
}

/** Bytes on the wire of a GET asking for gzip as browsers do (node:http: fetch() would decode them). */
function wireBytes(base: string, path: string, headers: Record<string, string> = {}): Promise<number> {
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

/** The budgets that do not depend on the data: the JavaScript, the basemap, the status page. */
async function staticBudgets(baselineDir: string): Promise<string[]> {
  const service = await serviceWith(10, baselineDir);
  try {
    const base = service.now;
    const basemapStart = performance.now();
    const basemapGzip = await wireBytes(base, '/map/basemap.geojson');
    const basemapMs = performance.now() - basemapStart;
    const basemapBytes = Buffer.byteLength(await (await fetch(`${base}/map/basemap.geojson`)).text());
    const outlinesGzip = await wireBytes(base, '/map/outlines.geojson');
    const scripts = await Promise.all(
      MAP_SCRIPTS.map(async (path) => [path, await wireBytes(base, path)] as const),
    );
    const jsGzip = scripts.reduce((sum, [, bytes]) => sum + bytes, 0);
    const statusHtml = await (await fetch(`${base}/status`, { headers: { accept: 'text/html' } })).text();
    const statusGzip = await wireBytes(base, '/status', { accept: 'text/html' });
    return [
      `JavaScript shipped to the map, gzipped (goal ≤ 350 KB): ${kb(jsGzip)}`,
      ...scripts.map(([path, bytes]) => `  ${path} ${kb(bytes)}`),
      `basemap data, apart from the JavaScript and the data above: /map/basemap.geojson ${kb(basemapGzip)} gzipped (${kb(basemapBytes)} decoded; computed and sent in ${basemapMs.toFixed(0)} ms on first request), /map/outlines.geojson ${kb(outlinesGzip)} gzipped`,
      `status page, ${FEED_CATALOGUE.length} feeds and 8 gauge sources (goal ≤ 50 KB): ${kb(Buffer.byteLength(statusHtml))} (${kb(statusGzip)} gzipped)`,
    ];
  } finally {
    await service.close();
  }
}

const baselineDir = await baselineScripts(values.baseline);
const browser = await launchChromium();
const lines: string[] = [];
try {
  for (const incidents of sizes) lines.push(...(await measure(browser, incidents, baselineDir)));
  lines.push(...(await staticBudgets(baselineDir)));
} finally {
  await browser.close();
  await rm(baselineDir, { recursive: true, force: true });
}
for (const line of lines) console.log(line);
