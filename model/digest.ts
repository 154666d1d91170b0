import type { WebhookDelivery, WebhookRetryPolicy } from './webhook.js';

/**
 * Digest deliveries (the e-mail channel): one workflow per subscription gathers the changes handed on
 * to it and sends them together, one message at most every `intervalMs`, retrying a message with
 * backoff; after the last retry fails the subscription is disabled.
 */
export interface DigestDeliveriesInput {
  subscriptionId: string;
  /** The channel's activity that sends one message for a batch of changes (e.g. sendEmailDigest). */
  activity: string;
  /** Least time between two messages. */
  intervalMs: number;
  /** Changes in one message at most; the rest go in the next. */
  maxChanges: number;
  retry: WebhookRetryPolicy;
  /** One attempt's limit, for the activity's own. */
  attemptTimeoutMs: number;
  /** Carried across continue-as-new: changes not yet sent, ids already taken, the last message's time. */
  queue?: WebhookDelivery[];
  seen?: string[];
  lastSentAt?: number;
}

export const DIGEST_DELIVERIES_WORKFLOW = 'digestDeliveries';

export const digestDeliveriesWorkflowId = (subscriptionId: string) => `digest-deliveries:${subscriptionId}`;
