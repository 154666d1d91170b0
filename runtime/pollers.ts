import { WorkflowIdConflictPolicy, type Client } from '@temporalio/client';
import { pollerWorkflowId, type FeedDefinition, type Settings } from '../config/index.js';
import type { FeedPollerInput } from '../workflows/index.js';

export function pollerInput(feed: FeedDefinition, settings: Settings): FeedPollerInput {
  return {
    feedKey: feed.key,
    state: feed.state,
    agency: feed.agency,
    pollIntervalSeconds: settings.POLL_INTERVAL_SECONDS ?? feed.pollIntervalSeconds,
    ingestTaskQueue: settings.INGEST_TASK_QUEUE,
    warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE,
  };
}

/** Starts one poller per catalogue feed; a poller that already runs is left as it is. */
export async function ensurePollers(
  client: Client,
  settings: Settings,
  catalogue: readonly FeedDefinition[],
): Promise<void> {
  await Promise.all(
    catalogue.map((feed) =>
      client.workflow.start('feedPoller', {
        workflowId: pollerWorkflowId(feed),
        taskQueue: settings.INGEST_TASK_QUEUE,
        args: [pollerInput(feed, settings)],
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      }),
    ),
  );
}
