import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** What a request's client address is read from: the socket, or a header a proxy in front sets. */
export type ClientAddress = (c: Context) => string;

/**
 * The client's address: the socket's remote address, or, when the service sits behind a proxy the
 * operator names the header of (CLIENT_ADDRESS_HEADER, e.g. x-forwarded-for), the last address in
 * that header: the one the operator's own proxy appended, which a client cannot forge.
 */
export function clientAddress(header?: string): ClientAddress {
  const name = header?.toLowerCase();
  return (c) => {
    if (name) {
      const last = c.req.header(name)?.split(',').pop()?.trim();
      if (last) return last;
    }
    const env = c.env as { incoming?: IncomingMessage } | undefined;
    return env?.incoming?.socket.remoteAddress ?? 'unknown';
  };
}
