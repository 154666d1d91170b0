/**
 * Waits between attempts to send one digest: 7 attempts over about 2 hours, after which the
 * subscription is disabled, saying why (EMAIL_RETRY_SECONDS overrides them). A mail server away for
 * less than that loses nothing: the digest waiting to be sent keeps gathering changes.
 */
export const EMAIL_RETRY_DELAYS_MS: readonly number[] = [
  30_000,
  60_000,
  5 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
];

/** One attempt's limit: connecting, the server's greeting and each command's answer. */
export const EMAIL_ATTEMPT_TIMEOUT_MS = 30_000;

/** Changes in one message at most; more wait for the next (a digest stays readable). */
export const MAX_CHANGES_PER_DIGEST = 50;
