import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { RequestTally } from './request-tally.js';

/**
 * Every metric the service exports, defined once (name, help, labels), in one registry per process.
 * Label values are bounded: route templates (never raw paths), feed and source names from the
 * catalogues, fixed reasons and outcomes; never a key id, an incident id or a client address.
 * Values that already live elsewhere (feed health, lake generations, open streams) are read when
 * Prometheus scrapes, through `onScrape`, rather than kept current on every change.
 */
export const registry = new Registry();

/** Prefixed with the service's name, as exporters do. */
const name = (metric: string) => `eids_${metric}`;

/** Seconds: request latency from a fraction of a millisecond (a cached list) to a slow export. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a commit or a publish, from milliseconds to a minute. */
const WORK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds: a call to a shared piece, up to its time limit. */
const CALL_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const metrics = {
  /** Requests by route template, method and status, and their latency: counted in plain numbers, rendered when scraped. */
  requests: new RequestTally(registry, {
    count: {
      name: name('http_requests_total'),
      help: 'API requests answered, by route template, method and status.',
    },
    duration: {
      name: name('http_request_duration_seconds'),
      help: 'Time to answer an API request (to its last header; streams to their first byte), by route template.',
      buckets: REQUEST_BUCKETS,
    },
  }),
  refusals: new Counter({
    name: name('access_refusals_total'),
    help: 'Requests the access gate refused, by reason: missing_key, invalid_key, origin, entitlement, rate_limit, quota, store_unavailable.',
    labelNames: ['reason'] as const,
    registers: [registry],
  }),
  unconfirmed: new Counter({
    name: name('quota_unconfirmed_requests_total'),
    help: 'Requests let through while the key store was away, counted when it answered again.',
    registers: [registry],
  }),
  overshoot: new Counter({
    name: name('quota_overshoot_requests_total'),
    help: 'Requests let through while the key store was away that the key’s quota no longer allowed when they were counted.',
    registers: [registry],
  }),
  pieceCalls: new Counter({
    name: name('dependency_calls_total'),
    help: 'Calls to a shared piece (key_store, bucket, temporal), by outcome: ok, error (a refusal), unreachable, skipped (failed at once while it is away).',
    labelNames: ['piece', 'outcome'] as const,
    registers: [registry],
  }),
  pieceSeconds: new Histogram({
    name: name('dependency_call_duration_seconds'),
    help: 'Time of a call to a shared piece, by piece (calls skipped while it is away are not timed).',
    labelNames: ['piece'] as const,
    buckets: CALL_BUCKETS,
    registers: [registry],
  }),
  pieceUp: new Gauge({
    name: name('dependency_up'),
    help: '1 while this process has answers from the shared piece, 0 while it is away (said in the log).',
    labelNames: ['piece'] as const,
    registers: [registry],
  }),
  commitSeconds: new Histogram({
    name: name('commit_duration_seconds'),
    help: 'Time the writer took to commit one poll, by kind (feed, gauges).',
    labelNames: ['kind'] as const,
    buckets: WORK_BUCKETS,
    registers: [registry],
  }),
  publishSeconds: new Histogram({
    name: name('publish_duration_seconds'),
    help: 'Time the writer took to publish one lake generation.',
    buckets: WORK_BUCKETS,
    registers: [registry],
  }),
  guardHeld: new Counter({
    name: name('retraction_guard_held_polls_total'),
    help: 'Polls the retraction guard held back (nothing of them committed), by feed.',
    labelNames: ['feed'] as const,
    registers: [registry],
  }),
  guardHeldIncidents: new Gauge({
    name: name('retraction_guard_held_incidents'),
    help: 'Incidents in the feed’s last poll when the guard held it back; 0 once a poll is committed.',
    labelNames: ['feed'] as const,
    registers: [registry],
  }),
  fetchErrors: new Counter({
    name: name('fetch_errors_total'),
    help: 'Fetches of a feed or gauge source that failed, by poller and reason (dns, refused, timeout, http-status, bad-body …).',
    labelNames: ['poller', 'reason'] as const,
    registers: [registry],
  }),
  lakeGeneration: new Gauge({
    name: name('lake_generation'),
    help: 'The lake generation this API process serves.',
    registers: [registry],
  }),
  lakeGenerationAge: new Gauge({
    name: name('lake_generation_age_seconds'),
    help: 'Seconds since the generation this API process serves was published.',
    registers: [registry],
  }),
  publishedGeneration: new Gauge({
    name: name('lake_published_generation'),
    help: 'The writer: the last lake generation it published.',
    registers: [registry],
  }),
  publishedAge: new Gauge({
    name: name('lake_published_age_seconds'),
    help: 'The writer: seconds since it last published a generation.',
    registers: [registry],
  }),
  lakeBehind: new Gauge({
    name: name('lake_seconds_behind_writer'),
    help: 'An API replica of a lake in a bucket: seconds between the newest generation the bucket names and the one it serves (0 when current).',
    registers: [registry],
  }),
  streams: new Gauge({
    name: name('stream_open'),
    help: 'Open change streams (/v1/stream) on this API process.',
    registers: [registry],
  }),
  streamCapacity: new Gauge({
    name: name('stream_capacity'),
    help: 'Change streams this API process holds before it refuses more (STREAM_CAPACITY).',
    registers: [registry],
  }),
  streamRefusals: new Counter({
    name: name('stream_refused_total'),
    help: 'Change streams refused with 503 because this API process held as many as it will.',
    registers: [registry],
  }),
  streamDrops: new Counter({
    name: name('stream_dropped_total'),
    help: 'Change streams ended with a reset because their client stopped taking what was sent.',
    registers: [registry],
  }),
  pollerStatus: new Gauge({
    name: name('poller_status'),
    help: 'Each poller’s status as /v1/status reports it (1 for the status it has, 0 for the others), by poller (feed key, gauge source, declarations), kind (feed, gauges, declarations) and state (a feed’s; empty for the others).',
    labelNames: ['poller', 'kind', 'state', 'status'] as const,
    registers: [registry],
  }),
  pollerLastSuccess: new Gauge({
    name: name('poller_last_success_timestamp_seconds'),
    help: 'When the poller last polled successfully (Unix seconds); absent before its first success.',
    labelNames: ['poller', 'kind'] as const,
    registers: [registry],
  }),
  pollerInterval: new Gauge({
    name: name('poller_interval_seconds'),
    help: 'How often the poller polls.',
    labelNames: ['poller', 'kind'] as const,
    registers: [registry],
  }),
  pollerFailures: new Gauge({
    name: name('poller_consecutive_failures'),
    help: 'Polls in a row that failed.',
    labelNames: ['poller', 'kind'] as const,
    registers: [registry],
  }),
  healthAge: new Gauge({
    name: name('poller_health_age_seconds'),
    help: 'Seconds since pollers’ health was last read from Temporal (large while Temporal is away).',
    registers: [registry],
  }),
  subscriptions: new Gauge({
    name: name('webhook_subscriptions'),
    help: 'Webhook subscriptions, by status (active, disabled).',
    labelNames: ['status'] as const,
    registers: [registry],
  }),
  webhookBacklog: new Gauge({
    name: name('webhook_backlog'),
    help: 'Webhook deliveries handed on and not yet delivered or given up.',
    registers: [registry],
  }),
  webhookOldestPending: new Gauge({
    name: name('webhook_oldest_pending_seconds'),
    help: 'Age of the oldest webhook delivery not yet delivered or given up (0 when none).',
    registers: [registry],
  }),
  webhookDeliveries: new Counter({
    name: name('webhook_delivery_attempts_total'),
    help: 'Webhook delivery attempts, by outcome: delivered, failed (the receiver refused or did not answer).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  emailDigests: new Counter({
    name: name('email_digest_attempts_total'),
    help: 'Attempts to send an e-mail digest, by outcome: delivered, failed (the mail server refused or did not answer).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  keyStoreBackedUpAt: new Gauge({
    name: name('key_store_backup_last_success_timestamp_seconds'),
    help: 'When this process last backed up the SQLite key store (keys, quotas, subscriptions) whole (Unix seconds).',
    registers: [registry],
  }),
};

type ScrapeReader = () => void | Promise<void>;
const scrapeReaders = new Set<ScrapeReader>();

/**
 * Reads values that live elsewhere when Prometheus scrapes (feed health, the lake, open streams), so
 * nothing is kept current on every change. Returns the undo (a closed server's readers go with it).
 */
export function onScrape(read: ScrapeReader): () => void {
  scrapeReaders.add(read);
  return () => scrapeReaders.delete(read);
}

/**
 * Node's figures whose reading walks every open handle or file descriptor: a scrape of a replica
 * holding 10,000 streams spent about 30 ms in them. Left out, so a scrape costs the same whatever the
 * clients; `eids_stream_open` counts what they would mostly count.
 */
const PER_HANDLE_DEFAULTS = [
  'process_open_fds',
  'nodejs_active_handles',
  'nodejs_active_handles_total',
  'nodejs_active_resources',
  'nodejs_active_resources_total',
];

/** Node's own (CPU, memory, event loop delay, GC), once per process. */
let defaultsCollected = false;
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry, prefix: name('') });
  for (const metric of PER_HANDLE_DEFAULTS) registry.removeSingleMetric(name(metric));
}

/** The whole registry in Prometheus's text format, scrape-time readers run first. */
export async function renderMetrics(): Promise<string> {
  await Promise.all([...scrapeReaders].map((read) => Promise.resolve(read())));
  return registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;
