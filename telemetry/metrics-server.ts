import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METRICS_CONTENT_TYPE, renderMetrics } from './metrics.js';

export interface MetricsServer {
  /** Where Prometheus scrapes: http://host:port/metrics. */
  url: string;
  close(): Promise<void>;
}

/** A Prometheus endpoint another library serves in this process (the Temporal SDK's core). */
const MORE_TIMEOUT_MS = 2_000;

/**
 * Serves `GET /metrics` on its own port (never the API's: it is for operators, not clients): this
 * process's registry, then the text of `more` (the Temporal SDK's worker metrics, read from the port its
 * runtime serves them on) so one scrape address covers the process.
 */
export async function serveMetrics(host: string, port: number, more?: string): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('GET /metrics\n');
      return;
    }
    void Promise.all([renderMetrics(), more ? readMore(more) : Promise.resolve('')]).then(
      ([ours, theirs]) =>
        response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(ours + theirs),
      (error: unknown) =>
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The other endpoint's text, or nothing when it does not answer in time (this scrape still answers). */
async function readMore(url: string): Promise<string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(MORE_TIMEOUT_MS) });
    return response.ok ? `\n${await response.text()}` : '';
  } catch {
    return '';
  }
}
