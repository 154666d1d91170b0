import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What it answered: a status, or `hang` (no answer at all). */
  answered: number | 'hang';
}

/** What a path answers next: a status, `hang`, or a redirect elsewhere. */
export type Answer = number | 'hang' | { redirect: string };

/**
 * A webhook receiver on loopback: every request is kept, and each path answers from its script (then
 * 204 once the script is used up, or `otherwise`).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly scripts = new Map<string, Answer[]>();
  private readonly otherwise = new Map<string, Answer>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    const started: { receiver?: WebhookReceiver } = {};
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () =>
        started.receiver!.answer(
          request.url ?? '/',
          request.headers,
          Buffer.concat(chunks).toString(),
          response,
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    started.receiver = new WebhookReceiver(
      server,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    );
    return started.receiver;
  }

  /** The answers `path` gives next, in order; then `otherwise` (204 unless set). */
  script(path: string, answers: Answer[], otherwise?: Answer): void {
    this.scripts.set(path, [...answers]);
    if (otherwise !== undefined) this.otherwise.set(path, otherwise);
  }

  private answer(path: string, headers: IncomingHttpHeaders, body: string, response: ServerResponse): void {
    const next = this.scripts.get(path)?.shift() ?? this.otherwise.get(path) ?? 204;
    const answered = typeof next === 'object' ? 302 : next;
    this.received.push({ path, headers, body, answered });
    if (next === 'hang') return; // never answered: the sender's time-out decides
    if (typeof next === 'object') {
      response.writeHead(302, { location: next.redirect }).end();
      return;
    }
    response.writeHead(next).end();
  }

  on(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
