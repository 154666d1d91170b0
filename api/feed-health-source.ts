import type { Client } from '@temporalio/client';
import { pollerWorkflowId, type FeedDefinition } from '../config/index.js';
import type { FeedHealth } from '../model/index.js';

/** Reads each feed's health; undefined for a feed whose poller cannot be asked. */
export interface FeedHealthSource {
  read(feeds: readonly FeedDefinition[]): Promise<(FeedHealth | undefined)[]>;
}

const QUERY_TIMEOUT_MS = 3_000;

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Asks every poller workflow its `health` query, in parallel, each bounded by a time-out. */
export class TemporalFeedHealthSource implements FeedHealthSource {
  constructor(
    private readonly client: Client,
    private readonly workflowIdOf: (feed: FeedDefinition) => string = pollerWorkflowId,
  ) {}

  async read(feeds: readonly FeedDefinition[]): Promise<(FeedHealth | undefined)[]> {
    return Promise.all(
      feeds.map((feed) =>
        withTimeout(
          this.client.workflow
            .getHandle(this.workflowIdOf(feed))
            .query<FeedHealth>('health')
            .catch(() => undefined),
          QUERY_TIMEOUT_MS,
        ),
      ),
    );
  }
}

export interface CachedHealthOptions {
  /** Answers younger than this are served as they are (default 5 s). */
  freshForMs?: number;
  /** A feed's last answer stands in for one its poller cannot give, up to this age (default 5 min). */
  keepLastKnownForMs?: number;
  now?: () => number;
}

interface Known<Health> {
  health: Health;
  at: number;
}

/**
 * Feed health for every request from one shared read: at most one refresh in flight, whatever the
 * number of clients, so a busy API costs Temporal one query per feed every few seconds rather than per
 * request. A stale answer is served at once while the refresh runs; only the first request waits.
 * A poller that cannot be asked (its worker is restarting) keeps its last answer for a while.
 */
export class CachedFeedHealthSource<Item extends { key: string } = FeedDefinition, Health = FeedHealth> {
  private readonly freshForMs: number;
  private readonly keepLastKnownForMs: number;
  private readonly now: () => number;
  private readonly known = new Map<string, Known<Health>>();
  private refreshedAt = -Infinity;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly inner: { read(items: readonly Item[]): Promise<(Health | undefined)[]> },
    options: CachedHealthOptions = {},
  ) {
    this.freshForMs = options.freshForMs ?? 5_000;
    this.keepLastKnownForMs = options.keepLastKnownForMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  async read(feeds: readonly Item[]): Promise<(Health | undefined)[]> {
    if (this.now() - this.refreshedAt >= this.freshForMs) {
      const refresh = this.refresh(feeds);
      if (this.refreshedAt === -Infinity) await refresh;
    }
    const oldest = this.now() - this.keepLastKnownForMs;
    return feeds.map((feed) => {
      const entry = this.known.get(feed.key);
      return entry && entry.at >= oldest ? entry.health : undefined;
    });
  }

  private refresh(feeds: readonly Item[]): Promise<void> {
    this.refreshing ??= this.inner
      .read(feeds)
      .then((answers) => {
        const at = this.now();
        answers.forEach((health, i) => {
          if (health) this.known.set(feeds[i]!.key, { health, at });
        });
        this.refreshedAt = at;
      })
      .catch(() => undefined)
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }
}
