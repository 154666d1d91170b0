import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { dataCaching, ResponseCache, type CachedResponse } from '../../api/http-cache.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import type { AppEnv } from '../../api/env.js';

const answer = (bytes: number): CachedResponse => ({
  etag: 'W/"x"',
  validators: {},
  body: new Uint8Array(bytes),
  headers: { 'content-type': 'application/json' },
});

describe('the response cache', () => {
  it('drops the answers of older generations once a newer one is served', () => {
    const cache = new ResponseCache(1_000_000);
    cache.useGeneration(7);
    cache.set('W/"7-a"', answer(1000));
    cache.set('W/"7-b"', answer(500));
    // Each body counts with room for its gzipped copy (a tenth).
    expect(cache.size).toBe(1650);
    expect(cache.get('W/"7-a"')).toBeDefined();

    cache.useGeneration(7);
    expect(cache.get('W/"7-b"')).toBeDefined();

    cache.useGeneration(8);
    expect(cache.size).toBe(0);
    expect(cache.get('W/"7-a"')).toBeUndefined();
    expect(cache.get('W/"7-b"')).toBeUndefined();
  });

  it('never goes back to an older generation', () => {
    const cache = new ResponseCache(1_000_000);
    cache.useGeneration(9);
    cache.set('W/"9-a"', answer(100));
    cache.useGeneration(8);
    expect(cache.get('W/"9-a"')).toBeDefined();
  });

  it('keeps within its byte budget, least recently used out first', () => {
    const cache = new ResponseCache(8000);
    cache.useGeneration(1);
    cache.set('a', answer(900));
    cache.set('b', answer(900));
    cache.get('a');
    for (const key of ['c', 'd', 'e', 'f', 'g', 'h', 'i']) cache.set(key, answer(900));
    expect(cache.size).toBeLessThanOrEqual(8000);
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
  });
});

describe('the data caching middleware', () => {
  it('handles a request once however many of its registrations match, so a body is gzipped once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eids-caching-'));
    const store = await ServingStore.open(join(dir, 'lake'));
    try {
      const body = JSON.stringify({ items: Array.from({ length: 200 }, (_, index) => ({ index })) });
      const app = new Hono<AppEnv>();
      app.use('*', async (c, next) => {
        c.set('tier', 'pro');
        await next();
      });
      const caching = dataCaching(store, 'private, max-age=60');
      // Overlapping patterns: `/things/*` matches `/things` too.
      app.use('/things', caching);
      app.use('/things/*', caching);
      app.use('/things', dataCaching(store, 'private, max-age=60'));
      app.get('/things', (c) => c.body(body, 200, { 'content-type': 'application/json' }));
      for (let i = 0; i < 3; i++) {
        const zipped = await app.request('/things', { headers: { 'accept-encoding': 'gzip' } });
        expect(zipped.headers.get('content-encoding'), `request ${i + 1}`).toBe('gzip');
        expect(gunzipSync(new Uint8Array(await zipped.arrayBuffer())).toString(), `request ${i + 1}`).toBe(
          body,
        );
        const plain = await app.request('/things', { headers: { 'accept-encoding': 'br' } });
        expect(plain.headers.get('content-encoding'), `request ${i + 1}`).toBeNull();
        expect(await plain.text(), `request ${i + 1}`).toBe(body);
      }
    } finally {
      store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
