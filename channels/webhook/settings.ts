/**
 * Waits between the attempts of one webhook delivery: 9 attempts over about 2.5 hours, after which the
 * subscription is disabled (docs/api.md: Webhooks). A receiver down for less than that loses nothing.
 * WEBHOOK_RETRY_SECONDS overrides them.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  10_000,
  30_000,
  60_000,
  5 * 60_000,
  10 * 60_000,
  15 * 60_000,
  30 * 60_000,
  60 * 60_000,
];

/** One attempt's limit: connecting, sending and the receiver's answer. */
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 10_000;
