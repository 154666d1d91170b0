/**
 * The floor bench:push (b) measures the change stream against, in a process of its own so that its
 * memory is its own: streams answered by nothing but Node's http (a head, a `ready` frame), to which
 * one change of the given size is written, each stream the same bytes. Run with --expose-gc.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type BareRequest = 'memory' | { change: number } | 'exit';
export type BareReply =
  | { kind: 'ready'; port: number }
  | { kind: 'memory'; rss: number; heapUsed: number; connections: number }
  | { kind: 'bare-change'; publishedAt: number; loadedToSentMs: number };

const streams = new Set<ServerResponse>();
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.write('event: ready\ndata: {}\n\n');
  streams.add(response);
  response.once('close', () => streams.delete(response));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const send = (reply: BareReply) => process.send!(reply);
send({ kind: 'ready', port: (server.address() as AddressInfo).port });

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (request: BareRequest) => {
  if (request === 'memory') {
    for (let i = 0; i < 3; i++) gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    send({ kind: 'memory', rss, heapUsed, connections: streams.size });
  } else if (request === 'exit') {
    server.closeAllConnections();
    server.close();
    process.exit(0);
  } else {
    const frame = Buffer.from(
      `event: incident.updated\ndata: ${'x'.repeat(Math.max(0, request.change - 40))}\n\n`,
    );
    const publishedAt = Date.now();
    const started = performance.now();
    for (const response of streams) response.write(frame);
    // The writes flush on the next turn (Node corks a response's chunk): counted too.
    setImmediate(() =>
      send({ kind: 'bare-change', publishedAt, loadedToSentMs: performance.now() - started }),
    );
  }
});
