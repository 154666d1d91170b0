import { setTimeout as delay } from 'node:timers/promises';

/** What a steady client saw: requests, and those that failed even after their one retry. */
export interface LoadCounts {
  requests: number;
  retried: number;
  failed: number;
  /** The last failures, for the report. */
  failures: string[];
}

/**
 * A steady load as a careful client sends it: `rate` requests a second spread over the replicas, each
 * with a time limit, and a request that fails (no answer in time, a network error, a 5xx) tried once
 * more on the next replica. Paths alternate between a keyed list and the open status document.
 */
export class RetryingLoad {
  readonly counts: LoadCounts = { requests: 0, retried: 0, failed: 0, failures: [] };
  private running = true;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly urls: () => string[],
    private readonly key: string,
    private readonly rate: number,
    private readonly timeoutMs = 3_000,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  /** The counts so far (a copy). */
  snapshot(): LoadCounts {
    return { ...this.counts, failures: [...this.counts.failures] };
  }

  private async run(): Promise<void> {
    const gapMs = 1000 / this.rate;
    const inFlight = new Set<Promise<void>>();
    for (let i = 0; this.running; i++) {
      const request = this.one(i).finally(() => inFlight.delete(request));
      inFlight.add(request);
      await delay(gapMs);
    }
    await Promise.all(inFlight);
  }

  private async one(i: number): Promise<void> {
    const urls = this.urls();
    const path = i % 2 === 0 ? '/v1/incidents?limit=5' : '/v1/status';
    this.counts.requests++;
    const first = await this.attempt(`${urls[i % urls.length]}${path}`);
    if (first === undefined) return;
    this.counts.retried++;
    const second = await this.attempt(`${urls[(i + 1) % urls.length]}${path}`);
    if (second === undefined) return;
    this.counts.failed++;
    this.counts.failures.push(`${new Date().toISOString().slice(11, 19)} ${path}: ${first}; then ${second}`);
    if (this.counts.failures.length > 20) this.counts.failures.shift();
  }

  /** Undefined when it worked; why, when it did not. */
  private async attempt(url: string): Promise<string | undefined> {
    try {
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${this.key}`, 'accept-encoding': 'gzip, br' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.arrayBuffer();
      return response.status >= 500 ? `${response.status} from ${new URL(url).port}` : undefined;
    } catch (error) {
      return `${error instanceof Error ? error.name : 'error'} from ${new URL(url).port}`;
    }
  }
}
