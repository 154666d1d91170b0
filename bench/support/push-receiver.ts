import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A delivery the receiver accepted: verified, and the first with its webhook-id. */
export interface Accepted {
  id: string;
  subject: string;
  version: number | undefined;
  at: number;
}

/**
 * A webhook receiver as a careful customer writes one: it verifies each delivery with the Standard
 * Webhooks library and accepts a webhook-id once (a repeat is answered 204 and counted). While `down`
 * it answers 503 to everything.
 */
export class PushReceiver {
  readonly accepted: Accepted[] = [];
  repeats = 0;
  refused = 0;
  attemptsWhileDown = 0;
  down = false;
  private readonly ids = new Set<string>();
  private verifier: Webhook | undefined;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<PushReceiver> {
    const holder: { receiver?: PushReceiver } = {};
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.writeHead(holder.receiver!.take(request.headers, Buffer.concat(chunks).toString())).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    holder.receiver = new PushReceiver(
      server,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    );
    return holder.receiver;
  }

  /** Verifies with this subscription's secret from now on. */
  verifyWith(secret: string): void {
    this.verifier = new Webhook(secret);
  }

  private take(headers: IncomingHttpHeaders, body: string): number {
    if (this.down) {
      this.attemptsWhileDown++;
      return 503;
    }
    const id = String(headers['webhook-id']);
    try {
      this.verifier?.verify(body, {
        'webhook-id': id,
        'webhook-timestamp': String(headers['webhook-timestamp']),
        'webhook-signature': String(headers['webhook-signature']),
      });
    } catch {
      this.refused++;
      return 400;
    }
    if (this.ids.has(id)) {
      this.repeats++;
      return 204;
    }
    this.ids.add(id);
    const document = JSON.parse(body) as { subject: string; version?: number };
    this.accepted.push({ id, subject: document.subject, version: document.version, at: Date.now() });
    return 204;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
