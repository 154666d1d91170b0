import { Reachability } from '../../telemetry/reachability.js';

/** What a process says when a bucket goes and comes back: a line and its level. */
export type BucketLine = (line: string, level: 'warn' | 'info') => void;

interface Announcer {
  log: BucketLine;
  /** What this process does while the bucket is away ("commits wait and resume"). */
  meanwhile: string;
}

/** This process's announcer; silent until the process names one at start (tests, tools). */
let announcer: Announcer | undefined;

/**
 * A bucket away for less than this is said nowhere (a gateway restarted by its supervisor, a moment's
 * network trouble): what needed it waited and resumed. Longer, and the process says so.
 */
export const BLIP_MS = 5_000;

/** One per bucket in a process: the lake and the ingest store in one bucket are one piece. */
const buckets = new Map<string, Reachability>();

/**
 * Names where this process says that a bucket stopped answering, and what it does meanwhile: one line
 * when a bucket goes, one when it is back, whatever uses the bucket (the lake, raw bodies, staged
 * polls). Called once by each role at start.
 */
export function sayBucketOutages(log: BucketLine, meanwhile: string): void {
  announcer = { log, meanwhile };
}

/** HTTP status of a store's answer: 4xx is an answer (not found, refused); 5xx and none are outages. */
function isBucketOutage(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
  return status === undefined || status >= 500;
}

/** The reachability of the bucket at `where` (its name and endpoint) in this process. */
export function bucketReachability(where: string, timeoutMs: number): Reachability {
  let reachability = buckets.get(where);
  if (!reachability) {
    reachability = new Reachability(`the bucket ${where}`, {
      timeoutMs,
      reportAfterMs: BLIP_MS,
      metricsName: 'bucket',
      isOutage: isBucketOutage,
      onDown: (reason) =>
        announcer?.log(`the bucket ${where} does not answer (${reason}): ${announcer.meanwhile}`, 'warn'),
      onBack: (awayMs) =>
        announcer?.log(`the bucket ${where} answers again after ${Math.round(awayMs / 1000)} s`, 'info'),
    });
    buckets.set(where, reachability);
  }
  return reachability;
}
