import { Context } from '@temporalio/activity';
import { ApplicationFailure, ApplicationFailureCategory } from '@temporalio/common';
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
import {
  STATE_TIME_ZONES,
  toRecord,
  type Incident,
  type FeedErrorKind,
  type IncidentDraft,
  type ParseResult,
} from '../model/index.js';
import {
  NON_RETRYABLE_FAILURES,
  UPSTREAM_UNAVAILABLE,
  type FetchFeedInput,
  type FetchFeedResult,
  type ParseFeedInput,
  type ParseFeedResult,
} from './contracts.js';
import { heartbeating } from './heartbeat.js';
import { conditionalGet } from './http-fetch.js';
import { RawStore } from './raw-store.js';
import { MalformedFeedError, parserFor } from '../sources/index.js';

export interface IngestDeps {
  settings: Pick<Settings, 'DATA_DIR' | 'UPSTREAM_BASE_URL' | 'FETCH_TIMEOUT_MS' | 'FETCH_MAX_BYTES'>;
  fetch?: typeof fetch;
  now?: () => Date;
}

export const USER_AGENT = 'emergency-incident-data-service/0.1 (+https://github.com/)';

function requireFeed(feedKey: string): FeedDefinition {
  const feed = feedByKey(feedKey);
  if (!feed)
    throw ApplicationFailure.nonRetryable(`unknown feed ${feedKey}`, NON_RETRYABLE_FAILURES.unknownFeed);
  return feed;
}

/**
 * An upstream's trouble: expected, so BENIGN (the SDK logs it at debug, not as a failed activity with a
 * stack); the kind travels as the first detail for the poller's health and its one log line per poll.
 */
export function upstreamFailure(kind: FeedErrorKind, message: string, type: string, nonRetryable: boolean) {
  return ApplicationFailure.create({
    message,
    type,
    nonRetryable,
    details: [kind],
    category: ApplicationFailureCategory.BENIGN,
  });
}

/** A URL short enough for a log line: the query string of some feeds is a paragraph. */
export function withoutQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}

/** The activity's cancellation (worker shutting down), when running as an activity. */
export function cancellation(): AbortSignal | undefined {
  try {
    return Context.current().cancellationSignal;
  } catch {
    return undefined;
  }
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

export function normalise(draft: IncidentDraft, fetchedAt: string): Incident {
  return {
    ...draft,
    timestamps: { ...draft.timestamps, fetched: fetchedAt },
    retraction: { retracted: false },
  };
}

/** Activities of the ingest task queue: fetch, parse, normalise. Stateless, any number of workers. */
export function createIngestActivities(deps: IngestDeps) {
  const { settings } = deps;
  const now = deps.now ?? (() => new Date());
  const raw = new RawStore(settings.DATA_DIR);

  return {
    fetchFeed(input: FetchFeedInput): Promise<FetchFeedResult> {
      return heartbeating(() => fetchOnce(input));
    },

    parseFeed,
  };

  async function fetchOnce(input: FetchFeedInput): Promise<FetchFeedResult> {
    const feed = requireFeed(input.feedKey);
    const url = effectiveFeedUrl(feed, settings.UPSTREAM_BASE_URL);
    const at = now();
    const outcome = await conditionalGet(
      {
        url,
        etag: input.etag,
        lastModified: input.lastModified,
        timeoutMs: settings.FETCH_TIMEOUT_MS,
        maxBytes: settings.FETCH_MAX_BYTES,
        userAgent: USER_AGENT,
        signal: cancellation(),
      },
      deps.fetch,
    );
    const fetchedAt = isoInZone(at, feed);
    switch (outcome.kind) {
      case 'not-modified':
        return { kind: 'not-modified', fetchedAt };
      case 'body': {
        const ref = await raw.put(feed.key, outcome.body, at, outcome.contentType, url);
        return {
          kind: 'fetched',
          fetchedAt,
          raw: ref,
          etag: outcome.etag,
          lastModified: outcome.lastModified,
        };
      }
      case 'too-large':
        throw upstreamFailure(
          'too-large',
          `${withoutQuery(url)} is larger than ${outcome.limit} bytes`,
          NON_RETRYABLE_FAILURES.tooLarge,
          true,
        );
      case 'http-error': {
        // Server-side trouble and throttling may pass; a 4xx will not within this poll.
        const passing = outcome.status >= 500 || outcome.status === 429 || outcome.status === 408;
        throw upstreamFailure(
          'http-status',
          `HTTP ${outcome.status} from ${withoutQuery(url)}`,
          passing ? UPSTREAM_UNAVAILABLE : NON_RETRYABLE_FAILURES.rejected,
          !passing,
        );
      }
      case 'unreachable': {
        // System errors name the host already ("getaddrinfo ENOTFOUND host"); a time-out does not.
        const { host } = new URL(url);
        const where = outcome.reason.includes(host) ? '' : ` (${host})`;
        throw upstreamFailure(outcome.cause, `${outcome.reason}${where}`, UPSTREAM_UNAVAILABLE, false);
      }
    }
  }

  async function parseFeed(input: ParseFeedInput): Promise<ParseFeedResult> {
    const feed = requireFeed(input.feedKey);
    const parser = parserFor(feed.format);
    if (!parser) {
      throw ApplicationFailure.nonRetryable(
        `no parser for format ${feed.format}`,
        NON_RETRYABLE_FAILURES.unknownFeed,
      );
    }
    const body = await raw.get(input.raw);
    let result: ParseResult;
    try {
      result = parser(body);
    } catch (error) {
      if (error instanceof MalformedFeedError) {
        throw upstreamFailure('bad-body', error.message, NON_RETRYABLE_FAILURES.malformed, true);
      }
      throw error;
    }
    const records = result.incidents.map((draft) => toRecord(normalise(draft, input.fetchedAt)));
    const pollId = `${input.fetchedAt.replace(/[^0-9]/g, '').slice(0, 14)}-${input.raw.sha256.slice(0, 16)}`;
    const stagedPath = dataLayout(settings.DATA_DIR).stagedRef(feed.key, pollId);
    const absolute = join(settings.DATA_DIR, stagedPath);
    await mkdir(dirname(absolute), { recursive: true });
    await writeFile(absolute, JSON.stringify(records));
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
}

export type IngestActivities = ReturnType<typeof createIngestActivities>;
