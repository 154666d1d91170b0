import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { preferredStoredCoding, type StoredCoding } from '../content-coding.js';
import { notModified } from '../http-cache.js';
import { ProblemError } from '../problem.js';
import type { AppEnv } from '../env.js';
import type { EncodedVariants } from './encoded-variants.js';

/**
 * A bulk download: the bytes of a file (or of a built export) with validators from its checksum.
 * ETag is the sha256 (strong: the bytes are the bytes), If-None-Match (or If-Modified-Since) answers
 * 304, a single `Range: bytes=…` answers 206 (If-Range honoured), one out of reach 416. `no-transform`
 * keeps the response compression off, so a download is exactly the file (or the stored coding of it,
 * serveNegotiatedDownload) the catalogue's checksum describes.
 */
export interface Download {
  size: number;
  sha256: string;
  mediaType: string;
  lastModified: Date;
  /** The exports that never change under their name (lake files) are cached for good. */
  immutable: boolean;
  /** The body, or the part of it from `start` to `end` (inclusive). */
  read(start: number, end: number): ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
  /** A name for a browser's "save as". */
  filename: string;
  /** Set when these are a stored coding's bytes (sent as `Content-Encoding`). */
  contentEncoding?: StoredCoding | undefined;
  /** Whether the file is also kept in other codings, so the answer varies with Accept-Encoding. */
  negotiated?: boolean | undefined;
}

export function fileBody(path: string) {
  return (start: number, end: number): ReadableStream<Uint8Array> =>
    Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream<Uint8Array>;
}

export function bytesBody(bytes: Uint8Array) {
  // A copy of the part asked for: the response owns its bytes.
  return (start: number, end: number): Uint8Array<ArrayBuffer> =>
    new Uint8Array(bytes.subarray(start, end + 1));
}

/** The one range of a `Range` header, resolved against the size; `unsatisfiable`, or undefined to ignore it. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: RFC 9110 lets a server answer with the whole representation.
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export function serveDownload(c: Context<AppEnv>, download: Download): Response {
  const etag = `"${download.sha256}"`;
  const headers: Record<string, string> = {
    etag,
    'last-modified': download.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
    // Per key like every data answer (quota headers), so never from a shared cache.
    'cache-control': download.immutable
      ? 'private, max-age=31536000, immutable, no-transform'
      : 'private, max-age=60, no-transform',
    ...(download.negotiated ? { vary: 'accept-encoding' } : {}),
    ...(download.contentEncoding ? { 'content-encoding': download.contentEncoding } : {}),
  };
  const unchanged = notModified(
    c.req.header('if-none-match'),
    c.req.header('if-modified-since'),
    etag,
    download.lastModified.toISOString(),
  );
  if (unchanged) return c.body(null, 304, headers);
  headers['content-type'] = download.mediaType;
  headers['content-disposition'] = `attachment; filename="${download.filename.replace(/"/g, '')}"`;
  const ifRange = c.req.header('if-range');
  const range =
    ifRange !== undefined && ifRange.trim() !== etag
      ? undefined
      : byteRange(c.req.header('range'), download.size);
  if (range === 'unsatisfiable') {
    throw new ProblemError(
      416,
      'range-not-satisfiable',
      'Range Not Satisfiable',
      `The file has ${download.size} bytes.`,
      {},
      { 'content-range': `bytes */${download.size}` },
    );
  }
  if (range) {
    return c.body(download.read(range.start, range.end), 206, {
      ...headers,
      'content-range': `bytes ${range.start}-${range.end}/${download.size}`,
      'content-length': String(range.end - range.start + 1),
    });
  }
  if (download.size === 0) return c.body(new Uint8Array(0), 200, { ...headers, 'content-length': '0' });
  return c.body(download.read(0, download.size - 1), 200, {
    ...headers,
    'content-length': String(download.size),
  });
}

/**
 * A download kept in stored codings besides identity: sent in the one the client takes best (br, then
 * gzip), as that coding's own bytes with their own sha256 as a strong ETag and their own ranges (RFC
 * 9110 §8.8.3: each representation its validator), or as it is when the client takes neither.
 */
export async function serveNegotiatedDownload(
  c: Context<AppEnv>,
  download: Download,
  variants: EncodedVariants,
): Promise<Response> {
  const coding = preferredStoredCoding(c.req.header('accept-encoding'));
  if (!coding) return serveDownload(c, { ...download, negotiated: true });
  const variant = await variants.get(coding);
  return serveDownload(c, {
    ...download,
    size: variant.bytes.byteLength,
    sha256: variant.sha256,
    read: bytesBody(variant.bytes),
    contentEncoding: coding,
    negotiated: true,
  });
}
