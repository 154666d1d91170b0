import { ACT_FEEDS } from './act.js';
import { NSW_FEEDS } from './nsw.js';
import { NT_FEEDS } from './nt.js';
import { QLD_FEEDS } from './qld.js';
import { SA_FEEDS } from './sa.js';
import { TAS_FEEDS } from './tas.js';
import { VIC_FEEDS } from './vic.js';
import { WA_FEEDS } from './wa.js';
import type { FeedDefinition } from './types.js';

export type { FeedDefinition } from './types.js';

/** Every feed polled, one poller each. One file per jurisdiction. */
export const FEED_CATALOGUE: readonly FeedDefinition[] = [
  ...NSW_FEEDS,
  ...VIC_FEEDS,
  ...QLD_FEEDS,
  ...SA_FEEDS,
  ...WA_FEEDS,
  ...TAS_FEEDS,
  ...NT_FEEDS,
  ...ACT_FEEDS,
];

export function feedByKey(key: string): FeedDefinition | undefined {
  return FEED_CATALOGUE.find((feed) => feed.key === key);
}

/** Temporal workflow id of a feed's poller: `feed:<state>:<agency>:<feed>`. */
export function pollerWorkflowId(feed: FeedDefinition): string {
  return `feed:${feed.state}:${feed.agency}:${feed.feed}`;
}

/**
 * Where a mirror of the upstream feeds (UPSTREAM_BASE_URL: the demo's replay server, or a caching
 * proxy) serves a feed: one path per catalogue entry, whatever the official address looks like.
 */
export function mirrorPath(feed: Pick<FeedDefinition, 'state' | 'agency' | 'feed'>): string {
  return `/${feed.state}/${feed.agency}/${feed.feed}`;
}

/** The address actually polled: the official one, or the feed's path on a mirror. */
export function effectiveFeedUrl(feed: FeedDefinition, upstreamBaseUrl?: string): string {
  if (!upstreamBaseUrl) return feed.url;
  return new URL(mirrorPath(feed), upstreamBaseUrl).toString();
}
