import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpCall, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { CursorCodec } from '../../api/cursor.js';
import { listen } from '../../api/listen.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import { API_VERSION } from '../../api/version.js';
import { FEED_CATALOGUE } from '../../config/index.js';
import { publishNow } from '../../warehouse/publisher.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { TEST_CAP_ISSUER } from '../support/cap-issuer.js';
import { makeRecord } from '../support/incidents.js';
import type { IncidentRecord } from '../../model/index.js';
import { bearer, testAccess, type TestAccess } from '../support/keys.js';

/** Conditional requests, freshness after a publish, and requests Node rejects: on a real loopback server. */
describe('HTTP edge cases (loopback server)', () => {
  const FEED = 'nsw-rfs-major-incidents';
  let dir: string;
  let warehouse: Warehouse;
  let store: ServingStore;
  let access: TestAccess;
  let server: Server;
  let base: string;
  let headers: Record<string, string>;

  const commitAndPublish = async (ids: string[], polledAt: string) => {
    await warehouse.commit({
      feedKey: FEED,
      pollId: `poll@${polledAt}`,
      rawSha256: 'a'.repeat(64),
      incoming: ids.map((id) => makeRecord(id)),
      polledAt,
      guarded: false,
    });
    return publishNow(warehouse, join(dir, 'serving'));
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-edges-'));
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    await commitAndPublish(['1', '2'], '2026-11-20T10:00:00+11:00');
    store = await ServingStore.open(join(dir, 'serving'));
    access = testAccess();
    headers = bearer((await access.issue('pro')).token);
    const app = createApp({
      cap: TEST_CAP_ISSUER,
      store,
      feedHealth: { read: () => Promise.resolve([]) },
      catalogue: FEED_CATALOGUE.filter((feed) => feed.key === FEED),
      cursors: new CursorCodec('test-cursor-secret'),
      keys: access.store,
      quota: access.store,
      version: API_VERSION,
      startedAt: new Date(),
      now: () => new Date(),
    });
    server = await listen(app.fetch, '127.0.0.1', 0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    access.close();
    store.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (path: string, extra: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { ...headers, ...extra } });

  it('never turns a 404 or a 400 into a 304, whatever the conditional headers say', async () => {
    const future = new Date(Date.now() + 86_400_000).toUTCString();
    for (const [path, status] of [
      ['/v1/incidents/does-not-exist', 404],
      ['/v1/incidents?limit=abc', 400],
      ['/v1/incidents/snapshot?datetime=garbage', 400],
    ] as const) {
      const conditionals: Record<string, string>[] = [
        { 'if-none-match': '*' },
        { 'if-modified-since': future },
      ];
      for (const conditional of conditionals) {
        const response = await get(path, conditional);
        expect(response.status, `${path} ${JSON.stringify(conditional)}`).toBe(status);
        expect(response.headers.get('content-type')).toBe('application/problem+json');
        expect(((await response.json()) as { status: number }).status).toBe(status);
      }
    }
  });

  it('answers 304 for a matching validator, first asked and from the cache', async () => {
    const first = await get('/v1/incidents?state=nsw');
    const etag = first.headers.get('etag') ?? '';
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    expect((await get('/v1/incidents?state=nsw', { 'if-none-match': etag })).status).toBe(304);
    // Not yet cached: the route runs, then the validator matches.
    const fresh = await get('/v1/incidents?state=nsw&limit=7', { 'if-none-match': '*' });
    expect(fresh.status).toBe(304);
    expect(fresh.headers.get('etag')).toMatch(/^W\//);
  });

  it('serves every request after an idle spell from the newest published generation', async () => {
    const before = await get('/v1/incidents');
    const oldEtag = before.headers.get('etag');
    await before.arrayBuffer();
    // Idle longer than the store's check interval, then publish.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const published = await commitAndPublish(['1', '2', '3'], '2026-11-20T10:05:00+11:00');
    await store.whenLoaded(published.generation);
    const burst = await Promise.all(Array.from({ length: 5 }, () => get('/v1/incidents')));
    expect(new Set(burst.map((response) => response.headers.get('etag'))).size).toBe(1);
    for (const response of burst) {
      const body = (await response.json()) as { meta: { total_count: number } };
      expect(body.meta.total_count).toBe(3);
      expect(response.headers.get('etag')).not.toBe(oldEtag);
      expect(response.headers.get('last-modified')).toBe(new Date(published.publishedAt).toUTCString());
    }
  });

  it('answers 304 to a client polling one state while another changes, and 200 once its own does', async () => {
    const tas = (status: 'active' | 'contained') =>
      makeRecord('t1', { id: 'tas-tfs-t1', source: { state: 'tas', agency: 'tfs', feedId: 't1' }, status });
    const publishWith = async (records: IncidentRecord[], polledAt: string) => {
      await warehouse.commit({
        feedKey: FEED,
        pollId: `poll@${polledAt}`,
        rawSha256: 'b'.repeat(64),
        incoming: records,
        polledAt,
        guarded: false,
      });
      await store.whenLoaded((await publishNow(warehouse, join(dir, 'serving'))).generation);
    };
    await publishWith([makeRecord('1'), makeRecord('2'), tas('active')], '2026-11-20T11:00:00+11:00');
    const polled = await get('/v1/incidents?state=tas');
    const tag = polled.headers.get('etag') ?? '';
    expect((await polled.json()) as { meta: { total_count: number } }).toMatchObject({
      meta: { total_count: 1 },
    });

    // New South Wales changes, twice: Tasmania's answer does not, and its poller gets 304 each time.
    let nswTag = (await get('/v1/incidents?state=nsw')).headers.get('etag') ?? '';
    const changes = [
      { at: '11:01', nsw: [makeRecord('1', { status: 'contained' }), makeRecord('2')] },
      {
        at: '11:02',
        nsw: [makeRecord('1', { status: 'contained' }), makeRecord('2', { status: 'contained' })],
      },
    ];
    for (const { at, nsw } of changes) {
      await publishWith([...nsw, tas('active')], `2026-11-20T${at}:00+11:00`);
      const again = await get('/v1/incidents?state=tas', { 'if-none-match': tag });
      expect(again.status, at).toBe(304);
      expect(again.headers.get('etag')).toBe(tag);
      const other = await get('/v1/incidents?state=nsw', { 'if-none-match': nswTag });
      expect(other.status, at).toBe(200);
      nswTag = other.headers.get('etag') ?? '';
    }
    // Then Tasmania's incident changes: 200, with another ETag.
    await publishWith([makeRecord('1'), makeRecord('2'), tas('contained')], '2026-11-20T11:03:00+11:00');
    const changed = await get('/v1/incidents?state=tas', { 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
  });

  it('keeps a gzipped copy of a cached answer and serves it to clients that take gzip', async () => {
    const path = '/v1/incidents?limit=500&include_retracted=true';
    const plain = await get(path, { 'accept-encoding': 'identity' });
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(text.length).toBeGreaterThan(1024);
    for (let i = 0; i < 3; i++) {
      // fetch inflates the body itself (once); the header says what travelled.
      const zipped = await get(path, { 'accept-encoding': 'gzip' });
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(await zipped.text(), `request ${i + 1}`).toBe(text);
    }
  });

  /**
   * Sends raw bytes and returns the raw reply. Parts are sent `gapMs` apart, all of them whatever the
   * server answers meanwhile (as a client still uploading would), and then the client closes.
   */
  function raw(request: string | string[], gapMs = 0): Promise<string> {
    return new Promise((resolve, reject) => {
      let reply = '';
      const socket = connect(
        { port: (server.address() as AddressInfo).port, host: '127.0.0.1', allowHalfOpen: true },
        () => {
          void (async () => {
            for (const part of typeof request === 'string' ? [request] : request) {
              if (socket.destroyed) return;
              socket.write(part);
              if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
            }
            socket.end();
          })();
        },
      );
      socket.on('data', (chunk) => (reply += String(chunk)));
      socket.on('close', () => resolve(reply));
      socket.on('error', reject);
      socket.setTimeout(5_000, () => socket.destroy(new Error('no reply')));
    });
  }

  /** A request through node:http, which reads a HEAD answer's head and nothing after it. */
  function httpRequest(method: string, extra: Record<string, string>) {
    return new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
      const outgoing = httpCall(
        `${base}/v1/incidents`,
        { method, headers: extra, agent: false },
        (response) => {
          let body = '';
          response.on('data', (chunk) => (body += String(chunk)));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'], body }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  function problemOf(reply: string) {
    const [head = '', body = ''] = reply.split('\r\n\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
    return {
      status,
      head: head.toLowerCase(),
      body: JSON.parse(body) as { status: number; requestId: string },
    };
  }

  it('answers oversized headers with a 431 problem carrying a request id', async () => {
    const reply = problemOf(
      await raw(`GET /v1/incidents HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(reply.status).toBe(431);
    expect(reply.head).toContain('content-type: application/problem+json');
    expect(reply.head).toMatch(/x-request-id: [0-9a-f-]{36}/);
    expect(reply.body).toMatchObject({ status: 431 });
  });

  it('answers HEAD with oversized headers with the 431 head alone, and GET with the problem', async () => {
    const big = { 'x-big': 'a'.repeat(20_000) };
    const head = await raw(`HEAD /v1/incidents HTTP/1.1\r\nHost: x\r\nX-Big: ${big['x-big']}\r\n\r\n`);
    const [lines = '', body] = head.split('\r\n\r\n');
    expect(lines).toMatch(/^HTTP\/1\.1 431 /);
    expect(lines.toLowerCase()).toContain('content-type: application/problem+json');
    expect(lines.toLowerCase()).toMatch(/x-request-id: [0-9a-f-]{36}/);
    expect(body).toBe('');
    // Real clients: a body after a HEAD answer is a parse error to them, a closed connection.
    expect(await httpRequest('HEAD', big)).toEqual({
      status: 431,
      type: 'application/problem+json',
      body: '',
    });
    const get = await httpRequest('GET', big);
    expect(get).toMatchObject({ status: 431, type: 'application/problem+json' });
    expect(JSON.parse(get.body)).toMatchObject({ status: 431, type: '/v1/problems/headers-too-large' });
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${base}/v1/incidents`, { method, headers: { ...headers, ...big } });
      expect(response.status, method).toBe(431);
      const text = await response.text();
      if (method === 'HEAD') expect(text).toBe('');
      else expect(JSON.parse(text)).toMatchObject({ status: 431 });
    }
  });

  it('answers 431 to a client still sending its oversized headers after the answer', async () => {
    const more = Array.from({ length: 12 }, () => `X-More: ${'b'.repeat(8_000)}\r\n`);
    for (const method of ['GET', 'HEAD']) {
      const reply = await raw(
        [`${method} /v1/incidents HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n`, ...more],
        15,
      );
      expect(reply, method).toMatch(/^HTTP\/1\.1 431 /);
      if (method === 'GET') expect(problemOf(reply).body).toMatchObject({ status: 431 });
    }
  });

  it('answers a bare * target and an unparseable request line with 400 problems', async () => {
    for (const request of ['GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'GARBAGE\r\n\r\n']) {
      const reply = problemOf(await raw(request));
      expect(reply.status, request).toBe(400);
      expect(reply.head).toContain('content-type: application/problem+json');
      expect(reply.head).toMatch(/x-request-id: [0-9a-f-]{36}/);
      expect(reply.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
