import {
  WEBHOOK_DELIVERIES_WORKFLOW,
  webhookDeliveriesWorkflowId,
  type WebhookDeliveriesInput,
} from '../../model/index.js';
import type { Channel } from '../channel.js';
import { createWebhookActivities } from './deliver.js';
import { WEBHOOK_ATTEMPT_TIMEOUT_MS, WEBHOOK_RETRY_DELAYS_MS } from './settings.js';
import { targetRefusal } from './target.js';

/** Each change POSTed, signed per Standard Webhooks, to an https URL on a public address. */
export const webhookChannel: Channel = {
  kind: 'webhook',
  owns: (target) => target.protocol === 'https:' || target.protocol === 'http:',
  refusal: (target, context) =>
    targetRefusal(target, { allowLoopback: context.allowLoopback }, context.lookup),
  workflow: (subscriptionId, settings) => {
    const input: WebhookDeliveriesInput = {
      subscriptionId,
      retry: { delaysMs: settings.WEBHOOK_RETRY_SECONDS ?? WEBHOOK_RETRY_DELAYS_MS },
      attemptTimeoutMs: WEBHOOK_ATTEMPT_TIMEOUT_MS,
    };
    return {
      workflowType: WEBHOOK_DELIVERIES_WORKFLOW,
      workflowId: webhookDeliveriesWorkflowId(subscriptionId),
      input,
    };
  },
  activities: ({ store, settings, now }) =>
    createWebhookActivities({
      store,
      policy: { allowLoopback: settings.WEBHOOK_ALLOW_LOOPBACK },
      timeoutMs: WEBHOOK_ATTEMPT_TIMEOUT_MS,
      ...(now ? { now } : {}),
    }),
};
