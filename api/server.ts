import type { Client } from '@temporalio/client';
import type { AddressInfo } from 'node:net';
import { listen } from './listen.js';
import {
  DECLARATION_REFRESHER_WORKFLOW_ID,
  dataLayout,
  FEED_CATALOGUE,
  lakeLocationOf,
  pollerWorkflowId,
  type FeedDefinition,
  type Settings,
  WEBHOOK_ATTEMPT_TIMEOUT_MS,
  WEBHOOK_RETRY_DELAYS_MS,
} from '../config/index.js';
import { GAUGE_SOURCES } from '../config/gauge-sources.js';
import { gaugePollerWorkflowId } from '../model/index.js';
import { capIssuerFromSettings } from '../exports/cap/issuer.js';
import { accessOutageOptions, startMemoryAccess } from './access/memory-access.js';
import { openAccessStore } from './access/open-store.js';
import { createApp } from './app.js';
import { CursorCodec } from './cursor.js';
import { cursorSecret, keptSecret } from './cursor-secret.js';
import { DeclarationStore } from './declarations/declaration-store.js';
import { geographyFiles, loadServedGeography } from './declarations/geography.js';
import { BoardDeclarationHealthSource } from './declarations/health-source.js';
import { BoardFeedHealthSource } from './feed-health-source.js';
import { BoardGaugeHealthSource } from './gauges/source-health.js';
import { WorkflowHealthBoard } from './workflow-health/board.js';
import type { RequestLogSink } from './request-log.js';
import { pageInputs } from './pages/inputs.js';
import { ServingStore } from '../lake/serving/serving-store.js';
import { ChangeHub } from './stream/hub.js';
import { StreamTokenCodec } from './stream/tokens.js';
import { WebhookDispatcher } from './subscriptions/dispatcher.js';
import { openSubscriptionStore } from './subscriptions/open-store.js';
import { endDeliveries, temporalHandOn } from './subscriptions/temporal-hand-on.js';
import { startLakeReplica } from './lake-replica.js';
import { dependencyReport, writerReport } from './meta/dependencies.js';
import { apiMetricReaders } from './metrics-readers.js';
import { requestMetrics } from './request-metrics.js';
import { DEFAULT_STREAM_CAPACITY } from './stream/limits.js';
import { API_VERSION } from './version.js';

export interface RunningApi {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the API on HOST:PORT over the published Parquet, reading feed health from Temporal and keys
 * and quota counters from the access store (SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL),
 * which the key CLI shares: keys
 * from a copy in memory kept current, quota counted down from leases (api/access/memory-access.ts).
 * `requestLog` receives one line per request.
 */
export async function startApiServer(
  settings: Settings,
  client: Client,
  catalogue: readonly FeedDefinition[] = FEED_CATALOGUE,
  log?: (line: string) => void,
  /** Lines about the lake's home (a bucket that does not answer); `log` when absent. */
  warn: ((line: string) => void) | undefined = log,
  requestLog?: RequestLogSink,
): Promise<RunningApi> {
  const layout = dataLayout(settings.DATA_DIR);
  // A lake in a bucket is served from this replica's own cache of it (lake/replica/).
  const replica = await startLakeReplica(settings, (line, level) => (level === 'warn' ? warn : log)?.(line));
  const location = lakeLocationOf(settings);
  const lakeDir = location.kind === 'folder' ? location.dir : layout.lakeCacheDir;
  const store = await ServingStore.open(lakeDir, {
    onError: (error) =>
      log?.(`loading a lake generation failed: ${error instanceof Error ? error.message : String(error)}`),
    files: replica,
  });
  if (replica) replica.onPrepared = () => void store.refresh().catch(() => undefined);
  const { store: accessStore } = await openAccessStore(settings, { startAway: true });
  const access = await startMemoryAccess(accessStore, {
    rateLimits: settings.RATE_LIMITS,
    // A store that is merely away is said once, below; anything else here is a bug.
    onError: (error) =>
      log?.(
        `the access store failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      ),
    outage: accessOutageOptions(settings, (line, level) => (level === 'warn' ? warn : log)?.(line)),
  });
  // The change stream follows the store's generations from the one loaded now.
  const stream = await ChangeHub.start(store, {
    onError: (error) =>
      log?.(
        `the change stream failed on a generation: ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
  // The declarations geography is built once, in the background: lookups answer 503 until it is ready.
  const geographyInputs = geographyFiles(settings);
  const geography = geographyInputs && loadServedGeography(geographyInputs);
  // Unhandled until a lookup awaits it; the declarations store reports a failure.
  geography?.catch(() => undefined);
  const declarations = new DeclarationStore(store, lakeDir, geography, (error) =>
    log?.(`loading declarations failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  // Health of every poller and the refresher, read in the background: requests never wait for Temporal.
  const board = new WorkflowHealthBoard(
    client,
    [
      ...catalogue.map(pollerWorkflowId),
      ...GAUGE_SOURCES.map((source) => gaugePollerWorkflowId(source.name)),
      DECLARATION_REFRESHER_WORKFLOW_ID,
    ],
    { log: (line, level) => (level === 'warn' ? warn : log)?.(line) },
  );
  await board.start();
  // Webhooks: matched here against every change the stream hands out, delivered by workflows.
  const subscriptionStore = await openSubscriptionStore(settings);
  const dispatcher = await WebhookDispatcher.start({
    store: subscriptionStore,
    hub: stream,
    handOn: temporalHandOn(client, {
      taskQueue: settings.INGEST_TASK_QUEUE,
      retry: { delaysMs: settings.WEBHOOK_RETRY_SECONDS ?? WEBHOOK_RETRY_DELAYS_MS },
      attemptTimeoutMs: WEBHOOK_ATTEMPT_TIMEOUT_MS,
    }),
    onError: (error) =>
      log?.(
        `webhook dispatch waits and tries again: ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
  const pages = pageInputs(settings, client, accessStore, log);
  const feedHealth = new BoardFeedHealthSource(board);
  const gaugeHealth = new BoardGaugeHealthSource(board);
  const declarationHealth = new BoardDeclarationHealthSource(board);
  // With METRICS_PORT, this process's metrics: per request, and what the scrape reads from its parts.
  const metricsOn = settings.METRICS_PORT !== undefined;
  const streamCapacity = settings.STREAM_CAPACITY ?? DEFAULT_STREAM_CAPACITY;
  const stopMetrics = metricsOn
    ? apiMetricReaders({
        store,
        replica,
        stream,
        streamCapacity,
        catalogue,
        feedHealth,
        gaugeHealth,
        declarationHealth,
        subscriptions: subscriptionStore,
        now: () => new Date(),
      })
    : () => undefined;
  const app = createApp({
    store,
    keys: access.keys,
    quota: access.quota,
    windows: access.windows,
    clientAddressHeader: settings.CLIENT_ADDRESS_HEADER,
    ...(requestLog ? { log: requestLog } : {}),
    ...(metricsOn ? { observe: requestMetrics() } : {}),
    ...(settings.MONTHLY_QUOTAS ? { quotas: settings.MONTHLY_QUOTAS } : {}),
    feedHealth,
    gaugeHealth,
    catalogue,
    cursors: new CursorCodec(await cursorSecret(settings.CURSOR_SECRET, settings.DATA_DIR)),
    cap: capIssuerFromSettings(settings, catalogue),
    publicBaseUrl: settings.PUBLIC_BASE_URL,
    capFeedFile: dataLayout(settings.DATA_DIR).capFeedFile,
    version: API_VERSION,
    startedAt: new Date(),
    now: () => new Date(),
    declarations,
    declarationHealth,
    stream,
    streamCapacity,
    subscriptions: {
      store: subscriptionStore,
      policy: { allowLoopback: settings.WEBHOOK_ALLOW_LOOPBACK },
      geography,
      changed: () => void dispatcher.refresh(true),
      deleted: endDeliveries(client),
    },
    streamTokens: new StreamTokenCodec(
      await keptSecret('stream-token', settings.STREAM_TOKEN_SECRET, settings.DATA_DIR),
    ),
    pages,
    lakeReplica: replica,
    dependencies: () => [
      dependencyReport(
        'temporal',
        board.reachability,
        'feed health is the last read (healthObservedAt), and webhook deliveries wait to be handed on',
      ),
      ...(access.reachability
        ? [
            dependencyReport(
              'keyStore',
              access.reachability,
              `keys and leases are served from memory; each key may make ${settings.ACCESS_STORE_GRACE_REQUESTS} more requests per replica for ${settings.ACCESS_STORE_GRACE_SECONDS} s, then 503`,
            ),
          ]
        : []),
      ...writerReport(
        replica
          ? {
              generation: replica.status().bucketGeneration ?? 0,
              publishedAt: replica.status().bucketPublishedAt,
            }
          : store.current,
        settings.WRITER_QUIET_SECONDS * 1000,
        new Date(),
      ),
    ],
  });
  const server = await listen(app.fetch, settings.HOST, settings.PORT);
  const { port } = server.address() as AddressInfo;
  await pages.start(`http://${settings.HOST}:${port}`);
  return {
    url: `http://${settings.HOST}:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      stopMetrics();
      board.stop();
      dispatcher.close();
      stream.close();
      await subscriptionStore.close();
      pages.stop();
      await replica?.close();
      store.close();
      // Unused leases go back to the store, so a graceful stop loses no request of any quota.
      await access.close();
      await accessStore.close();
    },
  };
}
