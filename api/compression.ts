import type { MiddlewareHandler } from 'hono';
import { promisify } from 'node:util';
import { constants, deflate, deflateSync, gzip, gzipSync } from 'node:zlib';
import { compressible, MIN_COMPRESSED_BYTES, preferredCoding, type ContentCoding } from './content-coding.js';
import { replaceResponse } from './replace-response.js';
import type { AppEnv } from './env.js';

/** Larger bodies are compressed on the thread pool, so the event loop keeps answering meanwhile. */
const SYNC_LIMIT_BYTES = 64 * 1024;
/** Past this a body goes out as it is rather than be held in memory twice. */
const MAX_COMPRESSED_BYTES = 32 * 1024 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

/**
 * zlib's level for answers compressed at every request: 4 takes about 60 % of the default level's time
 * (6) for 12 % more bytes. Answers compressed once (cached, prepared) keep the default.
 */
export const PER_REQUEST_LEVEL = 4;

export async function encode(
  coding: ContentCoding,
  body: Uint8Array,
  level = constants.Z_DEFAULT_COMPRESSION,
): Promise<Uint8Array> {
  const options = { level };
  if (body.byteLength <= SYNC_LIMIT_BYTES) {
    return coding === 'gzip' ? gzipSync(body, options) : deflateSync(body, options);
  }
  return coding === 'gzip' ? gzipAsync(body, options) : deflateAsync(body, options);
}

/**
 * Compresses answers the client may take compressed (gzip or deflate, as Accept-Encoding says), once,
 * from the bytes the route produced: an answer that already has a Content-Encoding (a cached one),
 * says no-transform (downloads), is partial, or is not text-like goes out as it is. Bodies are small
 * (whole JSON, CSV and XML documents), so they are compressed in one call rather than through streams.
 */
export function compression(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // Prepared answers come in their coding already.
    if (c.get('answerPrepared') || c.req.method === 'HEAD') return;
    const res = c.res;
    const { headers, status } = res;
    if (status === 204 || status === 206 || status === 304) return;
    if (headers.has('content-encoding') || headers.has('transfer-encoding')) return;
    if (!compressible(headers.get('content-type'))) return;
    if (NO_TRANSFORM.test(headers.get('cache-control') ?? '')) return;
    const vary = headers.get('vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) {
      headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const coding = preferredCoding(c.req.header('accept-encoding'));
    const declared = Number(headers.get('content-length') ?? Number.NaN);
    if (!coding || declared < MIN_COMPRESSED_BYTES || declared > MAX_COMPRESSED_BYTES) return;
    const body = new Uint8Array(await res.arrayBuffer());
    if (body.byteLength >= MIN_COMPRESSED_BYTES) {
      headers.set('content-encoding', coding);
      headers.delete('content-length');
      const etag = headers.get('etag');
      if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
    }
    const sent =
      body.byteLength >= MIN_COMPRESSED_BYTES ? await encode(coding, body, PER_REQUEST_LEVEL) : body;
    replaceResponse(c, new Response(sent, { status, headers }));
  };
}
