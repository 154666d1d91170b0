import { ApplicationFailure, ApplicationFailureCategory } from '@temporalio/common';
import type { FeedErrorKind } from '../../model/index.js';
import { GaugeSourceError } from '../../sources/gauges/index.js';
import { NON_RETRYABLE_FAILURES, UPSTREAM_UNAVAILABLE } from '../contracts.js';
import { conditionalGet } from '../http-fetch.js';
import type { RawRef, RawStore } from '../raw-store.js';

/** GETs a source's documents, keeping each body in the raw store; a failure ends the poll. */
export interface SourceFetcher {
  get(url: string): Promise<Uint8Array>;
  /** The bodies fetched so far, by reference. */
  readonly fetched: RawRef[];
}

const USER_AGENT = 'emergency-incident-data-service/0.1 (+https://github.com/)';

/** An upstream's trouble: expected, so BENIGN; its kind travels as the first detail for the poller's health. */
export function gaugeUpstreamFailure(
  kind: FeedErrorKind,
  message: string,
  type: string,
  nonRetryable: boolean,
) {
  return ApplicationFailure.create({
    message,
    type,
    nonRetryable,
    details: [kind],
    category: ApplicationFailureCategory.BENIGN,
  });
}

/** A document the parser refused: malformed (not the format) or the service's own error, often with HTTP 200. */
export function documentFailure(error: GaugeSourceError) {
  return error.kind === 'malformed'
    ? gaugeUpstreamFailure('bad-body', error.message, NON_RETRYABLE_FAILURES.malformed, true)
    : gaugeUpstreamFailure('upstream-error', error.message, NON_RETRYABLE_FAILURES.rejected, true);
}

/** Runs a parser; its GaugeSourceError becomes the poll's failure. */
export function parsed<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof GaugeSourceError) throw documentFailure(error);
    throw error;
  }
}

function where(url: string): string {
  const parsedUrl = new URL(url);
  return `${parsedUrl.host}${parsedUrl.pathname}`;
}

export function sourceFetcher(options: {
  feedKey: string;
  raw: RawStore;
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal | undefined;
  fetch?: typeof fetch | undefined;
  now: () => Date;
}): SourceFetcher {
  const fetched: RawRef[] = [];
  return {
    fetched,
    async get(url) {
      const outcome = await conditionalGet(
        {
          url,
          timeoutMs: options.timeoutMs,
          maxBytes: options.maxBytes,
          userAgent: USER_AGENT,
          signal: options.signal,
        },
        options.fetch,
      );
      switch (outcome.kind) {
        case 'body':
          fetched.push(
            await options.raw.put(options.feedKey, outcome.body, options.now(), outcome.contentType, url),
          );
          return outcome.body;
        case 'not-modified':
          // No validators are sent, so a 304 is the server's mistake: nothing to read.
          throw gaugeUpstreamFailure(
            'bad-body',
            `304 without a validator from ${where(url)}`,
            NON_RETRYABLE_FAILURES.malformed,
            true,
          );
        case 'too-large':
          throw gaugeUpstreamFailure(
            'too-large',
            `${where(url)} is larger than ${outcome.limit} bytes`,
            NON_RETRYABLE_FAILURES.tooLarge,
            true,
          );
        case 'http-error': {
          const passing = outcome.status >= 500 || outcome.status === 429 || outcome.status === 408;
          throw gaugeUpstreamFailure(
            'http-status',
            `HTTP ${outcome.status} from ${where(url)}`,
            passing ? UPSTREAM_UNAVAILABLE : NON_RETRYABLE_FAILURES.rejected,
            !passing,
          );
        }
        case 'unreachable': {
          const { host } = new URL(url);
          const suffix = outcome.reason.includes(host) ? '' : ` (${host})`;
          throw gaugeUpstreamFailure(
            outcome.cause,
            `${outcome.reason}${suffix}`,
            UPSTREAM_UNAVAILABLE,
            false,
          );
        }
      }
    },
  };
}
