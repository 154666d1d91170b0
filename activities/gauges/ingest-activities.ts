import { countingFailures } from '../failure-metrics.js';
import { ApplicationFailure } from '@temporalio/common';
import { createHash } from 'node:crypto';
import { dataLayout, type Settings } from '../../config/index.js';
import {
  effectiveGaugeBaseUrl,
  gaugeSourceByName,
  type GaugeSourceDefinition,
} from '../../config/gauge-sources.js';
import { pollSequence } from '../../sources/gauges/index.js';
import {
  readingsCsv,
  stagedReadingsPath,
  writeStagedPoll,
  type StagedGaugePoll,
} from '../../warehouse/gauges/staged.js';
import type { SharedFilesSettings } from '../shared-files.js';
import { fetchingContext, type FetchingContext } from '../fetching-context.js';
import { NON_RETRYABLE_FAILURES } from '../contracts.js';
import { heartbeating } from '../heartbeat.js';
import type { RawRef } from '../raw-store.js';
import { cancellation } from '../upstream-fetch.js';
import type { PollGaugeSourceInput, PollGaugeSourceResult } from './contracts.js';
import { runPoll, sourceFetcher } from './source-fetch.js';

/** What the sources' polls keep between polls, for the life of the worker (AQUARIUS locations). */
const pollMemory = new Map<string, unknown>();

export interface GaugeIngestDeps {
  settings: Pick<Settings, 'DATA_DIR' | 'UPSTREAM_BASE_URL' | 'FETCH_TIMEOUT_MS' | 'FETCH_MAX_BYTES'> &
    SharedFilesSettings;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** What the activities share between calls (fetching-context.ts). */
type GaugeIngestContext = FetchingContext<GaugeIngestDeps['settings']>;

function requireGaugeSource(name: string): GaugeSourceDefinition {
  const source = gaugeSourceByName(name);
  if (!source) {
    throw ApplicationFailure.nonRetryable(`unknown gauge source ${name}`, NON_RETRYABLE_FAILURES.unknownFeed);
  }
  return source;
}

/** A poll's id: when it ran, then a hash of every body it read. */
function pollIdOf(at: Date, fetched: readonly RawRef[]): string {
  const hash = createHash('sha256')
    .update(fetched.map((ref) => ref.sha256).join(','))
    .digest('hex')
    .slice(0, 16);
  return `${at
    .toISOString()
    .replace(/[^0-9]/g, '')
    .slice(0, 14)}-${hash}`;
}

/** Writes the staged poll and its readings, then shares both with the warehouse. */
async function stagePoll(
  { settings, shared }: GaugeIngestContext,
  stagedPath: string,
  staged: StagedGaugePoll,
  readings: string,
): Promise<void> {
  await writeStagedPoll(settings.DATA_DIR, stagedPath, staged, readings);
  await shared.publish(stagedPath);
  await shared.publish(stagedReadingsPath(stagedPath));
}

async function poll(gauges: GaugeIngestContext, input: PollGaugeSourceInput): Promise<PollGaugeSourceResult> {
  const { settings, now } = gauges;
  const source = requireGaugeSource(input.source);
  const at = now();
  const fetcher = sourceFetcher({
    feedKey: `gauges/${source.name}`,
    raw: gauges.raw,
    timeoutMs: settings.FETCH_TIMEOUT_MS,
    maxBytes: settings.FETCH_MAX_BYTES,
    signal: cancellation(),
    fetch: gauges.fetch,
    now,
  });
  const sequence = pollSequence(source.system, {
    source,
    baseUrl: effectiveGaugeBaseUrl(source, settings.UPSTREAM_BASE_URL),
    fromMs: input.fromMs,
    toMs: at.getTime(),
    token: input.token,
    memory: pollMemory,
  });
  const result = await runPoll(sequence, fetcher);
  const csv = readingsCsv(result.series);
  const stagedPath = dataLayout(settings.DATA_DIR).stagedRef(
    `gauges/${source.name}`,
    pollIdOf(at, fetcher.fetched),
  );
  await stagePoll(
    gauges,
    stagedPath,
    {
      source: source.name,
      polledAt: at.toISOString(),
      stations: result.stations,
      seriesThresholds: [...result.seriesThresholds],
      raw: fetcher.fetched,
      readings: csv.rows,
    },
    csv.text,
  );
  return {
    stagedPath,
    polledAt: at.toISOString(),
    stations: result.stations.length,
    readings: csv.rows,
    skipped: result.skipped + csv.unreadable,
    rawBodies: fetcher.fetched.length,
    rawBytes: fetcher.fetched.reduce((sum, ref) => sum + ref.bytes, 0),
    nextToken: result.nextToken,
  };
}

/** One poll of a gauge source, heartbeating while its calls run. */
function pollGaugeSource(gauges: GaugeIngestContext) {
  return (input: PollGaugeSourceInput): Promise<PollGaugeSourceResult> =>
    countingFailures(input.source, () => heartbeating(() => poll(gauges, input)));
}

/**
 * The gauge activity of the ingest task queue: one poll of a source, every document it takes kept in
 * the raw store by hash, parsed and normalised into a staged poll for the warehouse. Any failed call
 * or refused document fails the whole poll, so nothing half-read is ever committed.
 */
export function createGaugeIngestActivities(deps: GaugeIngestDeps) {
  return { pollGaugeSource: pollGaugeSource(fetchingContext(deps)) };
}

export type GaugeIngestActivities = ReturnType<typeof createGaugeIngestActivities>;
