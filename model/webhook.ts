/**
 * Webhook deliveries, as the dispatcher (API processes), the delivery workflow and its activities share
 * them: one workflow per subscription delivers its changes in order, retrying with backoff.
 */

/** One change for one subscription: the stream's change document, signed and posted as it is. */
export interface WebhookDelivery {
  /** The change id: the `webhook-id` of every attempt, so a receiver can drop a repeat. */
  id: string;
  /** The change type (`incident.updated`, …). */
  type: string;
  /** The incident, event or gauge the change is about. */
  subject: string;
  /** The JSON document posted, byte for byte the same on every attempt and every replica. */
  body: string;
}

/** How the workflow retries a delivery; after the last delay's attempt fails the subscription is disabled. */
export interface WebhookRetryPolicy {
  /** Waits before the 2nd, 3rd, … attempt (so attempts = delays + 1). */
  delaysMs: readonly number[];
}

export interface WebhookDeliveriesInput {
  subscriptionId: string;
  retry: WebhookRetryPolicy;
  /** The attempt time-out the activities use, for the activity's own limit. */
  attemptTimeoutMs?: number;
  /** Carried across continue-as-new: deliveries not yet made, and the ids already taken. */
  queue?: WebhookDelivery[];
  seen?: string[];
}

export const WEBHOOK_DELIVERIES_WORKFLOW = 'webhookDeliveries';
export const WEBHOOK_DELIVER_SIGNAL = 'deliver';

export const webhookDeliveriesWorkflowId = (subscriptionId: string) => `webhook-deliveries:${subscriptionId}`;

/** What one attempt came to, as the delivery activity reports it. */
export type WebhookAttemptOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'failed'; status: number | null; error: string }
  /** The subscription was deleted or disabled meanwhile: nothing more to deliver. */
  | { kind: 'gone' };
