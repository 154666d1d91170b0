import { NSW_FEEDS } from './nsw.js';
import type { FeedDefinition } from './types.js';

export type { FeedDefinition } from './types.js';

/** Every feed polled, one poller each. One file per jurisdiction. */
export const FEED_CATALOGUE: readonly FeedDefinition[] = [...NSW_FEEDS];

export function feedByKey(key: string): FeedDefinition | undefined {
  return FEED_CATALOGUE.find((feed) => feed.key === key);
}

/** Temporal workflow id of a feed's poller: `feed:<state>:<agency>:<feed>`. */
export function pollerWorkflowId(feed: FeedDefinition): string {
  return `feed:${feed.state}:${feed.agency}:${feed.feed}`;
}

/** The address actually polled: the official one, or the same path on an override base (replay). */
export function effectiveFeedUrl(feed: FeedDefinition, upstreamBaseUrl?: string): string {
  if (!upstreamBaseUrl) return feed.url;
  return new URL(feed.replayPath, upstreamBaseUrl).toString();
}
