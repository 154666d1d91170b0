import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

/** The codings the API sends besides identity, best first. */
export type ContentCoding = 'gzip' | 'deflate';
const CODINGS: readonly ContentCoding[] = ['gzip', 'deflate'];

/** Below this a body goes out as it is: compressing it saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Clients send a handful of distinct Accept-Encoding values: each is parsed once. */
const chosen = new Map<string, ContentCoding | undefined>();
const MAX_REMEMBERED = 256;

/**
 * The coding to answer in for an Accept-Encoding header (RFC 9110 §12.5.3): the best-weighted of
 * gzip and deflate the client accepts (q > 0, by name or by `*`), gzip on a tie; undefined for
 * identity. `br` alone, or nothing, gets identity.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (acceptEncoding === undefined || acceptEncoding === '') return undefined;
  if (chosen.has(acceptEncoding)) return chosen.get(acceptEncoding);
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  let best: { coding: ContentCoding; q: number } | undefined;
  for (const coding of CODINGS) {
    const q = weights.get(coding) ?? weights.get('*') ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { coding, q };
  }
  if (chosen.size >= MAX_REMEMBERED) chosen.clear();
  chosen.set(acceptEncoding, best?.coding);
  return best?.coding;
}

/** Whether a body of this media type gains from compression (text, JSON, XML and the like). */
export function compressible(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType);
}
