import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BareReply, BareRequest } from './push-bare-child.js';
import type { FanoutReply, FanoutRequest } from './push-fanout-child.js';
import { percentile } from './push-records.js';

export interface FanoutFigures {
  clients: number;
  rssPerClientBytes: number;
  heapPerClientBytes: number;
  /** The hub's work on one change (diff, then writing it to every stream), with no client and with all. */
  hubIdleMs: number;
  hubLoadedMs: number;
  /** The longest the API process's event loop was held at once while the change went out. */
  hubLongestBlockMs: number;
  /** From the publish to each client's receipt of the change. */
  firstMs: number;
  p50Ms: number;
  lastMs: number;
  /** The floor: a bare Node server holding as many streams and writing them the same bytes. */
  bareRssPerClientBytes: number;
  bareWriteMs: number;
  bareLastMs: number;
  /** A Prometheus scrape of the process (its /metrics over HTTP), median of five: before the clients, with them. */
  scrapeIdleMs: number;
  scrapeLoadedMs: number;
  scrapeMaxMs: number;
  subscriptions: number;
}

/** Five scrapes of /metrics as Prometheus makes them: their times (ms), and the answer's size. */
async function scrapes(url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const response = await fetch(url);
    if (!response.ok) throw new Error(`the scrape answered ${response.status}`);
    await response.text();
    times.push(performance.now() - started);
  }
  return times;
}

/** Streams opened over raw sockets (cheap on this side), 250 at a time, each once its `ready` came. */
async function openStreams(port: number, request: string, count: number, event: string) {
  const sockets: Socket[] = [];
  const received: number[] = [];
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let seenReady = false;
      socket.setEncoding('utf8');
      socket.on('data', (text: string) => {
        if (!seenReady && text.includes('event: ready')) {
          seenReady = true;
          resolve();
        }
        if (text.includes(`event: ${event}`)) received.push(Date.now());
      });
      socket.on('error', reject);
      sockets.push(socket);
    });
  for (let i = 0; i < count; i += 250) {
    await Promise.all(Array.from({ length: Math.min(250, count - i) }, open));
  }
  /** Waits (at most a minute) until every stream got one change; the times it came. */
  const arrivals = async () => {
    const deadline = Date.now() + 60_000;
    while (received.length < count && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    if (received.length < count)
      throw new Error(`only ${received.length} of ${count} streams got the change`);
    return [...received];
  };
  return { arrivals, close: () => sockets.forEach((socket) => socket.destroy()) };
}

/** A child process of the bench (--expose-gc), talked to by message: `next` waits for a reply of a kind. */
function benchChild<Reply extends { kind: string }>(script: string, args: string[]) {
  const child = fork(join(import.meta.dirname, script), args, {
    execArgv: ['--import', 'tsx', '--expose-gc'],
  });
  const replies: Reply[] = [];
  const waiters: (() => void)[] = [];
  child.on('message', (reply: Reply) => {
    replies.push(reply);
    waiters.splice(0).forEach((wake) => wake());
  });
  const next = async <K extends Reply['kind']>(kind: K): Promise<Extract<Reply, { kind: K }>> => {
    for (;;) {
      const found = replies.findIndex((reply) => reply.kind === kind);
      if (found >= 0) return replies.splice(found, 1)[0] as Extract<Reply, { kind: K }>;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const ask = <K extends Reply['kind']>(request: unknown, kind: K) => {
    child.send(request as string);
    return next(kind);
  };
  const exit = async () => {
    child.send('exit');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  return { next, ask, exit };
}

/**
 * (b) `clients` streams open on one API process (in a child, so its memory is its own): memory per
 * client, and what one change costs to fan out; then the same for a bare Node server writing the
 * same bytes to as many streams, the floor. Clients are raw sockets, cheap on this side.
 */
export async function fanoutFigures(clients: number, subscriptions = 0): Promise<FanoutFigures> {
  const scratch = await mkdtemp(join(tmpdir(), 'eids-bench-push-fanout-'));
  const child = benchChild<FanoutReply>('push-fanout-child.ts', [scratch, String(subscriptions)]);
  const { port, token, metricsUrl } = await child.next('ready');
  // Warm-up change, then the figures with no client.
  await child.ask('change' satisfies FanoutRequest, 'change');
  const idle = await child.ask('change' satisfies FanoutRequest, 'change');
  const before = await child.ask('memory' satisfies FanoutRequest, 'memory');
  const scrapedIdle = await scrapes(metricsUrl);

  const request = `GET /v1/stream?types=incident.updated HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`;
  const streams = await openStreams(port, request, clients, 'incident.updated');
  const after = await child.ask('memory' satisfies FanoutRequest, 'memory');
  if (after.connections !== clients)
    throw new Error(`only ${after.connections} of ${clients} streams opened`);
  const scrapedLoaded = await scrapes(metricsUrl);
  const loaded = await child.ask('change' satisfies FanoutRequest, 'change');
  const delays = (await streams.arrivals()).map((at) => at - loaded.publishedAt);
  streams.close();
  await child.exit();

  // The floor: a bare server (a process of its own), the same number of bytes, as many streams.
  const bareChild = benchChild<BareReply>('push-bare-child.ts', []);
  const { port: barePort } = await bareChild.next('ready');
  const bareBefore = await bareChild.ask('memory' satisfies BareRequest, 'memory');
  const bareRequest = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
  const bareStreams = await openStreams(barePort, bareRequest, clients, 'incident.updated');
  const bareAfter = await bareChild.ask('memory' satisfies BareRequest, 'memory');
  const bare = await bareChild.ask({ change: loaded.chunkBytes } satisfies BareRequest, 'bare-change');
  const bareDelays = (await bareStreams.arrivals()).map((at) => at - bare.publishedAt);
  bareStreams.close();
  await bareChild.exit();
  await rm(scratch, { recursive: true, force: true });
  return {
    clients,
    rssPerClientBytes: (after.rss - before.rss) / clients,
    heapPerClientBytes: (after.heapUsed - before.heapUsed) / clients,
    hubIdleMs: idle.loadedToSentMs,
    hubLoadedMs: loaded.loadedToSentMs,
    hubLongestBlockMs: loaded.longestBlockMs,
    firstMs: Math.min(...delays),
    p50Ms: percentile(delays, 0.5),
    lastMs: Math.max(...delays),
    bareRssPerClientBytes: (bareAfter.rss - bareBefore.rss) / clients,
    bareWriteMs: bare.loadedToSentMs,
    bareLastMs: Math.max(...bareDelays),
    scrapeIdleMs: percentile(scrapedIdle, 0.5),
    scrapeLoadedMs: percentile(scrapedLoaded, 0.5),
    scrapeMaxMs: Math.max(...scrapedLoaded),
    subscriptions,
  };
}
