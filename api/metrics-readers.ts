import type { FeedDefinition } from '../config/index.js';
import { GAUGE_SOURCES } from '../config/gauge-sources.js';
import { FEED_REPORT_STATUSES, reportStatus, type FeedReportStatus } from '../model/index.js';
import type { ServingStore } from '../lake/serving/serving-store.js';
import type { SubscriptionStore } from '../subscriptions/types.js';
import { metrics, onScrape } from '../telemetry/metrics.js';
import type { DeclarationHealthSource } from './declarations/health-source.js';
import type { FeedHealthSource } from './feed-health-source.js';
import { gaugeSourceItem, type GaugeHealthSource } from './gauges/source-health.js';
import type { LakeReplicaStatusSource } from './meta/lake-status.js';
import type { ChangeHub } from './stream/hub.js';

/** What an API process's scrape reads: values that live in its parts, read when Prometheus asks. */
export interface ApiMetricSources {
  store: ServingStore;
  replica: LakeReplicaStatusSource | undefined;
  stream: ChangeHub;
  /** Streams it holds before refusing more. */
  streamCapacity: number;
  catalogue: readonly FeedDefinition[];
  feedHealth: FeedHealthSource;
  gaugeHealth: GaugeHealthSource;
  declarationHealth: DeclarationHealthSource | undefined;
  subscriptions: SubscriptionStore;
  now: () => Date;
}

const GAUGE_ITEMS = GAUGE_SOURCES.map(gaugeSourceItem);
const seconds = (iso: string | null | undefined) => (iso ? Date.parse(iso) / 1000 : undefined);

interface PollerView {
  status: string;
  lastPolled?: string | undefined;
  lastSuccess?: string | undefined;
  nextPollAt?: string | undefined;
  pollIntervalSeconds?: number | undefined;
  consecutiveFailures?: number | undefined;
}

/** One poller's series: its status one-hot, last success, interval and failures in a row. */
function setPoller(
  poller: string,
  kind: string,
  health: PollerView | undefined,
  status: FeedReportStatus,
  state = '',
) {
  for (const each of FEED_REPORT_STATUSES) {
    metrics.pollerStatus.set({ poller, kind, state, status: each }, each === status ? 1 : 0);
  }
  const success = seconds(health?.lastSuccess);
  if (success !== undefined) metrics.pollerLastSuccess.set({ poller, kind }, success);
  if (health?.pollIntervalSeconds) metrics.pollerInterval.set({ poller, kind }, health.pollIntervalSeconds);
  metrics.pollerFailures.set({ poller, kind }, health?.consecutiveFailures ?? 0);
}

async function readPollers(sources: ApiMetricSources, now: Date): Promise<void> {
  const feeds = await sources.feedHealth.read(sources.catalogue);
  sources.catalogue.forEach((feed, i) =>
    setPoller(feed.key, 'feed', feeds[i], reportStatus(feeds[i], now), feed.state),
  );
  const gauges = await sources.gaugeHealth.read(GAUGE_ITEMS);
  GAUGE_SOURCES.forEach((source, i) =>
    setPoller(source.name, 'gauges', gauges[i], reportStatus(gauges[i], now)),
  );
  const declarations = await sources.declarationHealth?.read();
  if (sources.declarationHealth) {
    const view = declarations && { status: declarations.status, lastPolled: declarations.lastRefresh };
    setPoller('declarations', 'declarations', view, reportStatus(view, now));
  }
  const observed = sources.feedHealth.observedAt;
  metrics.healthAge.set(observed ? (now.getTime() - observed.getTime()) / 1000 : -1);
}

function readLake(sources: ApiMetricSources, now: Date): void {
  const { generation, publishedAt } = sources.store.current;
  metrics.lakeGeneration.set(generation);
  const published = seconds(publishedAt);
  metrics.lakeGenerationAge.set(published === undefined ? -1 : now.getTime() / 1000 - published);
  const newest = seconds(sources.replica?.status().bucketPublishedAt);
  metrics.lakeBehind.set(
    newest === undefined || published === undefined ? 0 : Math.max(0, newest - published),
  );
}

async function readWebhooks(sources: ApiMetricSources, now: Date): Promise<void> {
  const health = await sources.subscriptions.health();
  metrics.subscriptions.set({ status: 'active' }, health.active);
  metrics.subscriptions.set({ status: 'disabled' }, health.disabled);
  metrics.webhookBacklog.set(health.pending);
  const oldest = seconds(health.oldestPendingAt);
  metrics.webhookOldestPending.set(oldest === undefined ? 0 : Math.max(0, now.getTime() / 1000 - oldest));
}

/**
 * Registers what an API process's scrape reads: the lake generation it serves and its age, how far
 * behind the bucket's newest it is, open streams, every poller's health as last read from Temporal,
 * and the webhook subscriptions and backlog. Returns the undo.
 */
export function apiMetricReaders(sources: ApiMetricSources): () => void {
  return onScrape(async () => {
    const now = sources.now();
    readLake(sources, now);
    metrics.streams.set(sources.stream.connections);
    metrics.streamCapacity.set(sources.streamCapacity);
    await Promise.all([readPollers(sources, now), readWebhooks(sources, now)]);
  });
}
