import type { FloodThresholds, GaugeSeries, GaugeStation } from '../../model/index.js';
import type { GaugeSourceContext } from './station.js';

/** What a poll of one source asks for: the window of readings, and the source's incremental token. */
export interface PollWindow<S extends GaugeSourceContext> {
  source: S;
  /** The address polled (the service's own, or the source's path on a mirror). */
  baseUrl: string;
  fromMs: number;
  toMs: number;
  /** AQUARIUS: the changes token of the last committed poll. */
  token: string | null;
  /** What the worker keeps between polls, for its life (AQUARIUS: locations, which barely change). */
  memory: Map<string, unknown>;
}

/** A source's answer, normalised: every station it lists, readings by series, thresholds of its series. */
export interface SourcePoll {
  stations: GaugeStation[];
  series: GaugeSeries[];
  seriesThresholds: Map<string, FloodThresholds>;
  /** Sites or series the source reported an error for inside a good answer, or could not place. */
  skipped: number;
  /** AQUARIUS: the token to send next time, once this poll is committed. */
  nextToken: string | null;
}

/**
 * The calls of one poll, in order, without doing them: yields the URL of each GET, is resumed with
 * its body (which it hands to its parser; a parser's GaugeSourceError ends the poll), and returns the
 * poll's records. The ingest activity does the fetching.
 */
export type PollSequence = Generator<string, SourcePoll, Uint8Array>;

/** Items in chunks of `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}
