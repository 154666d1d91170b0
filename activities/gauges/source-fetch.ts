import { GaugeSourceError, type PollSequence, type SourcePoll } from '../../sources/gauges/index.js';
import { NON_RETRYABLE_FAILURES } from '../contracts.js';
import type { RawRef, RawStore } from '../raw-store.js';
import { fetchUpstream, upstreamFailure, withoutQuery } from '../upstream-fetch.js';

/** GETs a source's documents, keeping each body in the raw store; a failure ends the poll. */
export interface SourceFetcher {
  get(url: string): Promise<Uint8Array>;
  /** The bodies fetched so far, by reference. */
  readonly fetched: RawRef[];
}

/** A document the parser refused: malformed (not the format) or the service's own error, often with HTTP 200. */
export function documentFailure(error: GaugeSourceError) {
  return error.kind === 'malformed'
    ? upstreamFailure('bad-body', error.message, NON_RETRYABLE_FAILURES.malformed, true)
    : upstreamFailure('upstream-error', error.message, NON_RETRYABLE_FAILURES.rejected, true);
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

/** Runs a source's poll: GETs each URL its sequence asks for and hands the body back to it. */
export async function runPoll(sequence: PollSequence, fetcher: SourceFetcher): Promise<SourcePoll> {
  let step = parsed(() => sequence.next());
  while (!step.done) {
    const body = await fetcher.get(step.value);
    step = parsed(() => sequence.next(body));
  }
  return step.value;
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
      const outcome = await fetchUpstream(
        { url, timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, signal: options.signal },
        options.fetch,
      );
      if (outcome.kind === 'not-modified') {
        // No validators are sent, so a 304 is the server's mistake: nothing to read.
        throw upstreamFailure(
          'bad-body',
          `304 without a validator from ${withoutQuery(url)}`,
          NON_RETRYABLE_FAILURES.malformed,
          true,
        );
      }
      fetched.push(
        await options.raw.put(options.feedKey, outcome.body, options.now(), outcome.contentType, url),
      );
      return outcome.body;
    },
  };
}
