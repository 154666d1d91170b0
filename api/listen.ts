import { getRequestListener } from '@hono/node-server';
import { createServer, type Server } from 'node:http';
import { answerClientErrors, requestListenerError } from './client-errors.js';

/**
 * An HTTP server for the app on host:port (0: any free port). Requests Node or the adapter reject
 * before the app sees them are answered as problem+json too.
 */
export async function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  host: string,
  port: number,
): Promise<Server> {
  const listener = getRequestListener(fetch, { hostname: host, errorHandler: requestListenerError });
  const server = createServer((request, response) => void listener(request, response));
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
