import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FanoutReply, FanoutRequest } from './push-fanout-child.js';
import { percentile } from './push-records.js';

export interface FanoutFigures {
  clients: number;
  rssPerClientBytes: number;
  heapPerClientBytes: number;
  /** The hub's work on one change (diff, then writing it to every stream), with no client and with all. */
  hubIdleMs: number;
  hubLoadedMs: number;
  /** From the publish to each client's receipt of the change. */
  firstMs: number;
  p50Ms: number;
  lastMs: number;
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

/**
 * (b) `clients` streams open on one API process (in a child, so its memory is its own): memory per
 * client, and what one change costs to fan out. Clients are raw sockets, cheap on this side.
 */
export async function fanoutFigures(clients: number, subscriptions = 0): Promise<FanoutFigures> {
  const scratch = await mkdtemp(join(tmpdir(), 'eids-bench-push-fanout-'));
  const child = fork(join(import.meta.dirname, 'push-fanout-child.ts'), [scratch, String(subscriptions)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
  });
  const replies: FanoutReply[] = [];
  const waiters: (() => void)[] = [];
  child.on('message', (reply: FanoutReply) => {
    replies.push(reply);
    waiters.splice(0).forEach((wake) => wake());
  });
  const next = async <K extends FanoutReply['kind']>(kind: K): Promise<Extract<FanoutReply, { kind: K }>> => {
    for (;;) {
      const found = replies.findIndex((reply) => reply.kind === kind);
      if (found >= 0) return replies.splice(found, 1)[0] as Extract<FanoutReply, { kind: K }>;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const ask = async <K extends 'memory' | 'change'>(request: K & FanoutRequest) => {
    child.send(request);
    return next(request);
  };
  const { port, token, metricsUrl } = await next('ready');
  // Warm-up change, then the figures with no client.
  await ask('change');
  const idle = await ask('change');
  const before = await ask('memory');
  const scrapedIdle = await scrapes(metricsUrl);

  const request = `GET /v1/stream?types=incident.updated HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`;
  const sockets: Socket[] = [];
  let ready = 0;
  const received: number[] = [];
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let seenReady = false;
      socket.setEncoding('utf8');
      socket.on('data', (text: string) => {
        if (!seenReady && text.includes('event: ready')) {
          seenReady = true;
          ready++;
          resolve();
        }
        if (text.includes('event: incident.updated')) received.push(Date.now());
      });
      socket.on('error', reject);
      sockets.push(socket);
    });
  for (let i = 0; i < clients; i += 250) {
    await Promise.all(Array.from({ length: Math.min(250, clients - i) }, open));
  }
  if (ready !== clients) throw new Error(`only ${ready} of ${clients} streams opened`);
  const after = await ask('memory');
  const scrapedLoaded = await scrapes(metricsUrl);
  const loaded = await ask('change');
  const deadline = Date.now() + 60_000;
  while (received.length < clients && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const delays = received.map((at) => at - loaded.publishedAt);
  for (const socket of sockets) socket.destroy();
  child.send('exit' satisfies FanoutRequest);
  await new Promise((resolve) => child.once('exit', resolve));
  await rm(scratch, { recursive: true, force: true });
  if (received.length < clients)
    throw new Error(`only ${received.length} of ${clients} clients got the change`);
  return {
    clients,
    rssPerClientBytes: (after.rss - before.rss) / clients,
    heapPerClientBytes: (after.heapUsed - before.heapUsed) / clients,
    hubIdleMs: idle.loadedToSentMs,
    hubLoadedMs: loaded.loadedToSentMs,
    firstMs: Math.min(...delays),
    p50Ms: percentile(delays, 0.5),
    lastMs: Math.max(...delays),
    scrapeIdleMs: percentile(scrapedIdle, 0.5),
    scrapeLoadedMs: percentile(scrapedLoaded, 0.5),
    scrapeMaxMs: Math.max(...scrapedLoaded),
    subscriptions,
  };
}
