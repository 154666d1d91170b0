import * as wf from '@temporalio/workflow';
import type { GaugeIngestActivities, GaugeWarehouseActivities } from '../activities/gauges/index.js';
import {
  CARRIED_MEMO_KEY,
  afterPoll,
  initialGaugeHealth,
  nextPollStartMs,
  type GaugePollerCarry,
  type GaugeSourceHealth,
  type GaugeSourceName,
} from '../model/index.js';
import { gaugePoll, WAREHOUSE_COMMIT } from './activity-policies.js';
import type { FetchingWorkflowInput } from './fetching-input.js';
import { describeFailure } from './poll-failure.js';
import { PollRequests } from './poll-requests.js';
import { STEADY_POLLING_PATCH } from './patches.js';

export interface GaugePollerInput extends FetchingWorkflowInput {
  source: GaugeSourceName;
  pollIntervalSeconds: number;
  /** History the first poll asks for. */
  initialWindowHours: number;
  /** Each poll asks again for this much before the end of the last committed one (late readings). */
  overlapHours: number;
  /** After an outage, no more than this much is asked for in one poll. */
  maxWindowHours: number;
  fetchTimeoutMs?: number;
  /** Polls per run before continuing as new (default 200). */
  iterationsPerRun?: number;
  carried?: GaugePollerCarry;
}

export const gaugeHealthQuery = wf.defineQuery<GaugeSourceHealth>('health');
/** Poll now rather than at the next slot. The same name as the feed pollers' (`pollNow`), so tools and recorded histories send and replay it alike. */
export const gaugePollNowSignal = wf.defineSignal('pollNow');

const HOUR_MS = 3_600_000;

/**
 * One long-running poller per gauge source: poll (every call of the source, bodies kept by hash) →
 * commit and publish → sleep, answering `health` and woken early by `pollNow`. A failed poll commits
 * nothing and only degrades the source: the next good poll asks again from the end of the last
 * committed window, so no reading is lost.
 */
export async function gaugePoller(input: GaugePollerInput): Promise<void> {
  const ingest = wf.proxyActivities<GaugeIngestActivities>({
    taskQueue: input.ingestTaskQueue,
    ...gaugePoll(input.fetchMaximumAttempts ?? 3),
  });
  const warehouse = wf.proxyActivities<GaugeWarehouseActivities>({
    taskQueue: input.warehouseTaskQueue,
    ...WAREHOUSE_COMMIT,
  });

  let health = input.carried?.health ?? initialGaugeHealth(input.source);
  let committedUntilMs = input.carried?.committedUntilMs;
  let token = input.carried?.token ?? null;
  const requests = new PollRequests();
  wf.setHandler(gaugeHealthQuery, () => health);
  wf.setHandler(gaugePollNowSignal, () => requests.request());
  // Runs started before the patch keep their commands (ADR 20).
  const steady = wf.patched(STEADY_POLLING_PATCH);

  const record = (outcome: 'committed' | 'failed', changes: Partial<GaugeSourceHealth>) => {
    health = afterPoll(health, outcome, changes, new Date().toISOString());
  };

  async function pollOnce(): Promise<void> {
    const nowMs = Date.now();
    const fromMs = Math.max(
      committedUntilMs === undefined
        ? nowMs - input.initialWindowHours * HOUR_MS
        : committedUntilMs - input.overlapHours * HOUR_MS,
      nowMs - input.maxWindowHours * HOUR_MS,
    );
    try {
      const polled = await ingest.pollGaugeSource({ source: input.source, fromMs, token });
      const committed = await warehouse.commitGaugePoll({
        // The poller's chain of runs and its poll count name the poll across retries and continue-as-new.
        pollId: `${input.source}:${wf.workflowInfo().firstExecutionRunId}:${health.polls + 1}`,
        stagedPath: polled.stagedPath,
      });
      committedUntilMs = Date.parse(polled.polledAt);
      token = polled.nextToken ?? token;
      record('committed', {
        consecutiveFailures: 0,
        lastSuccess: new Date().toISOString(),
        lastError: undefined,
        gaugeCount: committed.gauges,
        newReadings: committed.fresh,
        skippedSeries: polled.skipped,
      });
    } catch (error) {
      const { kind, message } = describeFailure(error);
      wf.log.warn(
        `gauges ${input.source}: poll failed (${kind}): ${message}; next poll in ${input.pollIntervalSeconds} s`,
        { source: input.source, errorKind: kind, error: message },
      );
      record('failed', {
        consecutiveFailures: health.consecutiveFailures + 1,
        errorCount: health.errorCount + 1,
        lastError: message,
        lastErrorKind: kind,
      });
    }
  }

  const carried = (): GaugePollerCarry => ({ health, committedUntilMs, token });
  const iterations = input.iterationsPerRun ?? 200;
  for (let i = 0; i < iterations; i++) {
    const startedAt = Date.now();
    // A run's first poll starts with the run: it answers a pollNow sent with the start.
    if (steady && i === 0) requests.answered();
    const nextPoll = steady ? requests.startRoundTimer(input.pollIntervalSeconds * 1000) : undefined;
    await pollOnce();
    const nextPollMs = nextPollStartMs(startedAt, input.pollIntervalSeconds, Date.now());
    health = {
      ...health,
      pollIntervalSeconds: input.pollIntervalSeconds,
      nextPollAt: new Date(nextPollMs).toISOString(),
    };
    wf.setCurrentDetails(
      `${health.status}: ${health.gaugeCount} gauges, ${health.newReadings} new readings; last poll ${health.lastPolled ?? 'never'}, next ${health.nextPollAt}` +
        (health.lastError ? `; last error (${health.lastErrorKind ?? 'internal'}): ${health.lastError}` : ''),
    );
    if (nextPoll) {
      // Health and window for readers that run no workflow code, and for a restart to carry on from.
      wf.upsertMemo({ [CARRIED_MEMO_KEY]: carried() });
      await nextPoll.wait();
    } else {
      await requests.legacyWait(nextPollMs - Date.now());
    }
  }
  await wf.continueAsNew<typeof gaugePoller>({ ...input, carried: carried() });
}
