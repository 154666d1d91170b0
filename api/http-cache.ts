import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { encode } from './compression.js';
import { MIN_COMPRESSED_BYTES, preferredCoding } from './content-coding.js';
import { preparedResponse } from './answer-headers.js';
import { replaceResponse } from './replace-response.js';
import type { ServingStore } from '../lake/serving/serving-store.js';
import type { AppEnv } from './env.js';

/**
 * Validators for data responses: a weak ETag (the same representation may be compressed differently)
 * naming what the answer holds — a hash of the request and of its body, moments left out (below) —
 * so a client polling one state gets 304 across generations while other states change; and
 * Last-Modified from the publication time. A matching If-None-Match (or, without one,
 * If-Modified-Since) answers 304 only for a request that would be answered 200: a cached answer proves
 * that, otherwise the route runs first, so a 404 or a 400 is never turned into a 304.
 *
 * Within a generation an answer cannot change, and many clients poll the same few URLs, so answers
 * are kept as bytes with their headers, identity and gzipped (made once, at the first request that
 * takes gzip): a hit is a map look-up and those bytes, without the route, its validation or a copy.
 */
export function dataCaching(store: ServingStore, cacheControl: string): MiddlewareHandler<AppEnv> {
  const cache = new ResponseCache(MAX_CACHED_BYTES);
  return async (c, next) => {
    // Only reads are answered from the cache: any other method goes to the routes (405 with Allow).
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // Twice on one request, the outer pass would cache (and gzip again) the inner pass's gzip.
    if (c.get('dataCaching')) return next();
    c.set('dataCaching', true);
    const { generation, publishedAt } = store.current;
    cache.useGeneration(generation);
    // The plan changes some answers (history's default window), so it is part of the key.
    const tier = c.get('tier');
    const asSent = `${tier} ${pathAndQuery(c.req.url)}`;
    const hit = cache.get(asSent);
    if (hit) return answer(c, hit, publishedAt);

    // The same query in another order is the same answer: look it up under its canonical form.
    const url = new URL(c.req.url);
    const request = `${tier} ${url.pathname}?${[...url.searchParams].sort().join('&')}`;
    const known = cache.get(request);
    if (known) {
      cache.alias(asSent, request);
      return answer(c, known, publishedAt);
    }

    await next();
    // Only a route's own identity answer is kept (the gzipped copy is made here): an encoded one, or
    // one prepared with this request's headers in it, goes out as it is.
    if (c.res.status !== 200 || c.get('answerPrepared') || c.res.headers.has('content-encoding')) return;
    const body = new Uint8Array(await c.res.arrayBuffer());
    const etag = contentTag(request, body);
    const validators: Record<string, string> = {
      etag,
      'cache-control': cacheControl,
      vary: 'accept-encoding',
    };
    if (publishedAt) validators['last-modified'] = new Date(publishedAt).toUTCString();
    const headers: Record<string, string> = {};
    for (const [name, value] of c.res.headers) {
      if (name !== 'content-length' && name !== 'content-encoding') headers[name] = value;
    }
    const entry: CachedResponse = {
      etag,
      validators,
      body,
      headers: { 'content-type': 'application/json', ...headers, ...validators },
    };
    // An answer finished after the next generation was loaded could never be asked for again.
    if (store.current.generation === generation) {
      cache.set(request, entry);
      cache.alias(asSent, request);
    }
    replaceResponse(c, await answer(c, entry, publishedAt));
  };
}

/**
 * What changes in a body without its data changing: when the answer was made (`generatedAt`) and when
 * each incident was last fetched (`fetched`, moved by every poll of its feed). A weak ETag (RFC 9110
 * §8.8.1) names answers the same where only these differ.
 */
const MOMENTS = /"(generatedAt|fetched)":"[^"]*"/g;

/** A weak ETag for what an answer holds: the request and its body, without the moments above. */
export function contentTag(request: string, body: Uint8Array): string {
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
    .toString('utf8')
    .replace(MOMENTS, '"$1":""');
  const hash = createHash('sha256').update(request).update('\n').update(text).digest('base64url');
  return `W/"${hash.slice(0, 22)}"`;
}

/** The path and query as sent, from an absolute URL (`http://host/v1/x?y` → `/v1/x?y`). */
function pathAndQuery(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start < 0 ? '/' : url.slice(start);
}

/** A cached answer to this request: 304 when its validators match, else its bytes in the best coding. */
async function answer(
  c: Context<AppEnv>,
  entry: CachedResponse,
  publishedAt: string | null,
): Promise<Response> {
  if (
    entry.etag !== '' &&
    notModified(c.req.header('if-none-match'), c.req.header('if-modified-since'), entry.etag, publishedAt)
  ) {
    return preparedResponse(c, 304, null, entry.validators);
  }
  if (
    entry.body.byteLength < MIN_COMPRESSED_BYTES ||
    preferredCoding(c.req.header('accept-encoding')) !== 'gzip'
  ) {
    return preparedResponse(c, 200, entry.body, entry.headers);
  }
  entry.gzip ??= encode('gzip', entry.body).then((gzip) => ({
    body: gzip,
    headers: { ...entry.headers, 'content-encoding': 'gzip' },
  }));
  const gzip = await entry.gzip;
  return preparedResponse(c, 200, gzip.body, gzip.headers);
}

/**
 * Answers a route works out from data that changes only with a generation (declarations): kept by
 * the route's own key for the generation they were worked out from, as bytes with their headers,
 * gzipped once, so asking again costs a look-up. No validators: the route sets its own freshness.
 */
export class AnswerMemo {
  private readonly cache = new ResponseCache(MEMO_BYTES);

  async respond(
    c: Context<AppEnv>,
    generation: number,
    key: string,
    make: () => { text: string; headers: Record<string, string> },
  ): Promise<Response> {
    this.cache.useGeneration(generation);
    let entry = this.cache.get(key);
    if (!entry) {
      const { text, headers } = make();
      entry = {
        etag: '',
        validators: {},
        body: Buffer.from(text),
        headers: { 'content-type': 'application/json', ...headers, vary: 'accept-encoding' },
      };
      this.cache.set(key, entry);
    }
    return answer(c, entry, null);
  }
}

const MEMO_BYTES = 16 * 1024 * 1024;

/** Cached answers of one generation, by request, least recently used out first, within a byte budget. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

export interface CachedResponse {
  /** Empty for answers without validators (AnswerMemo). */
  etag: string;
  /** What a 304 carries. */
  validators: Record<string, string>;
  body: Uint8Array;
  /** Every header of the answer (the route's and the validators), but its length and coding. */
  headers: Record<string, string>;
  /** The body gzipped with its headers, made at the first request that takes gzip. */
  gzip?: Promise<{ body: Uint8Array; headers: Record<string, string> }>;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  /** Requests as sent (query in any order) → the key of their answer (the canonical request). */
  private readonly aliases = new Map<string, string>();
  private bytes = 0;
  private generation = -1;

  constructor(private readonly maxBytes: number) {}

  /**
   * Answers belong to the generation they were made from, so once a newer one is served the older
   * answers are dropped at once rather than left to age out of the byte budget.
   */
  useGeneration(generation: number): void {
    if (generation <= this.generation) return;
    this.generation = generation;
    this.entries.clear();
    this.aliases.clear();
    this.bytes = 0;
  }

  /** Bytes held, counted as each body and room for its gzipped copy. */
  get size(): number {
    return this.bytes;
  }

  /** The answer under a key, or under a request as sent that was answered with it. */
  get(key: string): CachedResponse | undefined {
    const found = this.aliases.get(key) ?? key;
    const entry = this.entries.get(found);
    if (entry) {
      this.entries.delete(found);
      this.entries.set(found, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedResponse): void {
    const cost = sizeOf(entry);
    if (cost > this.maxBytes / 8) return;
    const previous = this.entries.get(key);
    if (previous) this.bytes -= sizeOf(previous);
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.bytes += cost;
    this.evict();
  }

  /** Remembers that a request as sent is answered by the entry under `key`. */
  alias(request: string, key: string): void {
    if (this.aliases.size >= MAX_ALIASES) this.aliases.clear();
    this.aliases.set(request, key);
  }

  private evict(): void {
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(value);
    }
  }
}

/** Requests as sent, remembered per generation; past this they are forgotten and found again by their canonical form. */
const MAX_ALIASES = 100_000;

/** A body and room for its gzipped copy (JSON gzips to about a tenth), counted when it is cached. */
function sizeOf(entry: CachedResponse): number {
  return Math.ceil(entry.body.byteLength * 1.1);
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
