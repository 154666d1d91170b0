import { describe, expect, it } from 'vitest';
import { ResponseCache, type CachedResponse } from '../../api/http-cache.js';

const answer = (bytes: number): CachedResponse => ({
  body: new ArrayBuffer(bytes),
  headers: { 'content-type': 'application/json' },
});

describe('the response cache', () => {
  it('drops the answers of older generations once a newer one is served', () => {
    const cache = new ResponseCache(1_000_000);
    cache.useGeneration(7);
    cache.set('W/"7-a"', answer(1000));
    cache.set('W/"7-b"', answer(500));
    expect(cache.size).toBe(1500);
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
