import {
  condition,
  continueAsNew,
  defineQuery,
  log,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { GaugeIngestActivities, GaugeWarehouseActivities } from '../activities/gauges/index.js';
import {
  deriveFeedStatus,
  nextPollStartMs,
  type GaugeSourceHealth,
  type GaugeSourceName,
} from '../model/index.js';
import { pollNowSignal } from './feed-poller.js';
import { describeFailure } from './poll-failure.js';

export interface GaugePollerInput {
  source: GaugeSourceName;
  pollIntervalSeconds: number;
  ingestTaskQueue: string;
  warehouseTaskQueue: string;
  /** History the first poll asks for. */
  initialWindowHours: number;
  /** Each poll asks again for this much before the end of the last committed one (late readings). */
  overlapHours: number;
  /** After an outage, no more than this much is asked for in one poll. */
  maxWindowHours: number;
  fetchMaximumAttempts?: number;
  fetchTimeoutMs?: number;
  /** Polls per run before continuing as new (default 200). */
  iterationsPerRun?: number;
  carried?: GaugePollerCarry;
}

export interface GaugePollerCarry {
  health: GaugeSourceHealth;
  /** End of the window of the last committed poll (epoch ms). */
  committedUntilMs?: number | undefined;
  /** AQUARIUS changes token, advanced only once a poll is committed. */
  token: string | null;
}

export const gaugeHealthQuery = defineQuery<GaugeSourceHealth>('health');

const HOUR_MS = 3_600_000;
/** A poll is many calls: time enough for the slowest source's calls, each within the fetch time-out. */
const POLL_TIMEOUT = '10 minutes';

function initialHealth(source: GaugeSourceName): GaugeSourceHealth {
  return {
    source,
    status: 'unknown',
    gaugeCount: 0,
    newReadings: 0,
    skippedSeries: 0,
    polls: 0,
    errorCount: 0,
    consecutiveFailures: 0,
  };
}

/**
 * One long-running poller per gauge source: poll (every call of the source, bodies kept by hash) →
 * commit and publish → sleep, answering `health` and woken early by `pollNow`. A failed poll commits
 * nothing and only degrades the source: the next good poll asks again from the end of the last
 * committed window, so no reading is lost.
 */
export async function gaugePoller(input: GaugePollerInput): Promise<void> {
  const ingest = proxyActivities<GaugeIngestActivities>({
    taskQueue: input.ingestTaskQueue,
    startToCloseTimeout: POLL_TIMEOUT,
    heartbeatTimeout: '10 seconds',
    retry: {
      initialInterval: '2 seconds',
      backoffCoefficient: 2,
      maximumInterval: '30 seconds',
      maximumAttempts: input.fetchMaximumAttempts ?? 3,
    },
  });
  const warehouse = proxyActivities<GaugeWarehouseActivities>({
    taskQueue: input.warehouseTaskQueue,
    startToCloseTimeout: '5 minutes',
    heartbeatTimeout: '30 seconds',
    retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', maximumAttempts: 10 },
  });

  let health = input.carried?.health ?? initialHealth(input.source);
  let committedUntilMs = input.carried?.committedUntilMs;
  let token = input.carried?.token ?? null;
  let pollRequested = false;
  setHandler(gaugeHealthQuery, () => health);
  setHandler(pollNowSignal, () => {
    pollRequested = true;
  });

  const record = (outcome: 'committed' | 'failed', changes: Partial<GaugeSourceHealth>) => {
    const next: GaugeSourceHealth = {
      ...health,
      lastErrorKind: undefined,
      ...changes,
      polls: health.polls + 1,
      lastOutcome: outcome,
      lastPolled: new Date().toISOString(),
    };
    health = { ...next, status: deriveFeedStatus(next) };
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
        pollId: `${input.source}:${workflowInfo().firstExecutionRunId}:${health.polls + 1}`,
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
      log.warn(
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

  const iterations = input.iterationsPerRun ?? 200;
  for (let i = 0; i < iterations && !workflowInfo().continueAsNewSuggested; i++) {
    pollRequested = false;
    const startedAt = Date.now();
    await pollOnce();
    const nextPollMs = nextPollStartMs(startedAt, input.pollIntervalSeconds, Date.now());
    health = { ...health, nextPollAt: new Date(nextPollMs).toISOString() };
    setCurrentDetails(
      `${health.status}: ${health.gaugeCount} gauges, ${health.newReadings} new readings; last poll ${health.lastPolled ?? 'never'}, next ${health.nextPollAt}` +
        (health.lastError ? `; last error (${health.lastErrorKind ?? 'internal'}): ${health.lastError}` : ''),
    );
    const untilNextPoll = nextPollMs - Date.now();
    if (untilNextPoll > 0) await condition(() => pollRequested, untilNextPoll);
  }
  await continueAsNew<typeof gaugePoller>({ ...input, carried: { health, committedUntilMs, token } });
}
