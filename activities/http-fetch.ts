/**
 * One conditional HTTP GET with a time-out and a size cap. Pure transport: it says what happened and
 * leaves the retry decision to the caller.
 */
export interface ConditionalGet {
  url: string;
  etag?: string | undefined;
  lastModified?: string | undefined;
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  /** Aborts the request early (the activity was cancelled: its worker is shutting down). */
  signal?: AbortSignal | undefined;
}

export type HttpOutcome =
  | { kind: 'not-modified' }
  | {
      kind: 'body';
      status: number;
      body: Uint8Array;
      contentType: string | null;
      etag: string | undefined;
      lastModified: string | undefined;
    }
  | { kind: 'http-error'; status: number }
  | { kind: 'too-large'; limit: number }
  | { kind: 'unreachable'; cause: UnreachableCause; reason: string };

/** Why no HTTP answer came: the name, the connection, the clock, TLS, or anything else on the way. */
export type UnreachableCause = 'dns' | 'refused' | 'timeout' | 'tls' | 'network';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA']);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** fetch() says only "fetch failed"; the system error it wraps says what went wrong. */
export function classifyUnreachable(error: unknown): { cause: UnreachableCause; reason: string } {
  const inner = (error as { cause?: unknown }).cause ?? error;
  const raw = (inner as { code?: unknown }).code;
  const code = typeof raw === 'string' ? raw : '';
  const reason = (inner as Error).message || (error as Error).message || String(error);
  if (DNS_CODES.has(code)) return { cause: 'dns', reason };
  if (code === 'ECONNREFUSED') return { cause: 'refused', reason };
  if (TIMEOUT_CODES.has(code)) return { cause: 'timeout', reason };
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/.test(code))
    return { cause: 'tls', reason };
  return { cause: 'network', reason };
}

export async function conditionalGet(
  request: ConditionalGet,
  fetchImpl: typeof fetch = fetch,
): Promise<HttpOutcome> {
  const headers: Record<string, string> = { 'user-agent': request.userAgent, accept: '*/*' };
  if (request.etag) headers['if-none-match'] = request.etag;
  if (request.lastModified) headers['if-modified-since'] = request.lastModified;
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  try {
    const response = await fetchImpl(request.url, { headers, signal, redirect: 'follow' });
    if (response.status === 304) return { kind: 'not-modified' };
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'http-error', status: response.status };
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > request.maxBytes) {
      await response.body?.cancel();
      return { kind: 'too-large', limit: request.maxBytes };
    }
    const body = await readCapped(response, request.maxBytes);
    if (body === undefined) return { kind: 'too-large', limit: request.maxBytes };
    return {
      kind: 'body',
      status: response.status,
      body,
      contentType: response.headers.get('content-type'),
      etag: response.headers.get('etag') ?? undefined,
      lastModified: response.headers.get('last-modified') ?? undefined,
    };
  } catch (error) {
    if (request.signal?.aborted) throw error;
    if (timeout.aborted) {
      return {
        kind: 'unreachable',
        cause: 'timeout',
        reason: `no complete answer within ${request.timeoutMs} ms`,
      };
    }
    return { kind: 'unreachable', ...classifyUnreachable(error) };
  }
}

/** Reads the body, giving up (undefined) as soon as it passes the cap; never buffers more than that. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
