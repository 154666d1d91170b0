import type { DroppedRecord, UnmappedValue } from '../model/index.js';
import type { RawRef } from './raw-store.js';
import type { CommitOutcome } from '../warehouse/warehouse.js';

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
  /** Records the parser left out on purpose (republished elsewhere, test records, duplicates…). */
  dropped: number;
  droppedSample: DroppedRecord[];
}

export interface CommitFeedInput {
  feedKey: string;
  /** Unique per poll and the same on every retry of its commit: a repeated commit is a no-op. */
  pollId: string;
  stagedPath: string;
  rawSha256: string;
  polledAt: string;
  /** The mass drop the guard reported on the previous consecutive polls, believed if this poll repeats it. */
  believeDrop: string | null;
}

/** What the commit did; the lake shows it after the next publish (at most PUBLISH_INTERVAL_MS later). */
export type CommitFeedResult = CommitOutcome;

/** Failure types that retrying cannot fix: the poll is bad, the feed is degraded, nothing is retracted. */
export const NON_RETRYABLE_FAILURES = {
  malformed: 'MalformedFeed',
  rejected: 'UpstreamRejected',
  tooLarge: 'FeedTooLarge',
  unknownFeed: 'UnknownFeed',
} as const;

/** Failure type of upstream trouble that may pass within the poll (5xx, 429, DNS, refused, time-out). */
export const UPSTREAM_UNAVAILABLE = 'UpstreamUnavailable';
