import { ApplicationFailure } from '@temporalio/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DateTime } from 'luxon';
import {
  dataLayout,
  effectiveFeedUrl,
  feedByKey,
  type FeedDefinition,
  type Settings,
} from '../config/index.js';
import { normalise, STATE_TIME_ZONES, toRecord, type ParseResult } from '../model/index.js';
import {
  NON_RETRYABLE_FAILURES,
  type FetchFeedInput,
  type FetchFeedResult,
  type ParseFeedInput,
  type ParseFeedResult,
} from './contracts.js';
import { countingFailures } from './failure-metrics.js';
import { heartbeating } from './heartbeat.js';
import type { SharedFilesSettings } from './shared-files.js';
import { fetchingContext, type FetchingContext } from './fetching-context.js';
import { cancellation, fetchUpstream, upstreamFailure } from './upstream-fetch.js';
import { MalformedFeedError, parserFor, type FeedParser } from '../sources/index.js';

export interface IngestDeps {
  settings: Pick<Settings, 'DATA_DIR' | 'UPSTREAM_BASE_URL' | 'FETCH_TIMEOUT_MS' | 'FETCH_MAX_BYTES'> &
    SharedFilesSettings;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** What the activities share between calls (fetching-context.ts). */
type IngestContext = FetchingContext<IngestDeps['settings']>;

function requireFeed(feedKey: string): FeedDefinition {
  const feed = feedByKey(feedKey);
  if (!feed)
    throw ApplicationFailure.nonRetryable(`unknown feed ${feedKey}`, NON_RETRYABLE_FAILURES.unknownFeed);
  return feed;
}

/** ISO 8601 in the feed's own zone, so every stored timestamp carries an Australian offset. */
function isoInZone(at: Date, feed: FeedDefinition): string {
  return (
    DateTime.fromJSDate(at)
      .setZone(STATE_TIME_ZONES[feed.state])
      .set({ millisecond: 0 })
      .toISO({ suppressMilliseconds: true }) ?? ''
  );
}

async function fetchOnce(ingest: IngestContext, input: FetchFeedInput): Promise<FetchFeedResult> {
  const { settings } = ingest;
  const feed = requireFeed(input.feedKey);
  const url = effectiveFeedUrl(feed, settings.UPSTREAM_BASE_URL);
  const at = ingest.now();
  const outcome = await fetchUpstream(
    {
      url,
      etag: input.etag,
      lastModified: input.lastModified,
      timeoutMs: settings.FETCH_TIMEOUT_MS,
      maxBytes: settings.FETCH_MAX_BYTES,
      signal: cancellation(),
    },
    ingest.fetch,
  );
  const fetchedAt = isoInZone(at, feed);
  if (outcome.kind === 'not-modified') return { kind: 'not-modified', fetchedAt };
  const ref = await ingest.raw.put(feed.key, outcome.body, at, outcome.contentType, url);
  return {
    kind: 'fetched',
    fetchedAt,
    raw: ref,
    etag: outcome.etag,
    lastModified: outcome.lastModified,
  };
}

/** The feed's body read by its parser: a malformed body fails for good, as a retry reads the same bytes. */
function parseBody(parser: FeedParser, body: Uint8Array): ParseResult {
  try {
    return parser(body);
  } catch (error) {
    if (error instanceof MalformedFeedError) {
      throw upstreamFailure('bad-body', error.message, NON_RETRYABLE_FAILURES.malformed, true);
    }
    throw error;
  }
}

async function parseFeed(
  { settings, raw, shared }: IngestContext,
  input: ParseFeedInput,
): Promise<ParseFeedResult> {
  const feed = requireFeed(input.feedKey);
  const parser = parserFor(feed.format);
  if (!parser) {
    throw ApplicationFailure.nonRetryable(
      `no parser for format ${feed.format}`,
      NON_RETRYABLE_FAILURES.unknownFeed,
    );
  }
  const result = parseBody(parser, await raw.get(input.raw));
  const records = result.incidents.map((draft) => toRecord(normalise(draft, input.fetchedAt)));
  const pollId = `${input.fetchedAt.replace(/[^0-9]/g, '').slice(0, 14)}-${input.raw.sha256.slice(0, 16)}`;
  const stagedPath = dataLayout(settings.DATA_DIR).stagedRef(feed.key, pollId);
  const absolute = join(settings.DATA_DIR, stagedPath);
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(absolute, JSON.stringify(records));
  await shared.publish(stagedPath);
  return {
    stagedPath,
    incidents: records.filter((r) => r.feature_type === 'incident').length,
    areas: records.filter((r) => r.feature_type !== 'incident').length,
    unmapped: result.unmapped.length,
    unmappedSample: result.unmapped.slice(0, 10),
    dropped: result.dropped?.length ?? 0,
    droppedSample: (result.dropped ?? []).slice(0, 10),
  };
}

function fetchFeedActivity(ingest: IngestContext) {
  return (input: FetchFeedInput): Promise<FetchFeedResult> =>
    countingFailures(input.feedKey, () => heartbeating(() => fetchOnce(ingest, input)));
}

function parseFeedActivity(ingest: IngestContext) {
  return (input: ParseFeedInput): Promise<ParseFeedResult> =>
    countingFailures(input.feedKey, () => parseFeed(ingest, input));
}

/** Activities of the ingest task queue: fetch, parse, normalise. Stateless, any number of workers. */
export function createIngestActivities(deps: IngestDeps) {
  const ingest = fetchingContext(deps);
  return {
    fetchFeed: fetchFeedActivity(ingest),
    parseFeed: parseFeedActivity(ingest),
  };
}

export type IngestActivities = ReturnType<typeof createIngestActivities>;
