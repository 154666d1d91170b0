import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ServingStore } from './serving-store.js';
import type { AppEnv } from './types.js';

/**
 * Validators for data responses, from the serving generation: a weak ETag (the same representation
 * may be compressed differently) naming the generation and the request, and Last-Modified from the
 * publication time. A matching If-None-Match (or, without one, If-Modified-Since) answers 304 before
 * any query runs.
 */
export function dataCaching(store: ServingStore, cacheControl: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await store.refreshIfDue();
    const { generation, publishedAt } = store.current;
    const url = new URL(c.req.url);
    const request = `${url.pathname}?${[...url.searchParams].sort().join('&')}`;
    const etag = `W/"${generation}-${createHash('sha256').update(request).digest('base64url').slice(0, 16)}"`;
    const lastModified = publishedAt ? new Date(publishedAt).toUTCString() : undefined;
    const validators: Record<string, string> = {
      etag,
      'cache-control': cacheControl,
      vary: 'accept-encoding',
    };
    if (lastModified) validators['last-modified'] = lastModified;

    if (notModified(c.req.header('if-none-match'), c.req.header('if-modified-since'), etag, publishedAt)) {
      return c.body(null, 304, validators);
    }
    await next();
    if (c.res.status === 200)
      for (const [name, value] of Object.entries(validators)) c.res.headers.set(name, value);
  };
}

function notModified(
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
