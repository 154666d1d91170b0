import type { Context } from 'hono';
import { SECURITY_HEADERS } from './security-headers.js';
import type { AppEnv } from './env.js';

/** Headers only a browser's answer carries: withheld when its Origin is refused. */
const CORS_ANSWER_HEADERS = ['access-control-allow-origin', 'access-control-expose-headers'];

/**
 * The headers of this request's answer that the middleware knows before the answer is made (request
 * id, security headers, CORS, RateLimit), as a plain object: middleware adds to it on the way in.
 */
export function answerHeaders(c: Context<AppEnv>): Record<string, string> {
  let headers = c.get('answerHeaders');
  // Only an app without the envelope (a test's) gets here without them: they are kept all the same.
  if (!headers) c.set('answerHeaders', (headers = {}));
  return headers;
}

/** Adds a field to Vary (a list: every middleware that varies the answer names its header). */
export function addVary(headers: Record<string, string>, name: string): void {
  headers.vary = headers.vary ? `${headers.vary}, ${name}` : name;
}

/**
 * An answer made of prepared bytes and headers (a cached answer, a static document), with this
 * request's answer headers already in it: nothing is added to it on the way out, so the Node adapter
 * writes a plain header object and the bytes as they are.
 */
export function preparedResponse(
  c: Context<AppEnv>,
  status: number,
  body: Uint8Array | null,
  headers: Record<string, string>,
): Response {
  // The request's own object takes the prepared headers (copied key by key: spreading objects of
  // header names measured ten times slower), Vary being a list of both.
  const own = answerHeaders(c);
  const vary = own.vary;
  for (const name in headers) own[name] = headers[name]!;
  if (vary && headers.vary) own.vary = `${headers.vary}, ${vary}`;
  c.set('answerPrepared', true);
  return new Response(body, { status, headers: own });
}

/** Puts the answer headers on an answer made without them (by a route, or an error's). */
export function applyAnswerHeaders(c: Context<AppEnv>): void {
  if (c.get('answerPrepared')) return;
  const headers = c.res.headers;
  const refused = c.get('originRejected') === true;
  const own = answerHeaders(c);
  for (const name in own) {
    if (name === 'vary') headers.append('vary', own[name]!);
    else if (!(refused && CORS_ANSWER_HEADERS.includes(name))) headers.set(name, own[name]!);
  }
}

/** The headers every answer starts with: its request id and the security headers. */
export function startAnswerHeaders(c: Context<AppEnv>, requestId: string): void {
  const own: Record<string, string> = { 'x-request-id': requestId };
  for (const name in SECURITY_HEADERS) own[name] = SECURITY_HEADERS[name]!;
  c.set('answerHeaders', own);
}
