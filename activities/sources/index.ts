import type { FeedParser } from './common/types.js';
import { NSW_PARSERS } from './nsw/index.js';

/** One pure parser per upstream format, keyed by the catalogue's `format`. */
export const PARSERS: Readonly<Record<string, FeedParser>> = {
  ...NSW_PARSERS,
};

export function parserFor(format: string): FeedParser | undefined {
  return PARSERS[format];
}

export { MalformedFeedError } from './common/errors.js';
export type { FeedParser } from './common/types.js';
