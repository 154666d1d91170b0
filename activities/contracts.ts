import type { UnmappedValue } from '../model/index.js';
import type { RawRef } from './raw-store.js';

/** Inputs and results of every activity. Small and JSON-safe: they travel through workflow history. */

export interface FetchFeedInput {
  feedKey: string;
  etag?: string | undefined;
  lastModified?: string | undefined;
}

export type FetchFeedResult =
  | { kind: 'not-modified'; fetchedAt: string }
  | {
      kind: 'fetched';
      fetchedAt: string;
      raw: RawRef;
      etag?: string | undefined;
      lastModified?: string | undefined;
    };

export interface ParseFeedInput {
  feedKey: string;
  raw: RawRef;
  fetchedAt: string;
}

export interface ParseFeedResult {
  /** Normalised records of this poll, relative to DATA_DIR. */
  stagedPath: string;
  incidents: number;
  areas: number;
  unmapped: number;
  /** The first few unmapped values, for the health record and logs. */
  unmappedSample: UnmappedValue[];
}

export interface CommitFeedInput {
  feedKey: string;
  stagedPath: string;
  rawSha256: string;
  polledAt: string;
  allowMassRetraction: boolean;
}

export interface CommitFeedResult {
  generation: number;
  received: number;
  inserted: number;
  changed: number;
  unchanged: number;
  retracted: number;
  active: number;
  guard: string | null;
}

/** Failure types that retrying cannot fix: the poll is bad, the feed is degraded, nothing is retracted. */
export const NON_RETRYABLE_FAILURES = {
  malformed: 'MalformedFeed',
  rejected: 'UpstreamRejected',
  tooLarge: 'FeedTooLarge',
  unknownFeed: 'UnknownFeed',
} as const;
