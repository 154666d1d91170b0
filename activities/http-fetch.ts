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
  | { kind: 'unreachable'; reason: string };

export async function conditionalGet(
  request: ConditionalGet,
  fetchImpl: typeof fetch = fetch,
): Promise<HttpOutcome> {
  const headers: Record<string, string> = { 'user-agent': request.userAgent, accept: '*/*' };
  if (request.etag) headers['if-none-match'] = request.etag;
  if (request.lastModified) headers['if-modified-since'] = request.lastModified;
  const signal = AbortSignal.timeout(request.timeoutMs);
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
    const reason = signal.aborted
      ? `no complete answer within ${request.timeoutMs} ms`
      : (error as Error).message || String(error);
    return { kind: 'unreachable', reason };
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
