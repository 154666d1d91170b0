import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { createServer, ServerResponse, type Server } from 'node:http';
import { answerClientErrors, requestListenerError } from './client-errors.js';
import { handOverRawBody } from './raw-body.js';

/**
 * An HTTP server for the app on host:port (0: any free port). Requests Node or the adapter reject
 * before the app sees them are answered as problem+json too.
 */
export async function listen(
  fetch: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>,
  host: string,
  port: number,
): Promise<Server> {
  // An answer whose body its route writes itself (the change stream) is handed Node's response here.
  const answer = async (request: Request, env: HttpBindings | Http2Bindings) => {
    const response = await fetch(request, env);
    const handedOver = env.outgoing instanceof ServerResponse && handOverRawBody(response, env.outgoing);
    return handedOver ? RESPONSE_ALREADY_SENT : response;
  };
  const listener = getRequestListener(answer, { hostname: host, errorHandler: requestListenerError });
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
