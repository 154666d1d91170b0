import { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/** Writes an answer's body straight to Node's response once its status and headers are written. */
export type RawBodyWriter = (outgoing: ServerResponse) => void;

/** Keyed by Node's response: Hono may rebuild the Response object on the way out, never that. */
const writers = new WeakMap<ServerResponse, RawBodyWriter>();

/** Node's response of this request, when a Node server (listen.ts) is serving it. */
export function nodeResponseOf(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing instanceof ServerResponse ? outgoing : undefined;
}

/**
 * Marks this request's answer as one whose body `writer` writes itself, straight to the socket: a
 * long-lived stream, which through a web ReadableStream costs a stream pipeline per client and a
 * promise per write. The answer goes back through the middleware like any other (they add their
 * headers to it); the server then writes its head and hands the response to `writer`.
 */
export function writeBodyRaw(outgoing: ServerResponse, writer: RawBodyWriter): void {
  writers.set(outgoing, writer);
}

/**
 * Called by the server with the app's answer: when the route marked it for a raw body, writes the
 * answer's status and headers and hands over (true); otherwise leaves it to the adapter (false).
 */
export function handOverRawBody(response: Response, outgoing: ServerResponse): boolean {
  const writer = writers.get(outgoing);
  if (!writer) return false;
  writers.delete(outgoing);
  // Only the route's own bodiless success is handed over: an error answer, or one a middleware gave
  // a body of its own, goes out as it is.
  if (response.status >= 300 || response.body !== null) return false;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  outgoing.writeHead(response.status, headers);
  outgoing.flushHeaders();
  writer(outgoing);
  return true;
}
