import { quotaPeriod, rateLimitHeaders } from '../access/rate-limit.js';
import type { QuotaMeter } from '../access/types.js';

/**
 * What the stream costs against the key's monthly quota, on every plan: opening a stream is one
 * request (the access gate counts it), and every EVENTS_PER_REQUEST changes delivered on it are one
 * more (resumed changes included; keep-alives, `ready` and `reset` are free).
 */
export const EVENTS_PER_REQUEST = 100;

export interface EventMeter {
  /** Counts delivered changes; charges a request for each whole EVENTS_PER_REQUEST. */
  add(count: number): void;
}

/**
 * A meter for one stream. When a charge is refused (the quota is spent), `exhausted` gets the 429's
 * headers once, and nothing more is charged.
 */
export function eventMeter(options: {
  quota: QuotaMeter;
  keyId: string;
  limit: number;
  now: () => Date;
  exhausted: (headers: Record<string, string>) => void;
  onError?: (error: unknown) => void;
}): EventMeter {
  let delivered = 0;
  let charged = 0;
  let done = false;
  let charging: Promise<void> = Promise.resolve();
  const charge = async () => {
    if (done) return;
    const now = options.now();
    const { allowed, used } = await options.quota.consume(options.keyId, quotaPeriod(now), options.limit);
    if (!allowed) {
      done = true;
      options.exhausted(rateLimitHeaders(options.limit, used, now));
    }
  };
  return {
    add(count) {
      delivered += count;
      const due = Math.floor(delivered / EVENTS_PER_REQUEST) - charged;
      for (let i = 0; i < due; i++)
        charging = charging.then(charge).catch(options.onError ?? (() => undefined));
      charged += Math.max(0, due);
    },
  };
}
