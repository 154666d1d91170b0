import * as wf from '@temporalio/workflow';
import { isFeedErrorKind, type FeedErrorKind } from '../model/index.js';

/**
 * What failed in a poll or refresh, from the activity's failure: the kind its ApplicationFailure
 * carries, else a time-out (a lost worker) or a bug. Shared by the pollers and the declaration refresher.
 */
export function describeFailure(error: unknown): { kind: FeedErrorKind; message: string } {
  if (error instanceof wf.ActivityFailure) {
    const cause = error.cause;
    if (cause instanceof wf.ApplicationFailure) {
      const kind: unknown = cause.details?.[0];
      return { kind: isFeedErrorKind(kind) ? kind : 'internal', message: cause.message };
    }
    if (cause instanceof wf.TimeoutFailure) {
      return {
        kind: 'worker-timeout',
        message: `${error.activityType} did not finish in time (worker lost?)`,
      };
    }
    return { kind: 'internal', message: cause?.message ?? error.message };
  }
  return { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
}
