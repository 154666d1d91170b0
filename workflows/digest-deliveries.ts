import * as wf from '@temporalio/workflow';
import type { SubscriptionBookkeeping } from '../channels/bookkeeping.js';
import type { DigestDeliveriesInput, WebhookAttemptOutcome, WebhookDelivery } from '../model/index.js';
import { WEBHOOK_BOOKKEEPING, webhookAttempt } from './activity-policies.js';
import { deliverSignal } from './webhook-deliveries.js';

export const digestQueueQuery = wf.defineQuery<{ queued: number; sent: number }>('digestQueue');

/** Change ids remembered to drop repeats (every API replica hands each change on). */
const REMEMBERED_IDS = 2_000;
/** Messages per run before continuing as new, so the history stays small. */
const MESSAGES_PER_RUN = 100;

type SendBatch = (subscriptionId: string, batch: WebhookDelivery[]) => Promise<WebhookAttemptOutcome>;

interface DigestState {
  queue: WebhookDelivery[];
  remembered: string[];
  seen: Set<string>;
  lastSentAt: number | undefined;
  sent: number;
}

/** Takes each change handed on once (two replicas hand on each). */
function takeChanges(state: DigestState): void {
  wf.setHandler(deliverSignal, (delivery) => {
    if (state.seen.has(delivery.id)) return;
    state.seen.add(delivery.id);
    state.remembered.push(delivery.id);
    if (state.remembered.length > REMEMBERED_IDS) state.seen.delete(state.remembered.shift()!);
    state.queue.push(delivery);
  });
  wf.setHandler(digestQueueQuery, () => ({ queued: state.queue.length, sent: state.sent }));
}

/** Sleeps until a message may go: `intervalMs` after the last one. */
async function waitForTurn(state: DigestState, intervalMs: number): Promise<void> {
  if (state.lastSentAt === undefined) return;
  const wait = state.lastSentAt + intervalMs - Date.now();
  if (wait > 0) await wf.sleep(wait);
}

/** Sends one batch until it goes ('sent'), the subscription went ('gone'), or the retries ran out. */
async function sendWithRetries(
  input: DigestDeliveriesInput,
  send: SendBatch,
  batch: WebhookDelivery[],
): Promise<'sent' | 'gone' | 'disabled'> {
  const bookkeeping = wf.proxyActivities<SubscriptionBookkeeping>(WEBHOOK_BOOKKEEPING);
  for (let attempt = 1; ; attempt++) {
    const outcome = await send(input.subscriptionId, batch);
    if (outcome.kind === 'gone') return 'gone';
    if (outcome.kind === 'delivered') return 'sent';
    const wait = input.retry.delaysMs[attempt - 1];
    if (wait === undefined) {
      const reason = `${attempt} attempts to send a digest of ${batch.length} changes failed; the last: ${outcome.error}`;
      await bookkeeping.disableSubscription(input.subscriptionId, reason);
      return 'disabled';
    }
    await wf.sleep(wait);
  }
}

/**
 * Delivers one subscription's changes as digests: waits for a change, then for its turn (one message
 * per interval), sends what gathered meanwhile (up to `maxChanges`, oldest first) and retries that
 * message on the retry policy's waits; changes arriving during the retries wait for the next message.
 * Ends when the subscription is deleted or disabled.
 */
export async function digestDeliveries(input: DigestDeliveriesInput): Promise<'disabled' | 'gone'> {
  const activities = wf.proxyActivities<Record<string, SendBatch>>(webhookAttempt(input.attemptTimeoutMs));
  const send = activities[input.activity]!;
  const remembered = [...(input.seen ?? [])];
  const state: DigestState = {
    queue: [...(input.queue ?? [])],
    remembered,
    seen: new Set(remembered),
    lastSentAt: input.lastSentAt,
    sent: 0,
  };
  takeChanges(state);
  for (;;) {
    await wf.condition(() => state.queue.length > 0);
    await waitForTurn(state, input.intervalMs);
    const batch = state.queue.slice(0, input.maxChanges);
    const result = await sendWithRetries(input, send, batch);
    if (result !== 'sent') return result;
    state.queue.splice(0, batch.length);
    state.lastSentAt = Date.now();
    state.sent++;
    if (state.sent >= MESSAGES_PER_RUN) {
      await wf.continueAsNew<typeof digestDeliveries>({
        ...input,
        queue: state.queue,
        seen: state.remembered,
        lastSentAt: state.lastSentAt,
      });
    }
  }
}
