import { ConfigError, FEED_CATALOGUE, type FeedDefinition, type Settings } from '../config/index.js';

/** The feeds this service polls and serves: FEEDS when set (each key checked), else the whole catalogue. */
export function selectedCatalogue(settings: Pick<Settings, 'FEEDS'>): readonly FeedDefinition[] {
  if (settings.FEEDS === undefined) return FEED_CATALOGUE;
  const unknown = settings.FEEDS.filter((key) => !FEED_CATALOGUE.some((feed) => feed.key === key));
  if (unknown.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  FEEDS: no catalogue feed has the key ${unknown.join(', ')} (see config/feeds/)`,
    );
  }
  return FEED_CATALOGUE.filter((feed) => settings.FEEDS!.includes(feed.key));
}
