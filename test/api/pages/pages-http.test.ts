import { serve, type ServerType } from '@hono/node-server';
import pointInPolygon from 'point-in-polygon-hao';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STREAM_CHANGE_TYPES } from '../../../api/stream/change.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import { MAP_SCRIPTS } from '../../../api/pages/assets.js';
import { COARSE_BORDERS_SOURCE } from '../../../api/pages/state-borders.js';
import type { PageKey } from '../../../api/pages/page-key.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { FEED_CATALOGUE } from '../../../config/index.js';
import { initialFeedHealth, NO_COUNTS, type FeedHealth } from '../../../model/index.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';
import { testAccess, type TestAccess } from '../../support/keys.js';

const NOW = new Date('2026-11-20T03:00:00Z');
const [BROKEN, ...HEALTHY] = FEED_CATALOGUE;

/**
 * The pages over loopback HTTP, as a browser and as other clients ask for them: an app whose feed
 * health is given (one feed failing), with an archive load in progress and a dev setup's Web UI.
 */
describe('the status page and the map over HTTP', () => {
  let dir: string;
  let store: ServingStore;
  let access: TestAccess;
  let server: ServerType;
  let base: string;
  const key: PageKey = { token: 'eids_pagekeyid_secret', keyId: 'pagekeyid', tier: 'free', origins: [] };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-pages-http-'));
    store = await ServingStore.open(dir);
    access = testAccess();
    const polled = new Date(NOW.getTime() - 60_000).toISOString();
    const health = (feed: (typeof FEED_CATALOGUE)[number]): FeedHealth => ({
      ...initialFeedHealth({ feedKey: feed.key, state: feed.state, agency: feed.agency }),
      status: 'healthy',
      lastPolled: polled,
      lastSuccess: polled,
      lastOutcome: 'committed',
      polls: 10,
      pollIntervalSeconds: 300,
      nextPollAt: new Date(NOW.getTime() + 240_000).toISOString(),
    });
    const app = createApp({
      cap: TEST_CAP_ISSUER,
      store,
      feedHealth: {
        observedAt: NOW,
        read: (feeds) =>
          Promise.resolve(
            feeds.map((feed) =>
              feed === BROKEN
                ? {
                    ...health(feed),
                    status: 'degraded',
                    lastOutcome: 'failed',
                    consecutiveFailures: 1,
                    lastError: 'HTTP 500 from https://upstream.example/feed',
                    lastErrorKind: 'http-status',
                    lastSuccess: new Date(NOW.getTime() - 20 * 60_000).toISOString(),
                  }
                : health(feed),
            ),
          ),
      },
      catalogue: FEED_CATALOGUE,
      cursors: new CursorCodec('pages-http-secret'),
      keys: access.store,
      quota: access.store,
      version: 'test',
      startedAt: new Date(NOW.getTime() - 3600_000),
      now: () => NOW,
      pages: {
        key: Promise.resolve(key),
        outlines: Promise.resolve(undefined),
        startedAt: new Date(NOW.getTime() - 3600_000),
        temporalUi: { url: 'http://127.0.0.1:8233', namespace: 'default' },
        work: {
          current: () => [
            {
              kind: 'archive-load',
              workflowId: 'archive-load-demo',
              startedAt: NOW.toISOString(),
              progress: {
                loadId: 'archive-load-demo',
                file: '/data/archive.csv',
                format: 'interchange',
                source: 'generated',
                mode: 'streaming',
                phase: 'reading',
                startedAt: NOW.toISOString(),
                totalBytes: 4_000_000,
                counts: { ...NO_COUNTS, bytesRead: 1_000_000, records: 12_345 },
                problems: [],
                resumedAt: [],
              },
            },
          ],
        },
      },
    });
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    access.close();
    store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('gives a browser the status page: every feed by state, the reason of a failing one, the work in progress', async () => {
    const response = await fetch(`${base}/`, { headers: browser });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const html = await response.text();
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(50 * 1024);
    expect(html).toMatch(/<h1>Service status: <span class="s degraded">degraded<\/span><\/h1>/);
    for (const feed of FEED_CATALOGUE) expect(html).toContain(`data-key="${feed.key}"`);
    expect(html).toContain('<h3 id="state-nsw">New South Wales</h3>');
    const row = html.slice(html.indexOf(`data-key="${BROKEN!.key}"`));
    expect(row.slice(0, row.indexOf('</tr>'))).toContain(
      '<div class="reason">http-status: HTTP 500 from https://upstream.example/feed</div>',
    );
    expect(row).toContain('20 min ago');
    const feeds = html.slice(0, html.indexOf('<h2>River and rain gauge sources</h2>'));
    expect(feeds.match(/class="reason"/g)).toHaveLength(1);
    // This app reads no gauge health: each source says why it is unknown.
    expect(html.match(/<div class="reason">no poll has finished yet<\/div>/g)).toHaveLength(8);
    expect(html).toContain('<progress max="4000000" value="1000000">25%</progress>');
    expect(html).toContain(
      `href="http://127.0.0.1:8233/namespaces/default/workflows/${encodeURIComponent('feed:nsw:rfs:major-incidents')}"`,
    );
    // An hour of this process's reading, and 23 hours before it started.
    const start = row.indexOf('class="strip"');
    const strip = row.slice(start, row.indexOf('</span', start));
    expect(strip).toContain('aria-label="1 polls in the last 2 hours seen, 1 failed"');
    expect(strip.match(/<i /g)).toHaveLength(24);
    expect(strip.match(/<i class=n>/g)).toHaveLength(22);
    // Its one poll seen, in the hour before NOW, failed; a healthy feed's was good.
    expect(strip).toMatch(/<i class=f title="02:00 UTC: 0 good, 1 failed"><\/i><i class=e><\/i>$/);
    const healthy = html.slice(html.indexOf(`data-key="${HEALTHY[0]!.key}"`));
    expect(healthy.slice(0, healthy.indexOf('</tr>'))).toMatch(/<i class=g><\/i><i class=e><\/i><\/span\s*>/);
  });

  it('answers 304 while the page is the same', async () => {
    const first = await fetch(`${base}/status`, { headers: browser });
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${base}/status`, { headers: { ...browser, 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('keeps JSON for other clients: the front door at /, the /v1/status document at /status', async () => {
    const door = await fetch(`${base}/`);
    expect(door.headers.get('vary')?.split(/,\s*/)).toContain('Accept');
    const front = (await door.json()) as { links: Record<string, string> };
    expect(front.links.status).toBe('/v1/status');
    const status = await fetch(`${base}/status`, { headers: { accept: 'application/json' } });
    expect(status.headers.get('vary')?.split(/,\s*/)).toContain('Accept');
    const body = (await status.json()) as { status: string; counts: { degraded: number } };
    const v1 = (await (await fetch(`${base}/v1/status`)).json()) as typeof body;
    expect(body).toEqual(v1);
    expect(body.counts.degraded).toBe(1);
  });

  it('serves the map with the page key and the catalogue’s agencies, and its scripts gzipped within budget', async () => {
    const html = await (await fetch(`${base}/map`, { headers: browser })).text();
    expect(html).toContain(`<meta name="eids-api-key" content="${key.token}" />`);
    expect(html).toContain('"nsw:rfs":{"name":"NSW Rural Fire Service"');
    // The stream's change types, from the service's one list (web/map-stream.js keeps none of its own).
    expect(html).toContain(`<meta name="eids-change-types" content="${STREAM_CHANGE_TYPES.join(',')}" />`);
    let gzipped = 0;
    for (const path of MAP_SCRIPTS) {
      const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.headers.get('content-encoding'), path).toBe('gzip');
      expect(response.headers.get('content-type'), path).toMatch(/^text\/javascript/);
      const length = Number(response.headers.get('content-length'));
      expect(length, path).toBeGreaterThan(0);
      gzipped += length;
      const etag = response.headers.get('etag')!;
      await response.arrayBuffer();
      const again = await fetch(`${base}${path}`, { headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
    }
    expect(gzipped).toBeLessThanOrEqual(350 * 1024);
    const missing = await fetch(`${base}/map/assets/nothing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
  });

  it('states the outlines’ source on the map, and serves the coarse borders without a boundaries file', async () => {
    const html = await (await fetch(`${base}/map`, { headers: browser })).text();
    expect(html).toContain(`<meta name="eids-outline-source" content="${COARSE_BORDERS_SOURCE}" />`);
    const outlines = (await (await fetch(`${base}/map/outlines.geojson`)).json()) as {
      source: string;
      features: { properties: { kind: string }; geometry: { coordinates: [number, number][][] } }[];
    };
    expect(outlines.source).toBe(COARSE_BORDERS_SOURCE);
    expect(outlines.features.map((f) => f.properties.kind)).toEqual(['state']);
    // The meridian between WA and its neighbours, among the borders.
    const lines = outlines.features[0]!.geometry.coordinates;
    expect(lines.some((line) => line.every(([lng]) => lng === 129))).toBe(true);
  });

  it('serves the basemap: land with the real coast and the main towns, gzipped, cached for a week', async () => {
    const response = await fetch(`${base}/map/basemap.geojson`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/geo+json');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe('public, max-age=604800');
    const etag = response.headers.get('etag')!;
    const basemap = (await response.json()) as {
      credits: { name: string; licence: string }[];
      features: {
        properties: { kind: string; name?: string; minzoom?: number };
        geometry: { type: string; coordinates: unknown };
      }[];
    };
    expect(basemap.credits.map((c) => `${c.name} (${c.licence})`)).toEqual([
      'Natural Earth (public domain)',
      'GeoNames (CC BY 4.0, a selection)',
    ]);
    const names = basemap.features.filter((f) => f.properties.kind === 'town').map((f) => f.properties.name);
    for (const city of ['Sydney', 'Melbourne', 'Hobart', 'Port Macquarie']) expect(names).toContain(city);
    const land = basemap.features.find((f) => f.properties.kind === 'land')!;
    expect(land.geometry.type).toBe('MultiPolygon');
    const onLand = (point: [number, number]) =>
      (land.geometry.coordinates as [number, number][][][]).some((polygon) => {
        const inside = pointInPolygon(point, polygon);
        return inside === true || inside === 0;
      });
    // Port Macquarie, on the NSW coast the old outline drew as a straight line; and the sea off it.
    expect(onLand([152.9, -31.43])).toBe(true);
    expect(onLand([153.5, -32.5])).toBe(false);
    const again = await fetch(`${base}/map/basemap.geojson`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});
