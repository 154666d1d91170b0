import { ACT_LEGACY_PARSERS, ACT_PARSERS } from './act/index.js';
import type { FeedParser } from './common/types.js';
import { NSW_PARSERS } from './nsw/index.js';
import { NT_PARSERS } from './nt/index.js';
import { QLD_LEGACY_PARSERS, QLD_PARSERS } from './qld/index.js';
import { SA_LEGACY_PARSERS, SA_PARSERS } from './sa/index.js';
import { TAS_LEGACY_PARSERS, TAS_PARSERS } from './tas/index.js';
import { VIC_LEGACY_PARSERS, VIC_PARSERS } from './vic/index.js';
import { WA_ARCHIVE_PARSERS, WA_PARSERS } from './wa/index.js';

/** One pure parser per upstream format polled today, keyed by the catalogue's `format`. */
export const PARSERS: Readonly<Record<string, FeedParser>> = {
  ...NSW_PARSERS,
  ...VIC_PARSERS,
  ...QLD_PARSERS,
  ...SA_PARSERS,
  ...WA_PARSERS,
  ...TAS_PARSERS,
  ...NT_PARSERS,
  ...ACT_PARSERS,
};

/** Formats not polled (no longer published, or duplicating a polled feed): kept to re-parse archived bodies. */
export const LEGACY_PARSERS: Readonly<Record<string, FeedParser>> = {
  ...VIC_LEGACY_PARSERS,
  ...QLD_LEGACY_PARSERS,
  ...ACT_LEGACY_PARSERS,
  ...SA_LEGACY_PARSERS,
  ...TAS_LEGACY_PARSERS,
  ...WA_ARCHIVE_PARSERS,
};

export function parserFor(format: string): FeedParser | undefined {
  return PARSERS[format] ?? LEGACY_PARSERS[format];
}

export { MalformedFeedError } from './common/errors.js';
export type { FeedParser } from './common/types.js';
