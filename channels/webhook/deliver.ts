import { metrics } from '../../telemetry/metrics.js';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, urlRefusal, type TargetPolicy } from './target.js';
import type { Subscription, SubscriptionStore } from '../../subscriptions/types.js';
import type { WebhookAttemptOutcome, WebhookDelivery } from '../../model/index.js';

export interface WebhookDeps {
  store: SubscriptionStore;
  policy: TargetPolicy;
  /** One attempt's limit: connecting, sending and the receiver's answer. */
  timeoutMs: number;
  now?: () => Date;
}

/** What is read of a receiver's answer: enough to see it, never a whole large body. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The Standard Webhooks headers of one attempt, signed with the subscription's secret. */
export function signedHeaders(secret: string, delivery: WebhookDelivery, at: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'eids-webhooks/1',
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(delivery.id, at, delivery.body),
  };
}

/** The outcome of one POST: delivered or failed ("gone" is decided before any POST). */
type PostOutcome = WebhookAttemptOutcome & { kind: 'delivered' | 'failed' };

/** What the receiver's status means: a 2xx delivers; anything else fails, a redirect included. */
function answerOutcome(status: number): PostOutcome {
  return status >= 200 && status < 300
    ? { kind: 'delivered', status }
    : {
        kind: 'failed',
        status,
        error:
          status >= 300 && status < 400 ? `HTTP ${status}: redirects are not followed` : `HTTP ${status}`,
      };
}

/** Reads the receiver's answer (at most MAX_ANSWER_BYTES of it) and settles once it ends. */
function onAnswer(finish: (outcome: PostOutcome) => void) {
  return (response: IncomingMessage) => {
    const status = response.statusCode ?? 0;
    let read = 0;
    response.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_ANSWER_BYTES) response.destroy();
    });
    const done = () => finish(answerOutcome(status));
    response.on('end', done);
    response.on('close', done);
    response.on('error', done);
  };
}

/**
 * One POST to the target: connected only to addresses the policy allows (looked up at connection
 * time), no redirect followed (a 3xx is a failure), within `timeoutMs` in all.
 */
function post(
  subscription: Subscription,
  delivery: WebhookDelivery,
  deps: WebhookDeps,
  at: Date,
): Promise<PostOutcome> {
  const url = new URL(subscription.url);
  const refusal = urlRefusal(url, deps.policy);
  if (refusal) return Promise.resolve({ kind: 'failed', status: null, error: `refused: ${refusal}` });
  const body = Buffer.from(delivery.body);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      resolve(outcome);
    };
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: {
          ...signedHeaders(subscription.secret, delivery, at),
          'content-length': String(body.length),
        },
        lookup: guardedLookup(deps.policy),
        agent: false,
      },
      onAnswer(finish),
    );
    const timer = setTimeout(
      () => finish({ kind: 'failed', status: null, error: `no answer within ${deps.timeoutMs / 1000} s` }),
      deps.timeoutMs,
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      finish({ kind: 'failed', status: null, error: error.message || error.code || 'connection failed' }),
    );
    outgoing.end(body);
  });
}

/** The delivery workflow's activities: one attempt at a time, each recorded in the delivery log. */
export function createWebhookActivities(deps: WebhookDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    async deliverWebhook(subscriptionId: string, delivery: WebhookDelivery): Promise<WebhookAttemptOutcome> {
      const subscription = await deps.store.get(subscriptionId);
      if (!subscription || subscription.status !== 'active') return { kind: 'gone' };
      const at = now();
      const outcome = await post(subscription, delivery, deps, at);
      metrics.webhookDeliveries.inc({ outcome: outcome.kind });
      await deps.store.attempted(subscriptionId, delivery.id, {
        at: at.toISOString(),
        delivered: outcome.kind === 'delivered',
        status: outcome.status,
        error: outcome.kind === 'failed' ? outcome.error : null,
      });
      return outcome;
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
