import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { PROBLEM_CONTENT_TYPE } from './problem.js';

/**
 * Requests Node rejects before the app sees them (oversized headers, unparseable request lines) are
 * answered like every other error: problem+json with a request id, instead of Node's empty reply.
 */
export function answerClientErrors(server: Pick<Server, 'on'>): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const { status, title, body, requestId } = problemOf(
      tooLarge ? 431 : 400,
      tooLarge
        ? 'The request headers are larger than this server accepts.'
        : 'The request could not be parsed as HTTP.',
    );
    socket.end(
      [
        `HTTP/1.1 ${status} ${title}`,
        `content-type: ${PROBLEM_CONTENT_TYPE}`,
        `content-length: ${Buffer.byteLength(body)}`,
        `x-request-id: ${requestId}`,
        'connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
}

/**
 * The request listener's error handler: a request Node parsed but the adapter cannot turn into a
 * Request (a target such as `*` that is no URL) is a 400; anything else reaching here is a bug, a 500.
 */
export function requestListenerError(error: unknown): Response {
  const unroutable = error instanceof Error && error.name === 'RequestError';
  if (!unroutable) console.error('[api] request failed outside the app:', error);
  const { status, body, requestId } = unroutable
    ? problemOf(400, 'The request target is not a path this server serves.')
    : problemOf(500, 'An unexpected error occurred.');
  return new Response(body, {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'x-request-id': requestId },
  });
}

const TITLES = { 400: 'Bad Request', 431: 'Request Header Fields Too Large', 500: 'Internal Server Error' };
const SLUGS = { 400: 'bad-request', 431: 'headers-too-large', 500: 'internal' };

function problemOf(status: keyof typeof TITLES, detail: string) {
  const requestId = randomUUID();
  const title = TITLES[status];
  const body = JSON.stringify({ type: `/v1/problems/${SLUGS[status]}`, title, status, detail, requestId });
  return { status, title, body, requestId };
}
