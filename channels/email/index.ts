import {
  DIGEST_DELIVERIES_WORKFLOW,
  digestDeliveriesWorkflowId,
  type DigestDeliveriesInput,
} from '../../model/index.js';
import type { Channel } from '../channel.js';
import { addressOf, addressRefusal } from './address.js';
import { createEmailActivities } from './send.js';
import { EMAIL_ATTEMPT_TIMEOUT_MS, EMAIL_RETRY_DELAYS_MS, MAX_CHANGES_PER_DIGEST } from './settings.js';

/** Changes gathered per subscription and sent as a plain-text digest over SMTP, one a minute at most. */
export const emailChannel: Channel = {
  kind: 'email',
  owns: (target) => target.protocol === 'mailto:',
  refusal: (target, context) =>
    Promise.resolve(
      context.smtp
        ? addressRefusal(addressOf(target))
        : 'this service sends no e-mail (it has no mail server set: SMTP_URL)',
    ),
  workflow: (subscriptionId, settings) => {
    const input: DigestDeliveriesInput = {
      subscriptionId,
      activity: 'sendEmailDigest',
      intervalMs: settings.EMAIL_DIGEST_SECONDS * 1000,
      maxChanges: MAX_CHANGES_PER_DIGEST,
      retry: { delaysMs: settings.EMAIL_RETRY_SECONDS ?? EMAIL_RETRY_DELAYS_MS },
      attemptTimeoutMs: EMAIL_ATTEMPT_TIMEOUT_MS,
    };
    return {
      workflowType: DIGEST_DELIVERIES_WORKFLOW,
      workflowId: digestDeliveriesWorkflowId(subscriptionId),
      input,
    };
  },
  activities: ({ store, settings, now }) =>
    settings.SMTP_URL
      ? createEmailActivities({
          store,
          smtpUrl: settings.SMTP_URL,
          from: settings.EMAIL_FROM,
          mapUrl: `${(settings.PUBLIC_BASE_URL ?? `http://${settings.HOST}:${settings.PORT}`).replace(/\/$/, '')}/map`,
          timeoutMs: EMAIL_ATTEMPT_TIMEOUT_MS,
          ...(now ? { now } : {}),
        })
      : {},
};
