import { Context } from '@temporalio/activity';
import { ApplicationFailure, ApplicationFailureCategory } from '@temporalio/common';
import type { FeedErrorKind } from '../model/index.js';
import { NON_RETRYABLE_FAILURES, UPSTREAM_UNAVAILABLE } from './contracts.js';
import { conditionalGet, type ConditionalGet, type HttpOutcome } from './http-fetch.js';

export const USER_AGENT = 'emergency-incident-data-service/0.1 (+https://github.com/)';

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

/** What a GET leaves to its caller: a body, or a 304 whose meaning depends on whether validators were sent. */
export type UpstreamAnswer = Extract<HttpOutcome, { kind: 'body' | 'not-modified' }>;

/**
 * One GET of an upstream document under the service's user agent. Every other outcome becomes the
 * activity's failure: a refused or oversized document will not change within the poll (non-retryable),
 * an unreachable or overloaded upstream may (retryable).
 */
export async function fetchUpstream(
  request: Omit<ConditionalGet, 'userAgent'>,
  fetchImpl?: typeof fetch,
): Promise<UpstreamAnswer> {
  const { url } = request;
  const outcome = await conditionalGet({ ...request, userAgent: USER_AGENT }, fetchImpl);
  switch (outcome.kind) {
    case 'body':
    case 'not-modified':
      return outcome;
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
