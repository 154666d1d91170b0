import type { FeedDefinition } from './types.js';

/** What the feeds of one agency share: who publishes them, how often they are polled, on what terms. */
export type AgencyTerms = Pick<
  FeedDefinition,
  'state' | 'agency' | 'agencyName' | 'pollIntervalSeconds' | 'licence' | 'official' | 'homepage'
> &
  Partial<Pick<FeedDefinition, 'licenceUrl' | 'attribution'>>;

/** One feed of the agency: its name, address and format, and any term it holds otherwise. */
export type AgencyFeed = Pick<FeedDefinition, 'feed' | 'name' | 'url' | 'format'> &
  Partial<Omit<FeedDefinition, 'key'>>;

/** An agency's catalogue entries, each keyed `<state>-<agency>-<feed>`. */
export function agencyFeeds(terms: AgencyTerms, feeds: readonly AgencyFeed[]): FeedDefinition[] {
  return feeds.map((own) => {
    const feed = { ...terms, ...own };
    return { key: `${feed.state}-${feed.agency}-${feed.feed}`, ...feed };
  });
}
