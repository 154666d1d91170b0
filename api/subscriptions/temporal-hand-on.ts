import type { Client } from '@temporalio/client';
import {
  WEBHOOK_DELIVER_SIGNAL,
  WEBHOOK_DELIVERIES_WORKFLOW,
  webhookDeliveriesWorkflowId,
  type WebhookDeliveriesInput,
  type WebhookRetryPolicy,
} from '../../model/index.js';
import type { HandOn } from './dispatcher.js';

/**
 * Hands a delivery to its subscription's workflow on the ingest task queue, starting the workflow when
 * none runs: one workflow per subscription, so its deliveries keep their order.
 */
export function temporalHandOn(
  client: Client,
  options: { taskQueue: string; retry: WebhookRetryPolicy; attemptTimeoutMs: number },
): HandOn {
  return async (subscription, delivery) => {
    const input: WebhookDeliveriesInput = {
      subscriptionId: subscription.id,
      retry: options.retry,
      attemptTimeoutMs: options.attemptTimeoutMs,
    };
    await client.workflow.signalWithStart(WEBHOOK_DELIVERIES_WORKFLOW, {
      workflowId: webhookDeliveriesWorkflowId(subscription.id),
      taskQueue: options.taskQueue,
      args: [input],
      signal: WEBHOOK_DELIVER_SIGNAL,
      signalArgs: [delivery],
    });
  };
}

/** Ends a deleted subscription's delivery workflow (none running is fine: it ends by itself when it next delivers). */
export function endDeliveries(client: Client): (subscriptionId: string) => Promise<void> {
  return async (subscriptionId) => {
    await client.workflow
      .getHandle(webhookDeliveriesWorkflowId(subscriptionId))
      .terminate('the subscription was deleted')
      .catch(() => undefined);
  };
}
