import * as wf from '@temporalio/workflow';
import type { SubscriptionBookkeeping } from '../channels/bookkeeping.js';
import type { WebhookActivities } from '../channels/webhook/deliver.js';
import { WEBHOOK_DELIVER_SIGNAL, type WebhookDeliveriesInput, type WebhookDelivery } from '../model/index.js';
import { WEBHOOK_BOOKKEEPING, webhookAttempt } from './activity-policies.js';

export const deliverSignal = wf.defineSignal<[WebhookDelivery]>(WEBHOOK_DELIVER_SIGNAL);
export const webhookQueueQuery = wf.defineQuery<{ queued: number; delivered: number }>('queue');

/** Change ids remembered to drop repeats (every API replica hands each change on). */
const REMEMBERED_IDS = 2_000;
/** Deliveries per run before continuing as new, so the history stays small. */
const DELIVERIES_PER_RUN = 200;

/**
 * Delivers one subscription's changes, one at a time, in the order they were handed on (so in order per
 * incident): each is attempted, and after a failure attempted again after the next wait of the retry
 * policy; when the attempt after the last wait fails too, the subscription is disabled with the reason,
 * and the workflow ends. A change handed on twice (by two replicas) is delivered once. Ends too when the
 * subscription is deleted or disabled.
 */
export async function webhookDeliveries(input: WebhookDeliveriesInput): Promise<'disabled' | 'gone'> {
  const attemptTimeoutMs = input.attemptTimeoutMs ?? 10_000;
  const activities = wf.proxyActivities<WebhookActivities>(webhookAttempt(attemptTimeoutMs));
  const bookkeeping = wf.proxyActivities<SubscriptionBookkeeping>(WEBHOOK_BOOKKEEPING);
  const queue: WebhookDelivery[] = [...(input.queue ?? [])];
  const remembered: string[] = [...(input.seen ?? [])];
  const seen = new Set(remembered);
  let delivered = 0;
  wf.setHandler(deliverSignal, (delivery) => {
    if (seen.has(delivery.id)) return;
    seen.add(delivery.id);
    remembered.push(delivery.id);
    if (remembered.length > REMEMBERED_IDS) seen.delete(remembered.shift()!);
    queue.push(delivery);
  });
  wf.setHandler(webhookQueueQuery, () => ({ queued: queue.length, delivered }));

  for (;;) {
    await wf.condition(() => queue.length > 0);
    const delivery = queue[0]!;
    for (let attempt = 1; ; attempt++) {
      const outcome = await activities.deliverWebhook(input.subscriptionId, delivery);
      if (outcome.kind === 'gone') return 'gone';
      if (outcome.kind === 'delivered') break;
      const wait = input.retry.delaysMs[attempt - 1];
      if (wait === undefined) {
        const reason = `${attempt} attempts to deliver ${delivery.id} failed; the last: ${outcome.error}`;
        await bookkeeping.disableSubscription(input.subscriptionId, reason);
        return 'disabled';
      }
      await wf.sleep(wait);
    }
    queue.shift();
    delivered++;
    if (delivered >= DELIVERIES_PER_RUN) {
      await wf.continueAsNew<typeof webhookDeliveries>({
        ...input,
        attemptTimeoutMs,
        queue,
        seen: remembered,
      });
    }
  }
}
