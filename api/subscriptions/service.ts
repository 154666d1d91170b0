import type { LookupAddress } from 'node:dns';
import type { Geography } from '../../geo/index.js';
import { channelOf, type TargetContext } from '../../channels/index.js';
import type { TargetPolicy } from '../../channels/webhook/target.js';
import type { Subscription, SubscriptionStore } from '../../subscriptions/types.js';

/** What the subscription routes use. */
export interface SubscriptionService {
  store: SubscriptionStore;
  policy: TargetPolicy;
  /** The LGA boundaries and postcode directory, for LGA and postcode areas (none: those answer 503). */
  geography?: Promise<Geography> | undefined;
  /** Looks a target's name up; the system resolver when absent. */
  lookup?: (hostname: string) => Promise<LookupAddress[]>;
  /** Whether e-mail subscriptions are taken (SMTP_URL is set); refused without. */
  smtp?: boolean;
  /** Told when a subscription is made or deleted here, so the dispatcher of this process rebuilds at once. */
  changed?: () => void;
  /** Told when a subscription is deleted: its delivery workflow, waiting for more, can end now. */
  deleted?: (id: string) => Promise<void>;
}

/** A subscription as the API shows it: never its secret. */
export function subscriptionView(subscription: Subscription) {
  return {
    id: subscription.id,
    url: subscription.url,
    channel: channelOf(subscription.url)?.kind ?? 'webhook',
    types: subscription.types,
    area: subscription.area,
    status: subscription.status,
    disabledReason: subscription.disabledReason,
    disabledAt: subscription.disabledAt,
    createdAt: subscription.createdAt,
  };
}

/** What the service checks a new subscription's target against. */
export function targetContext(service: SubscriptionService): TargetContext {
  return { allowLoopback: service.policy.allowLoopback, lookup: service.lookup, smtp: service.smtp ?? false };
}
