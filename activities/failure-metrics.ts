import { ApplicationFailure } from '@temporalio/common';
import { isFeedErrorKind } from '../model/index.js';
import { metrics } from '../telemetry/metrics.js';
import { Unreachable } from '../telemetry/reachability.js';

/**
 * Runs a poll's fetch or parse and counts its failure by poller and reason (the kind its
 * ApplicationFailure carries: dns, refused, timeout, http-status, bad-body …). A bucket that is away is
 * not the upstream's failure and is not counted here.
 */
export async function countingFailures<T>(poller: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Unreachable)) {
      const kind: unknown = error instanceof ApplicationFailure ? error.details?.[0] : undefined;
      metrics.fetchErrors.inc({ poller, reason: isFeedErrorKind(kind) ? kind : 'internal' });
    }
    throw error;
  }
}
