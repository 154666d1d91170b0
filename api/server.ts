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
} from '../config/index.js';
import { GAUGE_SOURCES } from '../config/gauge-sources.js';
import { gaugePollerWorkflowId } from '../model/index.js';
import { capIssuerFromSettings } from '../exports/cap/issuer.js';
import { accessOutageOptions, startMemoryAccess } from './access/memory-access.js';
import { openAccessStore } from './access/open-store.js';
import { otherFolderKeys } from './access/other-folders.js';
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

/** Where a process says what happens to it: informational lines and warnings. */
type Say = (line: string, level?: 'info' | 'warn') => void;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The lake this process serves: a folder, or this replica's own cache of a bucket (lake/replica/). */
async function openLake(settings: Settings, say: Say) {
  const replica = await startLakeReplica(settings, say);
  const location = lakeLocationOf(settings);
  const lakeDir = location.kind === 'folder' ? location.dir : dataLayout(settings.DATA_DIR).lakeCacheDir;
  const store = await ServingStore.open(lakeDir, {
    onError: (error) => say(`loading a lake generation failed: ${messageOf(error)}`),
    files: replica,
  });
  if (replica) replica.onPrepared = () => void store.refresh().catch(() => undefined);
  return { replica, lakeDir, store };
}

/** Keys and quotas from a copy in memory kept current, counted down from leases (memory-access.ts). */
async function openAccess(settings: Settings, say: Say) {
  const { store } = await openAccessStore(settings, { startAway: true });
  const access = await startMemoryAccess(store, {
    rateLimits: settings.RATE_LIMITS,
    // A store that is merely away is said once (outage); anything else here is a bug.
    onError: (error) =>
      say(
        `the access store failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      ),
    outage: accessOutageOptions(settings, say),
  });
  return { store, access };
}

/** The declarations, over a geography built once in the background (lookups answer 503 until then). */
function openDeclarations(settings: Settings, store: ServingStore, lakeDir: string, say: Say) {
  const inputs = geographyFiles(settings);
  const geography = inputs && loadServedGeography(inputs);
  // Unhandled until a lookup awaits it; the declarations store reports a failure.
  geography?.catch(() => undefined);
  const declarations = new DeclarationStore(store, lakeDir, geography, (error) =>
    say(`loading declarations failed: ${messageOf(error)}`),
  );
  return { geography, declarations };
}

/** Every poller's and the refresher's health, read in the background: requests never wait for Temporal. */
async function startHealthBoard(client: Client, catalogue: readonly FeedDefinition[], say: Say) {
  const board = new WorkflowHealthBoard(
    client,
    [
      ...catalogue.map(pollerWorkflowId),
      ...GAUGE_SOURCES.map((source) => gaugePollerWorkflowId(source.name)),
      DECLARATION_REFRESHER_WORKFLOW_ID,
    ],
    { log: say },
  );
  await board.start();
  return board;
}

/** Webhooks: matched here against every change the stream hands out, delivered by workflows. */
async function startWebhooks(settings: Settings, client: Client, stream: ChangeHub, say: Say) {
  const store = await openSubscriptionStore(settings);
  const dispatcher = await WebhookDispatcher.start({
    store,
    hub: stream,
    handOn: temporalHandOn(client, { taskQueue: settings.INGEST_TASK_QUEUE, settings }),
    onError: (error) => say(`webhook dispatch waits and tries again: ${messageOf(error)}`),
  });
  return { store, dispatcher };
}

/** The parts an API process runs, each started once, in the order they depend on each other. */
async function startParts(
  settings: Settings,
  client: Client,
  catalogue: readonly FeedDefinition[],
  say: Say,
) {
  const lake = await openLake(settings, say);
  const access = await openAccess(settings, say);
  // The change stream follows the store's generations from the one loaded now.
  const stream = await ChangeHub.start(lake.store, {
    onError: (error) => say(`the change stream failed on a generation: ${messageOf(error)}`),
  });
  const declarations = openDeclarations(settings, lake.store, lake.lakeDir, say);
  const board = await startHealthBoard(client, catalogue, say);
  const webhooks = await startWebhooks(settings, client, stream, say);
  const pages = pageInputs(settings, client, access.store, (line) => say(line));
  const health = {
    feedHealth: new BoardFeedHealthSource(board),
    gaugeHealth: new BoardGaugeHealthSource(board),
    declarationHealth: new BoardDeclarationHealthSource(board),
  };
  return { ...lake, access, stream, ...declarations, board, ...health, webhooks, pages };
}

type Parts = Awaited<ReturnType<typeof startParts>>;

/** What /v1/status says of the shared pieces and the writer, read at each request. */
function dependencyReports(settings: Settings, parts: Parts) {
  const { board, access, replica, store } = parts;
  return () => [
    dependencyReport(
      'temporal',
      board.reachability,
      'feed health is the last read (healthObservedAt), and webhook deliveries wait to be handed on',
    ),
    ...(access.access.reachability
      ? [
          dependencyReport(
            'keyStore',
            access.access.reachability,
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
  ];
}

/** The app over the parts: a declarative list of what each route reads. */
async function appOver(
  settings: Settings,
  client: Client,
  catalogue: readonly FeedDefinition[],
  parts: Parts,
  extras: { requestLog: RequestLogSink | undefined; metricsOn: boolean; streamCapacity: number },
) {
  const { store, access, stream, webhooks } = parts;
  return createApp({
    store,
    keys: access.access.keys,
    otherFolders: otherFolderKeys(settings),
    quota: access.access.quota,
    windows: access.access.windows,
    clientAddressHeader: settings.CLIENT_ADDRESS_HEADER,
    ...(extras.requestLog ? { log: extras.requestLog } : {}),
    ...(extras.metricsOn ? { observe: requestMetrics() } : {}),
    ...(settings.MONTHLY_QUOTAS ? { quotas: settings.MONTHLY_QUOTAS } : {}),
    feedHealth: parts.feedHealth,
    gaugeHealth: parts.gaugeHealth,
    catalogue,
    cursors: new CursorCodec(await cursorSecret(settings.CURSOR_SECRET, settings.DATA_DIR)),
    cap: capIssuerFromSettings(settings, catalogue),
    publicBaseUrl: settings.PUBLIC_BASE_URL,
    capFeedFile: dataLayout(settings.DATA_DIR).capFeedFile,
    version: API_VERSION,
    startedAt: new Date(),
    now: () => new Date(),
    declarations: parts.declarations,
    declarationHealth: parts.declarationHealth,
    stream,
    streamCapacity: extras.streamCapacity,
    subscriptions: {
      store: webhooks.store,
      policy: { allowLoopback: settings.WEBHOOK_ALLOW_LOOPBACK },
      smtp: settings.SMTP_URL !== undefined,
      geography: parts.geography,
      changed: () => void webhooks.dispatcher.refresh(true),
      deleted: endDeliveries(client, settings),
    },
    streamTokens: new StreamTokenCodec(
      await keptSecret('stream-token', settings.STREAM_TOKEN_SECRET, settings.DATA_DIR),
    ),
    pages: parts.pages,
    lakeReplica: parts.replica,
    dependencies: dependencyReports(settings, parts),
  });
}

/** Stops the parts, the server first; unused leases go back to the store, so no quota loses a request. */
async function stopParts(parts: Parts): Promise<void> {
  await parts.board.stop();
  parts.webhooks.dispatcher.close();
  parts.stream.close();
  await parts.webhooks.store.close();
  parts.pages.stop();
  await parts.replica?.close();
  parts.store.close();
  await parts.access.access.close();
  await parts.access.store.close();
}

/**
 * Serves the API on HOST:PORT over the published Parquet, reading feed health from Temporal and keys
 * and quota counters from the access store (SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL),
 * which the key CLI shares. `requestLog` receives one line per request.
 */
export async function startApiServer(
  settings: Settings,
  client: Client,
  catalogue: readonly FeedDefinition[] = FEED_CATALOGUE,
  log?: (line: string) => void,
  /** Lines about the shared pieces (a bucket or key store that does not answer); `log` when absent. */
  warn: ((line: string) => void) | undefined = log,
  requestLog?: RequestLogSink,
): Promise<RunningApi> {
  const say: Say = (line, level) => (level === 'warn' ? warn : log)?.(line);
  const parts = await startParts(settings, client, catalogue, say);
  // With METRICS_PORT, this process's metrics: per request, and what the scrape reads from its parts.
  const metricsOn = settings.METRICS_PORT !== undefined;
  const streamCapacity = settings.STREAM_CAPACITY ?? DEFAULT_STREAM_CAPACITY;
  const app = await appOver(settings, client, catalogue, parts, { requestLog, metricsOn, streamCapacity });
  const stopMetrics = metricsOn
    ? apiMetricReaders({
        store: parts.store,
        replica: parts.replica,
        stream: parts.stream,
        streamCapacity,
        catalogue,
        feedHealth: parts.feedHealth,
        gaugeHealth: parts.gaugeHealth,
        declarationHealth: parts.declarationHealth,
        subscriptions: parts.webhooks.store,
        now: () => new Date(),
      })
    : () => undefined;
  const server = await listen(app.fetch, settings.HOST, settings.PORT);
  const { port } = server.address() as AddressInfo;
  const url = `http://${settings.HOST}:${port}`;
  await parts.pages.start(url);
  return {
    url,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      stopMetrics();
      await stopParts(parts);
    },
  };
}
