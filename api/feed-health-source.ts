import type { Client } from '@temporalio/client';
import { pollerWorkflowId, type FeedDefinition } from '../config/index.js';
import type { FeedHealth } from '../model/index.js';

/** Reads each feed's health; undefined for a feed whose poller cannot be asked. */
export interface FeedHealthSource {
  read(feeds: readonly FeedDefinition[]): Promise<(FeedHealth | undefined)[]>;
}

const QUERY_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
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
