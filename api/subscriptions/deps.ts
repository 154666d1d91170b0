import type { SubscriptionService } from './service.js';

/** What the subscription routes use: the registrar is given these and nothing else. */
export interface SubscriptionDeps {
  /** Webhook subscriptions; /v1/subscriptions answers 503 without them. */
  subscriptions?: SubscriptionService | undefined;
  /** The clock of lookbacks, quota periods and RateLimit-Reset. */
  now: () => Date;
}
