import { createTransport, type Transporter } from 'nodemailer';
import type { WebhookAttemptOutcome, WebhookDelivery } from '../../model/index.js';
import type { SubscriptionStore } from '../../subscriptions/types.js';
import { metrics } from '../../telemetry/metrics.js';
import { addressOf } from './address.js';
import { composeDigest } from './digest.js';

export interface EmailDeps {
  store: SubscriptionStore;
  /** smtp://[user:password@]host[:port] or smtps://… */
  smtpUrl: string;
  from: string;
  /** The live map, linked in every message. */
  mapUrl: string;
  /** One attempt's limit: connecting, the greeting, each command's answer. */
  timeoutMs: number;
  now?: () => Date;
}

/** What a failed send says: the server's own answer when it gave one, else what went wrong. */
interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** A transport for one SMTP server, every step within the attempt's limit, no pool. */
function transportOf(smtpUrl: string, timeoutMs: number): Transporter {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
}

/** One sentence saying why a message was not sent, naming the server. */
export function sendFailure(error: SmtpError, server: string): { status: number | null; error: string } {
  if (error.responseCode && error.response)
    return { status: error.responseCode, error: `the mail server ${server} refused it: ${error.response}` };
  if (error.code === 'ETIMEDOUT')
    return { status: null, error: `the mail server ${server} did not answer in time` };
  return {
    status: null,
    error: `the mail server ${server} could not be reached: ${error.message ?? error.code ?? 'no reason given'}`,
  };
}

/** A Message-ID that is the same on every attempt of one digest, so a mailbox can drop a repeat. */
function messageIdOf(subscriptionId: string, first: WebhookDelivery, from: string): string {
  const domain = from.split('@')[1] ?? 'localhost';
  return `<digest.${subscriptionId}.${first.id.replace(/[^A-Za-z0-9.-]/g, '-')}@${domain}>`;
}

/** Whether every change of a digest is already recorded delivered (an earlier attempt's answer was lost). */
async function alreadySent(store: SubscriptionStore, id: string, batch: readonly WebhookDelivery[]) {
  const log = await store.deliveries(id, 500);
  const delivered = new Set(log.filter((row) => row.status === 'delivered').map((row) => row.changeId));
  return batch.every((delivery) => delivered.has(delivery.id));
}

/** The e-mail channel's activity: one digest of a subscription's changes, sent once, each change logged. */
export function createEmailActivities(deps: EmailDeps) {
  const now = deps.now ?? (() => new Date());
  const transport = transportOf(deps.smtpUrl, deps.timeoutMs);
  const server = new URL(deps.smtpUrl).host;
  return {
    async sendEmailDigest(subscriptionId: string, batch: WebhookDelivery[]): Promise<WebhookAttemptOutcome> {
      const subscription = await deps.store.get(subscriptionId);
      if (!subscription || subscription.status !== 'active' || batch.length === 0) return { kind: 'gone' };
      if (await alreadySent(deps.store, subscriptionId, batch)) return { kind: 'delivered', status: 250 };
      const at = now();
      const message = composeDigest(batch, { mapUrl: deps.mapUrl, subscriptionId });
      const outcome: WebhookAttemptOutcome = await transport
        .sendMail({
          from: deps.from,
          to: addressOf(new URL(subscription.url)),
          subject: message.subject,
          text: message.text,
          messageId: messageIdOf(subscriptionId, batch[0]!, deps.from),
          date: at,
        })
        .then(() => ({ kind: 'delivered' as const, status: 250 }))
        .catch((error: SmtpError) => ({ kind: 'failed' as const, ...sendFailure(error, server) }));
      metrics.emailDigests.inc({ outcome: outcome.kind });
      const record = {
        at: at.toISOString(),
        delivered: outcome.kind === 'delivered',
        status: outcome.status,
        error: outcome.kind === 'failed' ? outcome.error : null,
      };
      for (const delivery of batch) await deps.store.attempted(subscriptionId, delivery.id, record);
      return outcome;
    },
  };
}

export type EmailActivities = ReturnType<typeof createEmailActivities>;
