import type { ParseResult } from '../../model/index.js';

/** A pure parser: the raw bytes of one upstream document in, normalised drafts out. No I/O. */
export type FeedParser = (body: Uint8Array) => ParseResult;
