import type { Client } from '@temporalio/client';
import { effectiveFeedUrl, pollerWorkflowId, type FeedDefinition, type Settings } from '../config/index.js';
import { FEED_STATUS_SEARCH_ATTRIBUTE, type PollerCarry } from '../model/index.js';
import { feedStatusSearchAttribute, type FeedPollerInput } from '../workflows/index.js';
import type { ServiceLog } from './log.js';
import type { KeptWorkflow, Restart } from './workflow-doctor.js';

export function pollerInput(feed: FeedDefinition, settings: Settings): FeedPollerInput {
  return {
    feedKey: feed.key,
    state: feed.state,
    agency: feed.agency,
    pollIntervalSeconds: settings.POLL_INTERVAL_SECONDS ?? feed.pollIntervalSeconds,
    ingestTaskQueue: settings.INGEST_TASK_QUEUE,
    warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE,
    fetchTimeoutMs: settings.FETCH_TIMEOUT_MS,
    iterationsPerRun: POLLS_PER_RUN,
  };
}

/**
 * Polls per run before continuing as new: short histories make the replay after a restart cheap
 * (about 12 events a poll). Runs started before this was set keep the workflow's own default.
 */
export const POLLS_PER_RUN = 60;

/** The command that registers the attribute on a cluster the service does not start itself. */
export const CREATE_SEARCH_ATTRIBUTE_COMMAND = `temporal operator search-attribute create --name ${FEED_STATUS_SEARCH_ATTRIBUTE} --type Keyword`;

/** Whether the cluster knows FeedStatus; a cluster that will not say (permissions) counts as no. */
export async function hasFeedStatusAttribute(
  client: Pick<Client, 'connection'>,
  namespace: string,
): Promise<boolean> {
  try {
    const { customAttributes } = await client.connection.operatorService.listSearchAttributes({ namespace });
    return customAttributes?.[FEED_STATUS_SEARCH_ATTRIBUTE] !== undefined;
  } catch {
    return false;
  }
}

/** The health a restarted poller carries: what its stuck run kept, marked down with why. */
export function markRestarted<H extends { status: string }>(health: H, restart: Restart | undefined): H {
  if (restart?.taskFailure === undefined) return health;
  return {
    ...health,
    status: 'down',
    lastOutcome: 'failed',
    lastError: `started again: its workflow task failed (${restart.taskFailure})`,
    lastErrorKind: 'workflow-task',
  };
}

/**
 * One poller per feed, kept running by runtime/workflow-doctor.ts: started when none runs, carrying on
 * from its last run's memo, with the FeedStatus search attribute when the cluster has it (the poller
 * then keeps it up to date). A running poller is left alone: its timer polls again on time (ADR 20).
 */
export function keptFeedPollers(
  settings: Settings,
  catalogue: readonly FeedDefinition[],
  showsStatus: boolean,
): KeptWorkflow[] {
  return catalogue.map((feed) => {
    const input = pollerInput(feed, settings);
    const carriedFrom = (carried: unknown, restart: Restart | undefined): PollerCarry | undefined => {
      const kept = carried as PollerCarry | undefined;
      return kept?.health ? { ...kept, health: markRestarted(kept.health, restart) } : undefined;
    };
    return {
      workflowId: pollerWorkflowId(feed),
      workflowType: 'feedPoller',
      taskQueue: settings.INGEST_TASK_QUEUE,
      input: (carried, restart) => {
        const next = carriedFrom(carried, restart);
        return next ? { ...input, carried: next } : input;
      },
      staticSummary: `${feed.agencyName}: ${feed.name}`,
      staticDetails: `Polls ${effectiveFeedUrl(feed, settings.UPSTREAM_BASE_URL)} every ${input.pollIntervalSeconds} s.`,
      ...(showsStatus
        ? {
            searchAttributes: (carried: unknown, restart: Restart | undefined) => [
              {
                key: feedStatusSearchAttribute,
                value: carriedFrom(carried, restart)?.health.status ?? 'unknown',
              },
            ],
          }
        : {}),
    };
  });
}

/** Says once when the cluster lacks FeedStatus (the Web UI then cannot list feeds by status). */
export async function feedStatusShown(client: Client, settings: Settings, log: ServiceLog): Promise<boolean> {
  const showsStatus = await hasFeedStatusAttribute(client, settings.TEMPORAL_NAMESPACE);
  if (!showsStatus) {
    log.info(
      `the Temporal namespace has no ${FEED_STATUS_SEARCH_ATTRIBUTE} search attribute, so the Web UI cannot list feeds by status; to add it: ${CREATE_SEARCH_ATTRIBUTE_COMMAND}`,
    );
  }
  return showsStatus;
}
