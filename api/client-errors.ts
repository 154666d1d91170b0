import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { PROBLEM_CONTENT_TYPE } from './problem.js';

/**
 * Requests Node rejects before the app sees them (oversized headers, unparseable request lines) are
 * answered like every other error: problem+json with a request id, instead of Node's empty reply or a
 * closed connection. A HEAD request gets the head alone: a body after it breaks the client's parser.
 */
export function answerClientErrors(server: Pick<Server, 'on'>): void {
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Duplex) => {
    // Node reports the same broken request again as more of it arrives and when the client closes:
    // answer once, and leave the socket to the lingering close below.
    if (answered.has(socket)) return;
    answered.add(socket);
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
    // The head alone for HEAD (the status line and headers say it all); the problem for anything else.
    const head = methodOf(error.rawPacket) === 'HEAD';
    socket.end(
      [
        `HTTP/1.1 ${status} ${title}`,
        `content-type: ${PROBLEM_CONTENT_TYPE}`,
        `content-length: ${Buffer.byteLength(body)}`,
        `x-request-id: ${requestId}`,
        'connection: close',
        '',
        head ? '' : body,
      ].join('\r\n'),
    );
    // A lingering close: the rest of the request is read and dropped until the client closes. Closing
    // with it unread would send a reset, which can reach the client before it has read the answer.
    const linger = setTimeout(() => socket.destroy(), LINGER_MS);
    linger.unref();
    socket.once('close', () => clearTimeout(linger));
  });
}

/** How long a rejected connection may go on sending before it is closed anyway. */
const LINGER_MS = 2_000;

/**
 * The method of the rejected request: that of the last request line in the bytes Node was parsing (a
 * request pipelined before it may share them; a header line has a colon where a request line has a
 * space). Undefined when the request line came in an earlier read: the answer then has its body.
 */
function methodOf(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  const lines = rawPacket.toString('latin1').matchAll(/(?:^|\n)([!#$%&'*+.^_`|~0-9A-Za-z-]+) \S/g);
  return [...lines].at(-1)?.[1];
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
