import type { Client } from '@temporalio/client';
import { CHANNELS, channelOf } from '../../channels/index.js';
import type { Settings } from '../../config/index.js';
import { WEBHOOK_DELIVER_SIGNAL } from '../../model/index.js';
import type { HandOn } from './dispatcher.js';

/**
 * Hands a delivery to its subscription's workflow on the ingest task queue, starting the workflow when
 * none runs: one workflow per subscription (of its channel), so its deliveries keep their order.
 */
export function temporalHandOn(client: Client, options: { taskQueue: string; settings: Settings }): HandOn {
  return async (subscription, delivery) => {
    const channel = channelOf(subscription.url);
    // A target no channel takes was refused when made; one stored by a newer version waits for it.
    if (!channel) throw new Error(`subscription ${subscription.id}: no channel takes ${subscription.url}`);
    const workflow = channel.workflow(subscription.id, options.settings);
    await client.workflow.signalWithStart(workflow.workflowType, {
      workflowId: workflow.workflowId,
      taskQueue: options.taskQueue,
      args: [workflow.input],
      signal: WEBHOOK_DELIVER_SIGNAL,
      signalArgs: [delivery],
    });
  };
}

/**
 * Ends a deleted subscription's delivery workflow, of whichever channel it was (none running is fine:
 * it ends by itself when it next delivers).
 */
export function endDeliveries(client: Client, settings: Settings): (subscriptionId: string) => Promise<void> {
  return async (subscriptionId) => {
    await Promise.all(
      CHANNELS.map((channel) =>
        client.workflow
          .getHandle(channel.workflow(subscriptionId, settings).workflowId)
          .terminate('the subscription was deleted')
          .catch(() => undefined),
      ),
    );
  };
}
