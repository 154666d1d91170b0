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
  const best = bestOf(CODINGS, codingWeights(acceptEncoding));
  if (chosen.size >= MAX_REMEMBERED) chosen.clear();
  chosen.set(acceptEncoding, best);
  return best;
}

/** The codings a download is kept in besides identity, best first (made once per file, not per request). */
export type StoredCoding = 'br' | 'gzip';
export const STORED_CODINGS: readonly StoredCoding[] = ['br', 'gzip'];

/** The stored coding to send a download in: br, else gzip, as the client accepts them; undefined for identity. */
export function preferredStoredCoding(acceptEncoding: string | undefined): StoredCoding | undefined {
  if (acceptEncoding === undefined || acceptEncoding === '') return undefined;
  return bestOf(STORED_CODINGS, codingWeights(acceptEncoding));
}

function codingWeights(acceptEncoding: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  return weights;
}

/** The best-weighted of `codings` (the first on a tie) with q > 0, by name or by `*`. */
function bestOf<T extends string>(codings: readonly T[], weights: Map<string, number>): T | undefined {
  let best: { coding: T; q: number } | undefined;
  for (const coding of codings) {
    const q = weights.get(coding) ?? weights.get('*') ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { coding, q };
  }
  return best?.coding;
}

/** Whether a body of this media type gains from compression (text, JSON, XML and the like). */
export function compressible(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType);
}
