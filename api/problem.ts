import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { LakeFileUnavailable } from '../lake/replica/file-cache.js';
import { Unreachable } from '../telemetry/reachability.js';
import type { AppEnv } from './env.js';

/**
 * The one error type of the API. Everything thrown ends in `onError`, which answers an RFC 9457
 * problem document (application/problem+json) carrying the request id.
 */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly slug: string,
    readonly title: string,
    readonly detail?: string,
    readonly extensions: Record<string, unknown> = {},
    /** Headers the answer must carry (WWW-Authenticate, RateLimit, Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail ?? title);
  }
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export const problems = {
  invalidParameter: (detail: string, errors?: unknown[]) =>
    new ProblemError(400, 'invalid-parameter', 'Invalid request parameter', detail, errors ? { errors } : {}),
  notFound: (detail: string) => new ProblemError(404, 'not-found', 'Not Found', detail),
  unavailable: (detail: string) => new ProblemError(503, 'unavailable', 'Service Unavailable', detail),
};

export function problemResponse(c: Context<AppEnv>, problem: ProblemError): Response {
  const body = {
    type: `/v1/problems/${problem.slug}`,
    title: problem.title,
    status: problem.status,
    ...(problem.detail ? { detail: problem.detail } : {}),
    instance: c.req.path,
    requestId: c.get('requestId'),
    ...problem.extensions,
  };
  return c.body(JSON.stringify(body), problem.status, {
    ...problem.headers,
    'content-type': PROBLEM_CONTENT_TYPE,
  });
}

/** The single onError path: known problems as they are, Hono's HTTP errors mapped, anything else a 500. */
export function onError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof ProblemError) return problemResponse(c, error);
  if (error instanceof LakeFileUnavailable) {
    // A replica could not fetch a lake file whole (checksum refused, bucket unreachable): said in the
    // log, not to the client, which may simply try again.
    console.error(`[api] ${c.get('requestId')} ${c.req.method} ${c.req.path}: ${error.message}`);
    const detail = 'A file of the lake could not be fetched just now; try again shortly.';
    const problem = new ProblemError(
      503,
      'unavailable',
      'Service Unavailable',
      detail,
      {},
      { 'retry-after': '5' },
    );
    return problemResponse(c, problem);
  }
  if (error instanceof Unreachable) {
    // A shared piece this request needs is away: the process said so once when it went (one line).
    const detail = `${error.piece[0]!.toUpperCase()}${error.piece.slice(1)} does not answer just now and this request needs it; try again in ${error.retryAfterSeconds} s.`;
    const retryAfter = { 'retry-after': String(error.retryAfterSeconds) };
    return problemResponse(
      c,
      new ProblemError(503, 'unavailable', 'Service Unavailable', detail, {}, retryAfter),
    );
  }
  if (error instanceof HTTPException) {
    return problemResponse(c, new ProblemError(error.status, 'http-error', error.message || 'HTTP error'));
  }
  console.error(`[api] ${c.get('requestId')} ${c.req.method} ${c.req.path}:`, error);
  return problemResponse(
    c,
    new ProblemError(500, 'internal', 'Internal Server Error', 'An unexpected error occurred.'),
  );
}
