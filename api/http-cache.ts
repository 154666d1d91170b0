import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { gzipSync } from 'node:zlib';
import type { ServingStore } from '../lake/serving/serving-store.js';
import type { AppEnv } from './types.js';

/**
 * Validators for data responses, from the serving generation: a weak ETag (the same representation
 * may be compressed differently) naming the generation and the request, and Last-Modified from the
 * publication time. A matching If-None-Match (or, without one, If-Modified-Since) answers 304 only for
 * a request that would be answered 200: a cached answer proves that, otherwise the route runs first,
 * so a 404 or a 400 is never turned into a 304.
 */
export function dataCaching(store: ServingStore, cacheControl: string): MiddlewareHandler<AppEnv> {
  const cache = new ResponseCache(MAX_CACHED_BYTES);
  return async (c, next) => {
    // Twice on one request, the outer pass would cache (and gzip again) the inner pass's gzip.
    if (c.get('dataCaching')) return next();
    c.set('dataCaching', true);
    const { generation, publishedAt } = store.current;
    const url = new URL(c.req.url);
    // The plan changes some answers (history's default window), so it is part of the key.
    const request = `${c.get('tier')} ${url.pathname}?${[...url.searchParams].sort().join('&')}`;
    const etag = `W/"${generation}-${createHash('sha256').update(request).digest('base64url').slice(0, 16)}"`;
    const lastModified = publishedAt ? new Date(publishedAt).toUTCString() : undefined;
    const validators: Record<string, string> = {
      etag,
      'cache-control': cacheControl,
      vary: 'accept-encoding',
    };
    if (lastModified) validators['last-modified'] = lastModified;

    const unchanged = notModified(
      c.req.header('if-none-match'),
      c.req.header('if-modified-since'),
      etag,
      publishedAt,
    );
    // Many clients poll the same few URLs: within a generation the answer cannot change.
    const gzip = acceptsGzip(c.req.header('accept-encoding'));
    cache.useGeneration(generation);
    const cached = cache.get(etag);
    if (cached) {
      if (unchanged) return c.body(null, 304, validators);
      return respond(c, cache, etag, cached, gzip, validators);
    }
    await next();
    if (c.res.status !== 200) return;
    for (const [name, value] of Object.entries(validators)) c.res.headers.set(name, value);
    const entry: CachedResponse = {
      body: await c.res.clone().arrayBuffer(),
      headers: { 'content-type': c.res.headers.get('content-type') ?? 'application/json' },
    };
    // An answer finished after the next generation was loaded could never be asked for again.
    if (store.current.generation === generation) cache.set(etag, entry);
    if (unchanged) c.res = c.body(null, 304, validators);
    else if (gzip && entry.body.byteLength >= MIN_COMPRESSED_BYTES)
      c.res = respond(c, cache, etag, entry, gzip, validators);
  };
}

/** Below this a body goes out as it is (as the compress middleware does). */
const MIN_COMPRESSED_BYTES = 1024;

function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((coding) => {
    const [name = '', ...parameters] = coding.trim().toLowerCase().split(';');
    return name === 'gzip' && !parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter));
  });
}

/**
 * A cached answer, gzipped once and kept when the client takes gzip: a hit costs a lookup, not a
 * compression. The compress middleware leaves a body that already has a Content-Encoding alone.
 */
function respond(
  c: Context<AppEnv>,
  cache: ResponseCache,
  key: string,
  entry: CachedResponse,
  gzip: boolean,
  validators: Record<string, string>,
): Response {
  if (!gzip || entry.body.byteLength < MIN_COMPRESSED_BYTES) {
    return c.body(entry.body, 200, { ...entry.headers, ...validators });
  }
  if (!entry.gzip) {
    entry.gzip = gzipSync(new Uint8Array(entry.body));
    cache.grew(key, entry.gzip.byteLength);
  }
  return c.body(new Uint8Array(entry.gzip), 200, {
    ...entry.headers,
    ...validators,
    'content-encoding': 'gzip',
  });
}

/** Cached answers per ETag (which names the generation), least recently used out first, within a byte budget. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

export interface CachedResponse {
  body: ArrayBuffer;
  /** The body gzipped, made on the first hit that asks for it. */
  gzip?: Uint8Array;
  headers: Record<string, string>;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;
  private generation = -1;

  constructor(private readonly maxBytes: number) {}

  /**
   * Every key names its generation, so once a newer one is served the older answers can never be hit
   * again: they are dropped at once rather than left to age out of the byte budget.
   */
  useGeneration(generation: number): void {
    if (generation <= this.generation) return;
    this.generation = generation;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Bytes held (bodies and their gzipped copies). */
  get size(): number {
    return this.bytes;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedResponse): void {
    if (entry.body.byteLength > this.maxBytes / 8) return;
    const previous = this.entries.get(key);
    if (previous) this.bytes -= sizeOf(previous);
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
    this.evict();
  }

  /** An entry gained `bytes` (its gzipped copy). */
  grew(key: string, bytes: number): void {
    if (!this.entries.has(key)) return;
    this.bytes += bytes;
    this.evict();
  }

  private evict(): void {
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(value);
    }
  }
}

function sizeOf(entry: CachedResponse): number {
  return entry.body.byteLength + (entry.gzip?.byteLength ?? 0);
}

export function notModified(
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
  etag: string,
  publishedAt: string | null,
): boolean {
  if (ifNoneMatch !== undefined) {
    // Weak comparison (RFC 9110 §13.1.2): W/ prefixes do not matter.
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  if (ifModifiedSince !== undefined && publishedAt) {
    const since = Date.parse(ifModifiedSince);
    // HTTP dates have whole seconds.
    return !Number.isNaN(since) && Math.floor(Date.parse(publishedAt) / 1000) * 1000 <= since;
  }
  return false;
}
