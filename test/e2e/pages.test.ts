import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launchChromium, mapRendered, pageErrors } from '../../replay/browser.js';
import { dataLayout, mirrorPath } from '../../config/index.js';
import { renderNswMajorIncidents, syntheticNswIncidents } from '../../replay/generators/nsw-rfs.js';
import { ReplayServer } from '../../replay/server.js';
import { NSW_FEED, waitFor } from '../support/harness.js';
import { bearer, testAccess } from '../support/keys.js';
import { startServiceProcess, terminatePollers, type ServiceProcess } from '../support/service-process.js';

const POLL_SECONDS = 4;
const INCIDENTS = 40;

interface Collection {
  features: { id: string; properties: { title: string } }[];
  meta: { total_count: number };
}

/**
 * The status page and the map in Debian's Chromium, against the service as `npm start` runs it, polling
 * the replay server: what a person sees, and a feed broken through the replay's control endpoint.
 */
describe('the status page and the map in a real browser', () => {
  let replay: ReplayServer;
  let service: ServiceProcess;
  let browser: Browser;
  let dataDir: string;
  let headers: Record<string, string>;
  const feedPath = mirrorPath(NSW_FEED);
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${service.apiUrl}${path}`, { ...init, headers: { ...headers, ...(init.headers as object) } });

  beforeAll(async () => {
    // Fails here, with what to install, when no Chromium is found: these tests never skip.
    browser = await launchChromium();
    dataDir = await mkdtemp(join(tmpdir(), 'eids-pages-'));
    replay = await ReplayServer.start();
    const document = renderNswMajorIncidents(syntheticNswIncidents(INCIDENTS, 31));
    replay.script(feedPath, [{ kind: 'document', body: document }]);
    const access = testAccess(dataLayout(dataDir).accessDbFile);
    headers = bearer((await access.issue('starter')).token);
    access.close();
    const suffix = randomUUID().slice(0, 8);
    service = await startServiceProcess({
      DATA_DIR: dataDir,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      UPSTREAM_BASE_URL: replay.url,
      // The tests poll faster and longer than a client should, and open the map from one address many
      // times a minute (the page key's windows count per address): the windows, raised.
      RATE_LIMITS: 'free=100/100000,starter=100/100000',
      POLL_INTERVAL_SECONDS: String(POLL_SECONDS),
      PORT: '0',
      FEEDS: NSW_FEED.key,
      INGEST_TASK_QUEUE: `pages-ingest-${suffix}`,
      WAREHOUSE_TASK_QUEUE: `pages-warehouse-${suffix}`,
    });
    await waitFor(
      async () => {
        const response = await api('/v1/incidents?limit=1');
        return response.ok && ((await response.json()) as Collection).meta.total_count === INCIDENTS
          ? true
          : undefined;
      },
      { what: 'the incidents in the API', timeoutMs: 60_000 },
    );
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await replay?.close();
    await terminatePollers(inject('temporalAddress'), [NSW_FEED]);
    await rm(dataDir, { recursive: true, force: true });
  });

  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = pageErrors(page);
    const response = await page.goto(`${service.apiUrl}${path}`);
    expect(response?.status()).toBe(200);
    return { page, errors };
  }

  it('answers a browser with the status page and other clients with JSON, at / and /status', async () => {
    for (const path of ['/', '/status']) {
      const page = await fetch(`${service.apiUrl}${path}`, {
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip' },
      });
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('vary')).toMatch(/Accept/);
      const html = await page.text();
      expect(html).toContain('nsw-rfs-major-incidents');
      expect(Buffer.byteLength(html)).toBeLessThanOrEqual(50 * 1024);
    }
    const front = await fetch(`${service.apiUrl}/`);
    expect(front.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await front.json()) as { links: { status: string } }).links.status).toBe('/v1/status');
    const status = await fetch(`${service.apiUrl}/status`, { headers: { accept: 'application/json' } });
    expect(((await status.json()) as { feeds: { feed: string }[] }).feeds.map((f) => f.feed)).toEqual([
      NSW_FEED.key,
    ]);
  });

  it('shows the status page with no console errors, readable without JavaScript', async () => {
    const { page, errors } = await open('/');
    // The page fetches itself again every few seconds: the first poll's health arrives without a reload.
    await expect
      .poll(() => page.locator(`tr[data-key="${NSW_FEED.key}"] .s`).textContent(), { timeout: 20_000 })
      .toBe('healthy');
    await page.close();
    const bare = await browser.newPage({ javaScriptEnabled: false });
    await bare.goto(`${service.apiUrl}/status`);
    await expect(bare.locator('h1').textContent()).resolves.toMatch(/Service status/);
    await expect(bare.locator(`tr[data-key="${NSW_FEED.key}"]`).count()).resolves.toBe(1);
    await bare.close();
    expect(errors).toEqual([]);
  });

  it('draws as many incidents on the map as the API counts, from tiles, then lists them all', async () => {
    const { page, errors } = await open('/map');
    await mapRendered(page);
    const total = ((await (await api('/v1/incidents?limit=1')).json()) as Collection).meta.total_count;
    const drawn = await page.evaluate<number>(
      "new Set(window.eidsMap.queryRenderedFeatures({ layers: ['incidents'] }).map((f) => f.properties.id)).size",
    );
    expect(drawn).toBe(total);
    // Drawn from the service's vector tiles, before any list was read.
    const firstRender = await page.evaluate<{ source: string; read: string[] }>(`(() => {
      const rendered = performance.getEntriesByName('eids-map-rendered')[0].startTime;
      const read = performance.getEntriesByType('resource')
        .filter((entry) => entry.responseEnd <= rendered && entry.name.includes('/v1/'))
        .map((entry) => new URL(entry.name).pathname);
      return { source: window.eidsMap.getSource('live').type, read };
    })()`);
    expect(firstRender.source).toBe('vector');
    expect(firstRender.read.length).toBeGreaterThan(0);
    for (const path of firstRender.read) expect(path).toMatch(/^\/v1\/(tiles\/live\/|attribution$)/);
    // The list view still holds every incident.
    await expect
      .poll(() => page.locator('#list-body table').first().locator('tbody tr').count(), { timeout: 20_000 })
      .toBe(total);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws the archive’s heat map from its tiles when asked for', async () => {
    const { page, errors } = await open('/map');
    await mapRendered(page);
    const archiveTiles: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/v1/tiles/archive/'))
        archiveTiles.push(response.status());
    });
    expect(
      await page.evaluate<string>("window.eidsMap.getLayoutProperty('archive-heat', 'visibility')"),
    ).toBe('none');
    await page.getByLabel(/Past incidents/).check();
    await expect.poll(() => archiveTiles.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // This service's archive is empty: each tile answers 204, and the map draws nothing, without error.
    expect(new Set(archiveTiles)).toEqual(new Set([204]));
    expect(
      await page.evaluate<string>("window.eidsMap.getLayoutProperty('archive-heat', 'visibility')"),
    ).toBe('visible');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens an incident clicked on the map with its title, times, warning level and links', async () => {
    const { page, errors } = await open('/map');
    await mapRendered(page);
    const target = await page.evaluate<{ id: string; title: string; x: number; y: number }>(`(() => {
      const [feature] = window.eidsMap.queryRenderedFeatures({ layers: ['incidents'] });
      const point = window.eidsMap.project(feature.geometry.coordinates);
      const box = window.eidsMap.getCanvas().getBoundingClientRect();
      return { id: feature.properties.id, title: feature.properties.title, x: box.left + point.x, y: box.top + point.y };
    })()`);
    await page.mouse.click(target.x, target.y);
    const details = page.locator('#details');
    await expect(details.locator('h2').textContent()).resolves.toBeTruthy();
    // Another incident may lie on top at that point: whichever it is, its own title is shown.
    const shown = await details.locator('h2').textContent();
    const { features } = (await (await api('/v1/incidents?limit=500')).json()) as Collection;
    expect(features.map((f) => f.properties.title)).toContain(shown);
    const text = (await details.textContent()) ?? '';
    for (const label of ['Warning level', 'Reported', 'Updated', 'Source', 'CAP'])
      expect(text).toContain(label);
    const cap = details.getByRole('link', { name: /CAP alert/ });
    await expect(cap.getAttribute('href')).resolves.toMatch(/^\/v1\/incidents\/.+\?format=cap-au$/);
    // The alert needs the key: the page fetches it and opens it in a new tab.
    const [alert] = await Promise.all([page.waitForEvent('popup'), cap.click()]);
    await expect
      .poll(async () => (alert.url().startsWith('blob:') ? await alert.content() : ''), { timeout: 10_000 })
      .toContain('urn:oasis:names:tc:emergency:cap:1.2');
    await alert.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reaches the list view by keyboard and opens an incident from it', async () => {
    const { page, errors } = await open('/map');
    await mapRendered(page);
    // The list is read once the map has drawn.
    await page.locator('#list-body button[data-kind="incident"]').first().waitFor();
    let focused = '';
    for (let presses = 0; presses < 25 && focused !== 'Skip to the list of incidents'; presses++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate<string>('document.activeElement?.textContent?.trim() ?? ""');
    }
    expect(focused).toBe('Skip to the list of incidents');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const inList = await page.evaluate<{ inside: boolean; title: string }>(
      '({ inside: !!document.activeElement?.closest("#list"), title: document.activeElement?.textContent ?? "" })',
    );
    expect(inList.inside).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.locator('#details h2').textContent()).resolves.toBe(inList.title);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws the basemap: land to the real coast, town names by zoom, the sources and the outlines’ source', async () => {
    const { page, errors } = await open('/map');
    await mapRendered(page);
    const towns = () =>
      page.evaluate<string[]>(
        '[...document.querySelectorAll(".towns .town:not([hidden])")].map((town) => town.textContent)',
      );
    // The whole country: the capitals, not yet the coast's smaller towns.
    const country = await towns();
    for (const city of ['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide', 'Hobart', 'Darwin'])
      expect(country).toContain(city);
    expect(country).not.toContain('Port Macquarie');
    await page.evaluate(
      'new Promise((resolve) => { window.eidsMap.once("idle", resolve); window.eidsMap.jumpTo({ center: [152.6, -31.9], zoom: 7 }); })',
    );
    expect(await towns()).toEqual(expect.arrayContaining(['Port Macquarie', 'Newcastle', 'Taree']));
    // Port Macquarie is on the land the map draws; the sea off the coast south-east of it is not.
    const land = await page.evaluate<boolean[]>(
      '[[152.9, -31.43], [153.5, -32.5]].map((at) => window.eidsMap.queryRenderedFeatures(window.eidsMap.project(at), { layers: ["land"] }).length > 0)',
    );
    expect(land).toEqual([true, false]);
    const outlineSource = await page.locator('meta[name="eids-outline-source"]').getAttribute('content');
    const credits = (await page.locator('.maplibregl-ctrl-attrib').textContent()) ?? '';
    for (const credit of ['Natural Earth', 'public domain', 'GeoNames', 'CC BY 4.0', outlineSource!])
      expect(credits).toContain(credit);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('centres the map on a row clicked in the list and shows its details in view', async () => {
    const { page, errors } = await open('/map');
    await mapRendered(page);
    const row = page.locator('#list-body button[data-kind="incident"]').last();
    await row.scrollIntoViewIfNeeded();
    // The list is below the map: from its last row, the map is out of view.
    expect(
      await page.evaluate<number>('document.getElementById("map").getBoundingClientRect().bottom'),
    ).toBeLessThan(0);
    const id = (await row.getAttribute('data-id'))!;
    const incident = (await (await api(`/v1/incidents/${encodeURIComponent(id)}`)).json()) as {
      geometry: { coordinates: [number, number] };
      properties: { title: string };
    };
    await row.click();
    const [lng, lat] = incident.geometry.coordinates;
    const offCentre = async () => {
      const centre = await page.evaluate<{ lng: number; lat: number }>(
        '(({ lng, lat }) => ({ lng, lat }))(window.eidsMap.getCenter())',
      );
      return Math.max(Math.abs(centre.lng - lng), Math.abs(centre.lat - lat));
    };
    await expect.poll(offCentre, { timeout: 10_000 }).toBeLessThan(1e-4);
    await expect(page.locator('#details h2').textContent()).resolves.toBe(incident.properties.title);
    const box = await page.evaluate<{ top: number; bottom: number; height: number }>(
      '(({ top, bottom }) => ({ top, bottom, height: window.innerHeight }))(document.getElementById("details").getBoundingClientRect())',
    );
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(box.height);
    // The details take the focus; Close gives it back to the row.
    expect(await page.evaluate<string>('document.activeElement?.id ?? ""')).toBe('details');
    await page.locator('#details button').click();
    expect(await page.evaluate<string>('document.activeElement?.dataset?.id ?? ""')).toBe(id);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reads the API with a free key restricted to the service’s own origins', async () => {
    const { page } = await open('/map');
    const key = await page.locator('meta[name="eids-api-key"]').getAttribute('content');
    await page.close();
    const auth = { authorization: `Bearer ${key}` };
    expect((await fetch(`${service.apiUrl}/v1/incidents?limit=1`, { headers: auth })).status).toBe(200);
    const own = new URL(service.apiUrl).origin;
    const fromHere = await fetch(`${service.apiUrl}/v1/incidents?limit=1`, {
      headers: { ...auth, origin: own },
    });
    expect(fromHere.status).toBe(200);
    const elsewhere = await fetch(`${service.apiUrl}/v1/incidents?limit=1`, {
      headers: { ...auth, origin: 'https://elsewhere.example' },
    });
    expect(elsewhere.status).toBe(403);
    const history = await fetch(`${service.apiUrl}/v1/incidents/history`, { headers: auth });
    expect(((await history.json()) as { type: string }).type).toMatch(/tier-required/);
  });

  it('follows the change stream: a new incident upstream is drawn without reading the lists again', async () => {
    const { page, errors } = await open('/map');
    const listReads: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      // Tiles are read again as changes come; the lists are not.
      if (path.startsWith('/v1/') && !/^\/v1\/(stream|tiles)/.test(path)) listReads.push(path);
    });
    await mapRendered(page);
    await expect.poll(() => page.locator('#map-status').textContent(), { timeout: 20_000 }).toMatch(/live/);
    // The conditional read of the three lists the stream's start asks for, a few seconds on; from
    // then on only the stream talks.
    await expect.poll(() => listReads.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await page.waitForTimeout(500);
    listReads.length = 0;
    const drawnIds = () =>
      page.evaluate<string[]>(
        "[...new Set(window.eidsMap.queryRenderedFeatures({ layers: ['incidents'] }).map((f) => f.properties.id))]",
      );
    const before = new Set(await drawnIds());
    replay.script(feedPath, [
      { kind: 'document', body: renderNswMajorIncidents(syntheticNswIncidents(INCIDENTS + 1, 31)) },
    ]);
    await expect
      .poll(async () => (await drawnIds()).length, { timeout: 8 * POLL_SECONDS * 1000, interval: 200 })
      .toBe(INCIDENTS + 1);
    const added = (await drawnIds()).filter((id) => !before.has(id));
    expect(added).toHaveLength(1);
    const incident = await api(`/v1/incidents/${encodeURIComponent(added[0] ?? '')}`);
    expect(incident.status).toBe(200);
    expect(listReads).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a feed broken through the replay control endpoint as degraded, with its reason, within two polls', async () => {
    const { page, errors } = await open('/status');
    const row = page.locator(`tr[data-key="${NSW_FEED.key}"]`);
    await expect.poll(() => row.getAttribute('class'), { timeout: 20_000 }).toBe('healthy');
    const control = `${replay.url}/_replay${feedPath}`;
    const before = ((await (await fetch(control)).json()) as { requests: number }).requests;
    const broken = await fetch(control, {
      method: 'PUT',
      body: JSON.stringify({ steps: [{ kind: 'status', status: 404 }] }),
    });
    expect(broken.status).toBe(204);
    // The page updates itself: no reload.
    await expect
      .poll(() => row.getAttribute('class'), { timeout: 4 * POLL_SECONDS * 1000, interval: 100 })
      .toBe('degraded');
    const polls = ((await (await fetch(control)).json()) as { requests: number }).requests - before;
    expect(polls).toBeGreaterThanOrEqual(1);
    expect(polls).toBeLessThanOrEqual(2);
    await expect(row.locator('.reason').textContent()).resolves.toMatch(/^http-status: HTTP 404 from /);
    await fetch(control, { method: 'PUT', body: JSON.stringify({ steps: [{ kind: 'document' }] }) });
    expect(errors).toEqual([]);
    await page.close();
  });
});
