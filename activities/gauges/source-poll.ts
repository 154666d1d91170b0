import type { GaugeSourceDefinition } from '../../config/gauge-sources.js';
import type { FloodThresholds, GaugeSeries, GaugeStation } from '../../model/index.js';
import type { SourceFetcher } from './source-fetch.js';

/** What a poll of one source asks for: the window of readings, and the source's incremental token. */
export interface SourcePollRequest {
  source: GaugeSourceDefinition;
  /** The address polled (the service's own, or the source's path on a mirror). */
  baseUrl: string;
  fromMs: number;
  toMs: number;
  /** AQUARIUS: the changes token of the last committed poll. */
  token: string | null;
  fetcher: SourceFetcher;
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

export type SourcePoller = (request: SourcePollRequest) => Promise<SourcePoll>;

/** Items in chunks of `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}
