import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { ControlRequestError, parseControlRequest, type ControlStep } from './control-request.js';

/**
 * The upstream replay server: serves feed documents at agency-like paths on loopback and plays
 * scripted scenarios, so the whole system runs with no internet. Each path has a script of steps;
 * every request takes the next step and the last one repeats.
 */
export type ReplayStep =
  | { kind: 'document'; body: string | (() => string); contentType?: string }
  | { kind: 'status'; status: number; body?: string }
  /** Accepts the request and answers nothing for `ms` milliseconds, then drops the connection. */
  | { kind: 'timeout'; ms: number }
  /** 200 with a truncated document. */
  | { kind: 'malformed' }
  /** 200 with no body at all. */
  | { kind: 'empty' }
  /** 200 with an HTML error page, as some agencies' CDNs do. */
  | { kind: 'html-error' }
  /** The step is chosen per request from its address (services that answer many calls on one path). */
  | { kind: 'dynamic'; respond: (url: URL) => ReplayStep };

interface FeedScript {
  steps: ReplayStep[];
  next: number;
  requests: number;
  /** The feed's last scripted document (or dynamic step), which a control request can bring back after breaking it. */
  document: ReplayStep | undefined;
}

export interface ReplayServerOptions {
  host?: string;
  port?: number;
  /** Folder of real published samples (`<state>/<file>`), served under /samples/ when present. */
  samplesDir?: string;
}

const CONTROL_PREFIX = '/_replay';
/** Control bodies are a few steps: anything larger is a mistake. */
const CONTROL_BODY_LIMIT = 64 * 1024;

/** What the broken-feed steps answer, each with status 200. */
const BROKEN_ANSWERS: Record<'malformed' | 'empty' | 'html-error', { contentType: string; body?: string }> = {
  malformed: { contentType: 'application/json', body: '{"type":"FeatureCollection","features":[{"type":' },
  empty: { contentType: 'application/json' },
  'html-error': {
    contentType: 'text/html',
    body: '<html><head><title>File Unavailable</title></head><body>File Unavailable</body></html>',
  },
};

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
};

/** An RFC 9457 problem document: what the control endpoint answers to a request it cannot follow. */
function problem(
  res: ServerResponse,
  status: number,
  detail: string,
  headers: Record<string, string> = {},
): void {
  res
    .writeHead(status, { ...headers, 'content-type': 'application/problem+json' })
    .end(JSON.stringify({ type: 'about:blank', title: STATUS_TITLES[status] ?? 'Error', status, detail }));
}

/** The request body as text, or undefined past `limit` bytes. */
async function bodyText(req: IncomingMessage, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

export class ReplayServer {
  private readonly scripts = new Map<string, FeedScript>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly samplesDir: string | undefined,
  ) {}

  static async start(options: ReplayServerOptions = {}): Promise<ReplayServer> {
    const host = options.host ?? '127.0.0.1';
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, resolve);
    });
    const { port } = server.address() as AddressInfo;
    const replay = new ReplayServer(server, `http://${host}:${port}`, options.samplesDir);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      replay.handle(req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
    return replay;
  }

  /** Replaces the script of a path; the next request plays its first step. */
  script(path: string, steps: ReplayStep[]): void {
    if (steps.length === 0) throw new Error('a script needs at least one step');
    const previous = this.scripts.get(path);
    const document =
      steps.find(
        (step) => (step.kind === 'document' && step.body !== undefined) || step.kind === 'dynamic',
      ) ?? previous?.document;
    this.scripts.set(path, { steps, next: 0, requests: previous?.requests ?? 0, document });
  }

  /** How many requests a path has answered. */
  requests(path: string): number {
    return this.scripts.get(path)?.requests ?? 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', this.url).pathname;
    if (path.startsWith(`${CONTROL_PREFIX}/`))
      return this.control(path.slice(CONTROL_PREFIX.length), req, res);
    if (path.startsWith('/samples/')) return this.sample(path.slice('/samples/'.length), res);
    const script = this.scripts.get(path) ?? this.scriptAbove(path);
    if (!script) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such feed');
      return;
    }
    script.requests++;
    const step = script.steps[Math.min(script.next, script.steps.length - 1)]!;
    script.next++;
    await this.play(step, req, res);
  }

  /** The script of the nearest scripted folder above a path (a service with calls under its base). */
  private scriptAbove(path: string): FeedScript | undefined {
    for (let end = path.lastIndexOf('/'); end > 0; end = path.lastIndexOf('/', end - 1)) {
      const script = this.scripts.get(path.slice(0, end));
      if (script) return script;
    }
    return undefined;
  }

  private async play(step: ReplayStep, req: IncomingMessage, res: ServerResponse): Promise<void> {
    switch (step.kind) {
      case 'dynamic':
        return this.play(step.respond(new URL(req.url ?? '/', this.url)), req, res);
      case 'document': {
        const body = typeof step.body === 'function' ? step.body() : step.body;
        const etag = etagOf(body);
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304, { etag }).end();
          return;
        }
        res.writeHead(200, { 'content-type': step.contentType ?? 'application/json', etag }).end(body);
        return;
      }
      case 'status':
        res.writeHead(step.status, { 'content-type': 'text/plain' }).end(step.body ?? `HTTP ${step.status}`);
        return;
      case 'timeout':
        await new Promise((resolve) => setTimeout(resolve, step.ms));
        res.destroy();
        return;
      case 'malformed':
      case 'empty':
      case 'html-error': {
        const { contentType, body } = BROKEN_ANSWERS[step.kind];
        res.writeHead(200, { 'content-type': contentType }).end(body);
        return;
      }
    }
  }

  /** PUT /_replay/<feed path> with {"steps":[…]} re-scripts a feed (used to break one in the demo). */
  private async control(path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const current = this.scripts.get(path);
    if (req.method === 'GET') {
      if (!current) return problem(res, 404, `no feed is scripted at ${path}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ requests: current.requests, next: current.next }));
      return;
    }
    if (req.method !== 'PUT') {
      return problem(res, 405, `${req.method ?? 'this method'} is not supported: GET or PUT`, {
        allow: 'GET, PUT',
      });
    }
    const text = await bodyText(req, CONTROL_BODY_LIMIT);
    if (text === undefined) return problem(res, 413, `the body is over ${CONTROL_BODY_LIMIT} bytes`);
    let steps: ControlStep[];
    try {
      steps = parseControlRequest(text);
    } catch (error) {
      if (error instanceof ControlRequestError) return problem(res, 400, error.message);
      throw error;
    }
    if (!current) return problem(res, 404, `no feed is scripted at ${path}; PUT the path of a scripted feed`);
    // A scripted "document" step without a body serves the feed's own document again.
    const document = current.document;
    this.script(
      path,
      steps.map((step): ReplayStep => {
        if (step.kind !== 'document') return step;
        if (step.body !== undefined) {
          return {
            kind: 'document',
            body: step.body,
            ...(step.contentType ? { contentType: step.contentType } : {}),
          };
        }
        return document ?? { kind: 'status', status: 404, body: 'no document scripted for this feed' };
      }),
    );
    res.writeHead(204).end();
  }

  private async sample(relative: string, res: ServerResponse): Promise<void> {
    const file = this.samplesDir ? normalize(join(this.samplesDir, relative)) : undefined;
    if (!file || !this.samplesDir || !file.startsWith(this.samplesDir) || !existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such sample');
      return;
    }
    const type = file.endsWith('.json') ? 'application/json' : 'application/xml';
    res.writeHead(200, { 'content-type': type }).end(await readFile(file));
  }
}
