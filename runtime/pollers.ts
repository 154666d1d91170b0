import type { Client } from '@temporalio/client';
import { effectiveFeedUrl, pollerWorkflowId, type FeedDefinition, type Settings } from '../config/index.js';
import { FEED_STATUS_SEARCH_ATTRIBUTE } from '../model/index.js';
import { feedStatusSearchAttribute, pollNowSignal, type FeedPollerInput } from '../workflows/index.js';
import type { ServiceLog } from './log.js';

export function pollerInput(feed: FeedDefinition, settings: Settings): FeedPollerInput {
  return {
    feedKey: feed.key,
    state: feed.state,
    agency: feed.agency,
    pollIntervalSeconds: settings.POLL_INTERVAL_SECONDS ?? feed.pollIntervalSeconds,
    ingestTaskQueue: settings.INGEST_TASK_QUEUE,
    warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE,
    fetchTimeoutMs: settings.FETCH_TIMEOUT_MS,
  };
}

/** The command that registers the attribute on a cluster the service does not start itself. */
export const CREATE_SEARCH_ATTRIBUTE_COMMAND = `temporal operator search-attribute create --name ${FEED_STATUS_SEARCH_ATTRIBUTE} --type Keyword`;

/** Whether the cluster knows FeedStatus; a cluster that will not say (permissions) counts as no. */
export async function hasFeedStatusAttribute(client: Client, namespace: string): Promise<boolean> {
  try {
    const { customAttributes } = await client.connection.operatorService.listSearchAttributes({ namespace });
    return customAttributes?.[FEED_STATUS_SEARCH_ATTRIBUTE] !== undefined;
  } catch {
    return false;
  }
}

/**
 * Starts one poller per feed, or wakes the one already running with `pollNow`, so polls lost with a
 * stopped worker resume at once rather than at the next timer. A new poller is started with the
 * FeedStatus search attribute when the cluster has it (the poller then keeps it up to date).
 */
export async function ensurePollers(
  client: Client,
  settings: Settings,
  catalogue: readonly FeedDefinition[],
  log: ServiceLog,
): Promise<void> {
  const showsStatus = await hasFeedStatusAttribute(client, settings.TEMPORAL_NAMESPACE);
  if (!showsStatus) {
    log.info(
      `the Temporal namespace has no ${FEED_STATUS_SEARCH_ATTRIBUTE} search attribute, so the Web UI cannot list feeds by status; to add it: ${CREATE_SEARCH_ATTRIBUTE_COMMAND}`,
    );
  }
  await Promise.all(
    catalogue.map((feed) =>
      client.workflow.signalWithStart('feedPoller', {
        workflowId: pollerWorkflowId(feed),
        taskQueue: settings.INGEST_TASK_QUEUE,
        args: [pollerInput(feed, settings)],
        signal: pollNowSignal,
        signalArgs: [],
        staticSummary: `${feed.agencyName}: ${feed.name}`,
        staticDetails: `Polls ${effectiveFeedUrl(feed, settings.UPSTREAM_BASE_URL)} every ${pollerInput(feed, settings).pollIntervalSeconds} s.`,
        ...(showsStatus
          ? { typedSearchAttributes: [{ key: feedStatusSearchAttribute, value: 'unknown' }] }
          : {}),
      }),
    ),
  );
}
