import type * as wf from '@temporalio/workflow';

/**
 * The time-outs and retries of every activity the workflows call, defined once and named; a
 * workflow adds only the task queue: `proxyActivities({ taskQueue, ...WAREHOUSE_COMMIT })`. Time-outs
 * are sized to the work, so an activity lost with its worker is retried within seconds. Plain values:
 * workflow code imports them, so nothing here may touch Node or the clock.
 */
export type ActivityPolicy = Readonly<
  Pick<wf.ActivityOptions, 'startToCloseTimeout' | 'heartbeatTimeout' | 'retry'>
>;

/** The fetch's own limit plus time to store the body; a lost fetch is noticed by its heartbeat sooner. */
const FETCH_MARGIN_MS = 15_000;

/** Calls to an upstream service (ingest task queue) heartbeat, and are retried with backoff up to `attempts`. */
const UPSTREAM_HEARTBEAT = '10 seconds';
const upstreamRetry = (attempts: number): ActivityPolicy['retry'] => ({
  initialInterval: '2 seconds',
  backoffCoefficient: 2,
  maximumInterval: '30 seconds',
  maximumAttempts: attempts,
});

/** One fetch of a feed document, within the fetch time-out (FETCH_TIMEOUT_MS). */
export const feedFetch = (fetchTimeoutMs: number, attempts: number): ActivityPolicy => ({
  startToCloseTimeout: fetchTimeoutMs + FETCH_MARGIN_MS,
  heartbeatTimeout: UPSTREAM_HEARTBEAT,
  retry: upstreamRetry(attempts),
});

/** A gauge poll is many calls: time enough for the slowest source's calls, each within the fetch time-out. */
export const gaugePoll = (attempts: number): ActivityPolicy => ({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: UPSTREAM_HEARTBEAT,
  retry: upstreamRetry(attempts),
});

/** The documents of one declaration source. */
export const declarationFetch = (attempts: number): ActivityPolicy => ({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: UPSTREAM_HEARTBEAT,
  retry: upstreamRetry(attempts),
});

/** Parsing is CPU-bound (no heartbeats while it runs), so it gets a plain limit of its own. */
export const feedParse = (attempts: number): ActivityPolicy => ({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', maximumAttempts: attempts },
});

/**
 * Work in the warehouse process (worker task queue) heartbeats as it goes (every 2 s), so a lost writer
 * is noticed within 15 seconds and its polls committed by the writer started in its place; it is
 * retried from 2 seconds up to `maximumInterval`, `attempts` times.
 */
const warehouseWork = (
  startToCloseTimeout: string,
  maximumInterval: string,
  attempts: number,
): ActivityPolicy => ({
  startToCloseTimeout,
  heartbeatTimeout: '15 seconds',
  retry: { initialInterval: '2 seconds', maximumInterval, maximumAttempts: attempts },
});

/** A poll's commit and publication by the warehouse (feeds and gauges). */
export const WAREHOUSE_COMMIT = warehouseWork('5 minutes', '1 minute', 10);

/** A declaration source's records published as its lake files. */
export const DECLARATION_PUBLISH = warehouseWork('5 minutes', '1 minute', 5);

/** One clustering run over the lake. */
export const EVENT_CLUSTERING = warehouseWork('2 minutes', '30 seconds', 5);

/** Scheduled lake maintenance (compaction, gauge retention), heartbeating per partition. */
export const LAKE_MAINTENANCE: ActivityPolicy = {
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
};

/** An archive load's short steps: checking the file, publishing. */
export const ARCHIVE_STEP: ActivityPolicy = {
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumAttempts: 3 },
};

/** Removing a source's archive files from the lake. */
export const ARCHIVE_SOURCE_REMOVAL: ActivityPolicy = {
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumAttempts: 5 },
};

/**
 * Up to half an hour of reading, heartbeating as it goes (`heartbeatTimeout` is how soon a lost worker
 * is noticed); retried from a second up to 30 seconds apart, `attempts` times.
 */
const slicedWork = (heartbeatTimeout: string, attempts: number): ActivityPolicy => ({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout,
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: attempts },
});

/** Reading an archive file, in bulk or slice by slice. */
export const archiveReading = (heartbeatTimeout: string): ActivityPolicy => slicedWork(heartbeatTimeout, 50);

/** Writing an archive's lake files. */
export const archiveWriting = (heartbeatTimeout: string): ActivityPolicy => ({
  startToCloseTimeout: '3 hours',
  heartbeatTimeout,
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', maximumAttempts: 20 },
});

/** One slice of a reparse backfill. */
export const reparseSlice = (heartbeatTimeout: string): ActivityPolicy => slicedWork(heartbeatTimeout, 20);

/**
 * One webhook attempt: the attempt's own limit plus time to record it. A failed POST is an outcome,
 * not an error (the workflow retries it on its own backoff); these retries are for a lost worker.
 */
export const webhookAttempt = (attemptTimeoutMs: number): ActivityPolicy => ({
  startToCloseTimeout: attemptTimeoutMs + FETCH_MARGIN_MS,
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 5 },
});

/** Recording a subscription as disabled. */
export const WEBHOOK_BOOKKEEPING: ActivityPolicy = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 10 },
};

/**
 * A backup of the SQLite key store: seconds for a small store, minutes for a large one, heartbeating;
 * retried while the bucket is away, within the hour the next scheduled backup comes anyway.
 */
export const KEY_STORE_BACKUP: ActivityPolicy = {
  startToCloseTimeout: '20 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '10 seconds', maximumInterval: '5 minutes', maximumAttempts: 8 },
};
