import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { statusDocument } from '../meta/status.js';
import { problems } from '../problem.js';
import type { AppEnv } from '../env.js';
import { AssetCache, sendAsset } from './assets.js';
import { basemap } from './basemap.js';
import type { PageDeps } from './deps.js';
import { mapPage } from './map-page.js';
import { prefersHtml } from './negotiation.js';
import { PollLedger } from './poll-ledger.js';
import { PAGE_CSP } from './shell.js';
import { COARSE_BORDERS_SOURCE, coarseBorders } from './state-borders.js';
import { statusPage } from './status-page.js';
import { readPollers, statusView } from './status-view.js';

/** How often the ledger reads the pollers' health: as often as the API reads it from Temporal. */
const SAMPLE_MS = 2_000;

/**
 * The status page (`/` and `/status` for browsers; other clients keep the JSON front door, and get
 * the /v1/status document at /status) and the live map (`/map`), with their static files. Neither needs a key to load; the
 * map then reads /v1 with the page key, like any client.
 */
export function pageRoutes(deps: PageDeps) {
  const app = new Hono<AppEnv>();
  const ledger = new PollLedger(deps.pages?.startedAt ?? deps.startedAt);
  deps.pages?.every?.(SAMPLE_MS, () => void readPollers(deps, ledger).catch(() => undefined));
  const assets = new AssetCache();
  const agencies = agenciesOf(deps.catalogue);
  const { pollSeconds, refreshSeconds } = pageCadence(deps);
  const status = (c: Context<AppEnv>) => statusAnswer(c, deps, ledger, refreshSeconds);

  app.get('/', async (c, next) => {
    if (!prefersHtml(c.req.header('accept'))) return next();
    return status(c);
  });
  app.get('/status', async (c) => {
    if (prefersHtml(c.req.header('accept'))) return status(c);
    // Other clients get what /v1/status answers.
    const { feeds, gauges } = await readPollers(deps, ledger);
    const body = await statusDocument(deps, feeds, gauges);
    return c.json(body, 200, { 'cache-control': 'no-cache', vary: 'Accept' });
  });
  const outlines = async () => (await deps.pages?.outlines) ?? coarseBorders();
  app.get('/map', async (c) => {
    const key = await deps.pages?.key;
    const outlineSource = (await deps.pages?.outlines)?.source ?? COARSE_BORDERS_SOURCE;
    const body = mapPage({ apiKey: key?.token ?? '', pollSeconds, agencies, outlineSource });
    return c.html(body, 200, { 'content-security-policy': PAGE_CSP, 'cache-control': 'no-store' });
  });
  app.get('/map/outlines.geojson', async (c) => {
    const asset = await assets.get(c.req.path, async () => json(await outlines()));
    return sendAsset(c, asset, 'public, max-age=3600');
  });
  // Made from the packages' data alone: the same until the service is upgraded.
  // Computed at the first request (about a second of this process's time, once), never at start:
  // a starting replica answers its health checks and the API at once.
  app.get('/map/basemap.geojson', async (c) => {
    const asset = await assets.get(c.req.path, () => Promise.resolve(json(basemap())));
    return sendAsset(c, asset, 'public, max-age=604800');
  });
  app.get('/status/assets/:file', (c) => serveFile(c));
  app.get('/map/assets/:file', (c) => serveFile(c));
  async function serveFile(c: Context<AppEnv>) {
    const asset = assets.file(c.req.path);
    if (!asset) throw problems.notFound(`No page file at ${c.req.path}.`);
    return sendAsset(c, await asset, 'public, max-age=300');
  }
  return app;
}

const json = (body: unknown) => new TextEncoder().encode(JSON.stringify(body));

/** Each agency's name and home page, by `state:agency`, for the map's credits. */
function agenciesOf(catalogue: PageDeps['catalogue']) {
  return Object.fromEntries(
    catalogue.map((feed) => [`${feed.state}:${feed.agency}`, { name: feed.agencyName, url: feed.homepage }]),
  );
}

/**
 * The map reads as often as the fastest feed changes, within 10–60 s (each read counts against the
 * key's quota); the status page follows the pollers more closely, as it costs no quota.
 */
function pageCadence(deps: PageDeps): { pollSeconds: number; refreshSeconds: number } {
  const shortest =
    deps.pages?.pollIntervalSeconds ??
    Math.min(300, ...deps.catalogue.map((feed) => feed.pollIntervalSeconds));
  return {
    pollSeconds: Math.max(10, Math.min(60, shortest)),
    refreshSeconds: Math.max(2, Math.min(30, Math.ceil(shortest / 2))),
  };
}

/** The status page, 304 when the browser holds the same one. */
async function statusAnswer(c: Context<AppEnv>, deps: PageDeps, ledger: PollLedger, refreshSeconds: number) {
  const body = statusPage(await statusView(deps, ledger), refreshSeconds);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const headers = {
    'content-security-policy': PAGE_CSP,
    'cache-control': 'no-cache',
    etag,
    vary: 'Accept',
  };
  // Compression makes the ETag weak (W/"…"): the same page either way.
  const match = c.req
    .header('if-none-match')
    ?.split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''));
  if (match?.includes(etag)) return c.body(null, 304, headers);
  return c.html(body, 200, headers);
}
