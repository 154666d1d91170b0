import { countingFailures } from '../failure-metrics.js';
import { ApplicationFailure } from '@temporalio/common';
import { createHash } from 'node:crypto';
import { dataLayout, type Settings } from '../../config/index.js';
import { effectiveGaugeBaseUrl, gaugeSourceByName } from '../../config/gauge-sources.js';
import { pollSequence } from '../../sources/gauges/index.js';
import { readingsCsv, stagedReadingsPath, writeStagedPoll } from '../../warehouse/gauges/staged.js';
import { sharedFilesOf, type SharedFilesSettings } from '../shared-files.js';
import { NON_RETRYABLE_FAILURES } from '../contracts.js';
import { heartbeating } from '../heartbeat.js';
import { RawStore } from '../raw-store.js';
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

/**
 * The gauge activity of the ingest task queue: one poll of a source, every document it takes kept in
 * the raw store by hash, parsed and normalised into a staged poll for the warehouse. Any failed call
 * or refused document fails the whole poll, so nothing half-read is ever committed.
 */
export function createGaugeIngestActivities(deps: GaugeIngestDeps) {
  const { settings } = deps;
  const now = deps.now ?? (() => new Date());
  const shared = sharedFilesOf(settings);
  const raw = new RawStore(settings.DATA_DIR, shared);

  async function poll(input: PollGaugeSourceInput): Promise<PollGaugeSourceResult> {
    const source = gaugeSourceByName(input.source);
    if (!source) {
      throw ApplicationFailure.nonRetryable(
        `unknown gauge source ${input.source}`,
        NON_RETRYABLE_FAILURES.unknownFeed,
      );
    }
    const at = now();
    const fetcher = sourceFetcher({
      feedKey: `gauges/${source.name}`,
      raw,
      timeoutMs: settings.FETCH_TIMEOUT_MS,
      maxBytes: settings.FETCH_MAX_BYTES,
      signal: cancellation(),
      fetch: deps.fetch,
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
    const hash = createHash('sha256')
      .update(fetcher.fetched.map((ref) => ref.sha256).join(','))
      .digest('hex')
      .slice(0, 16);
    const pollId = `${at
      .toISOString()
      .replace(/[^0-9]/g, '')
      .slice(0, 14)}-${hash}`;
    const stagedPath = dataLayout(settings.DATA_DIR).stagedRef(`gauges/${source.name}`, pollId);
    await writeStagedPoll(
      settings.DATA_DIR,
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
    await shared.publish(stagedPath);
    await shared.publish(stagedReadingsPath(stagedPath));
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

  return {
    /** One poll of a gauge source, heartbeating while its calls run. */
    pollGaugeSource(input: PollGaugeSourceInput): Promise<PollGaugeSourceResult> {
      return countingFailures(input.source, () => heartbeating(() => poll(input)));
    },
  };
}

export type GaugeIngestActivities = ReturnType<typeof createGaugeIngestActivities>;
