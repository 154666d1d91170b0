import { Client } from '@temporalio/client';
import { Worker, type NativeConnection } from '@temporalio/worker';
import { dirname, join } from 'node:path';
import {
  createEventActivities,
  createDeclarationIngestActivities,
  createDeclarationWarehouseActivities,
  createArchiveActivities,
  createBackfillActivities,
  createIngestActivities,
  createWarehouseActivities,
  Warehouse,
} from '../activities/index.js';
import { createGaugeIngestActivities, createGaugeWarehouseActivities } from '../activities/gauges/index.js';
import { GaugeWarehouse } from '../warehouse/gauges/index.js';
import { archiveLocatorFromSettings } from '../activities/archive-locator.js';
import { sharedFilesOf, type SharedFiles } from '../activities/shared-files.js';
import {
  configuredDeclarationSources,
  dataLayout,
  FEED_CATALOGUE,
  lakeLocationOf,
  type LakeLocation,
  type Settings,
} from '../config/index.js';
import { channelActivities } from '../channels/index.js';
import { createKeyStoreBackupActivities } from '../activities/key-store-backup.js';
import { openSubscriptionStore } from '../api/subscriptions/open-store.js';
import { capIssuerFromSettings } from '../exports/cap/issuer.js';
import { CAP_FEED_KEY } from '../lake/storage/lake-storage.js';
import { openLakeStorage } from '../lake/storage/open-storage.js';
import { LakeMirror, lakeWriterHandover, lakeWriterId, mirrorLake } from '../warehouse/lake-mirror.js';
import { LakePublisher } from '../warehouse/publisher.js';
import { removeTemporaryFiles } from '../warehouse/publication.js';
import { wakeEventClusterer } from './event-clusterer.js';
import { refetchAfterRestore, restoreWriterIfAsked } from './restore-writer.js';
import { replayStagedPolls } from './replay-staged.js';
import { PROJECT_ROOT } from './paths.js';

/** Workflows come from source (bundled at start-up) or from a pre-built bundle (tests bundle once). */
export type WorkflowSource = { workflowsPath: string } | { workflowBundle: { codePath: string } };

export const WORKFLOWS_PATH = join(PROJECT_ROOT, 'workflows', 'index.ts');

/** Workflow tasks an ingest worker works on at once (each is milliseconds of CPU, a replay more). */
const WORKFLOW_TASK_SLOTS = 2;

export interface WorkerOptions {
  connection: NativeConnection;
  settings: Settings;
  workflows?: WorkflowSource;
  /** Injected fetch, for tests that point feeds somewhere special. */
  fetch?: typeof fetch;
}

/** The ingest worker: poller workflows plus fetch/parse activities. Stateless; run as many as needed. */
export async function createIngestWorker({
  connection,
  settings,
  workflows,
  fetch,
}: WorkerOptions): Promise<Worker> {
  return Worker.create({
    connection,
    namespace: settings.TEMPORAL_NAMESPACE,
    taskQueue: settings.INGEST_TASK_QUEUE,
    ...(workflows ?? { workflowsPath: WORKFLOWS_PATH }),
    activities: {
      ...createIngestActivities({ settings, ...(fetch ? { fetch } : {}) }),
      ...createDeclarationIngestActivities({ settings, ...(fetch ? { fetch } : {}) }),
      ...createGaugeIngestActivities({ settings, ...(fetch ? { fetch } : {}) }),
      ...channelActivities({ store: await openSubscriptionStore(settings), settings }),
      ...createKeyStoreBackupActivities({ settings }),
    },
    // A fetch in flight is cancelled at once on shutdown (it aborts); the poller retries it elsewhere.
    shutdownGraceTime: '1 second',
    // Few workflow tasks in hand at a time: the rest wait on the server, where no time-out runs,
    // instead of behind each other's replays here (a restart replays every poller at once).
    maxConcurrentWorkflowTaskExecutions: WORKFLOW_TASK_SLOTS,
    workflowTaskPollerBehavior: { type: 'simple-maximum', maximum: WORKFLOW_TASK_SLOTS },
  });
}

/** What the warehouse worker is started with: the Temporal connection, settings, and its handlers. */
export type WarehouseWorkerOptions = Omit<WorkerOptions, 'workflows' | 'fetch'> & {
  /** Told when another writer has taken the bucket's lake over (the writer lease, ADR 35). */
  onTakenOver?: ((message: string) => void) | undefined;
  onPublishError?: (error: unknown) => void;
  /** Told when the event clusterer could not be woken after a publish (Temporal unreachable). */
  onWakeError?: (error: unknown) => void;
  /** Told when a lake in a bucket falls behind the warehouse, and when it catches up. */
  onLakeLine?: (line: string, level: 'warn' | 'info') => void;
  /** One line per generation published, naming the polls it first shows (a debug line). */
  onGeneration?: (line: string) => void;
};

/** The started warehouse worker and what its process stops on shutdown. */
export interface WarehouseWorker {
  worker: Worker;
  warehouse: Warehouse;
  publisher: LakePublisher;
  /** Stops mirroring the lake to its bucket (LAKE_URL=s3://…); nothing to stop otherwise. */
  stopMirror: () => void;
}

/**
 * The warehouse worker: the only process that opens the DuckDB file; its commits never overlap
 * (Warehouse.exclusive). Closing the worker's warehouse is the caller's job after `run()` ends.
 */
export async function createWarehouseWorker({
  connection,
  settings,
  onPublishError = () => undefined,
  onWakeError = onPublishError,
  onLakeLine = () => undefined,
  onGeneration = () => undefined,
  onTakenOver,
}: WarehouseWorkerOptions): Promise<WarehouseWorker> {
  const handlers: WarehouseHandlers = { onTakenOver, onPublishError, onWakeError, onLakeLine, onGeneration };
  const layout = dataLayout(settings.DATA_DIR);
  // A lake in a bucket is published from a working copy in DATA_DIR/lake (warehouse/lake-mirror.ts).
  const location = lakeLocationOf(settings);
  const lakeDir = location.kind === 'folder' ? location.dir : layout.lakeDir;
  await restoreWriterIfAsked(settings, (line) => onLakeLine(line, 'info'));
  const stopMirror =
    location.kind === 's3' ? await mirrorToBucket(location, layout, lakeDir, handlers) : () => undefined;
  const warehouse = await Warehouse.open(layout.warehouseFile);
  const setup: WarehouseSetup = {
    connection,
    settings,
    layout,
    lakeDir,
    warehouse,
    // Staged polls and raw bodies, when the ingest workers have data folders of their own.
    shared: sharedFilesOf(settings),
    handlers,
  };
  try {
    await removeTemporaryFiles(dirname(layout.capFeedFile));
    const publisher = await startPublisher(setup);
    const gauges = await catchUpPublishing(setup, publisher);
    const worker = await Worker.create({
      connection,
      namespace: settings.TEMPORAL_NAMESPACE,
      taskQueue: settings.WAREHOUSE_TASK_QUEUE,
      activities: warehouseActivities(setup, publisher, gauges),
      // Writes are serialised by the warehouse itself (Warehouse.exclusive); more slots let a
      // compaction or an archive load, which do their heavy work on connections of their own, run
      // beside commits.
      maxConcurrentActivityTaskExecutions: 3,
      // A commit in flight is let finish on shutdown rather than abandoned half way.
      shutdownGraceTime: '30 seconds',
    });
    return { worker, warehouse, publisher, stopMirror };
  } catch (error) {
    warehouse.close();
    stopMirror();
    throw error;
  }
}

/** createWarehouseWorker's handlers, with their defaults filled in. */
interface WarehouseHandlers {
  onTakenOver: ((message: string) => void) | undefined;
  onPublishError: (error: unknown) => void;
  onWakeError: (error: unknown) => void;
  onLakeLine: (line: string, level: 'warn' | 'info') => void;
  onGeneration: (line: string) => void;
}

/** What the warehouse worker's start-up steps share once the warehouse is open. */
interface WarehouseSetup {
  connection: NativeConnection;
  settings: Settings;
  layout: ReturnType<typeof dataLayout>;
  lakeDir: string;
  warehouse: Warehouse;
  shared: SharedFiles;
  handlers: WarehouseHandlers;
}

/** Starts mirroring the working copy to the bucket; returns what stops it. */
async function mirrorToBucket(
  location: Extract<LakeLocation, { kind: 's3' }>,
  layout: ReturnType<typeof dataLayout>,
  lakeDir: string,
  { onTakenOver, onLakeLine }: WarehouseHandlers,
): Promise<() => void> {
  return mirrorLake(
    new LakeMirror({
      storage: openLakeStorage(location),
      writerId: await lakeWriterId(layout.warehouseFile),
      handover: await lakeWriterHandover(layout.warehouseFile),
      onTakenOver,
      lakeDir,
      alongside: [{ path: layout.capFeedFile, key: CAP_FEED_KEY }],
      log: onLakeLine,
    }),
  );
}

/** The lake publisher, started: whatever was committed but not published before a stop is published. */
async function startPublisher({
  connection,
  settings,
  layout,
  lakeDir,
  warehouse,
  handlers,
}: WarehouseSetup) {
  const { onLakeLine, onPublishError, onWakeError, onGeneration } = handlers;
  const client = new Client({ connection, namespace: settings.TEMPORAL_NAMESPACE });
  // Not awaited: a Temporal away at start delays the refetch, never the writer.
  refetchAfterRestore(client, settings, onLakeLine).catch((error: unknown) =>
    onLakeLine(
      `asking the feed pollers to fetch again failed: ${error instanceof Error ? error.message : String(error)}`,
      'warn',
    ),
  );
  const publisher = new LakePublisher(warehouse, {
    lakeDir,
    capFeed: {
      file: layout.capFeedFile,
      issuer: capIssuerFromSettings(settings, FEED_CATALOGUE),
      baseUrl: settings.PUBLIC_BASE_URL ?? '',
    },
    onError: onPublishError,
    // Each generation wakes the event clusterer; a failed wake waits for the next generation.
    onPublished: (manifest, polls) => {
      onGeneration(
        `published generation ${manifest.generation}${polls.length > 0 ? `, first showing polls ${polls.join(', ')}` : ''}`,
      );
      return wakeEventClusterer(client, settings, manifest.generation).catch(onWakeError);
    },
  });
  // Whatever was committed but not published before a stop (or a migration) is published now.
  await publisher.start();
  return publisher;
}

/** Publishes what earlier runs left unpublished (gauge rows, restored staged polls); returns the gauges. */
async function catchUpPublishing(
  { settings, lakeDir, warehouse, shared, handlers }: WarehouseSetup,
  publisher: LakePublisher,
): Promise<GaugeWarehouse> {
  const gauges = new GaugeWarehouse(warehouse, {
    dataDir: settings.DATA_DIR,
    lakeDir,
    thresholdsFile: settings.GAUGE_THRESHOLDS_FILE,
    boundariesFile: settings.GEOGRAPHY_LGA_BOUNDARIES,
  });
  // Gauge rows a killed publish left queued; a bad thresholds file must not stop incident commits.
  await gauges.publishPending().catch(handlers.onPublishError);
  // After a restore, before any activity: what the lost writer committed and never published.
  if (
    (await replayStagedPolls(settings, warehouse, shared, (line) => handlers.onLakeLine(line, 'info'))) > 0
  ) {
    await publisher.flush();
  }
  return gauges;
}

function warehouseActivities(
  { settings, lakeDir, warehouse, shared }: WarehouseSetup,
  publisher: LakePublisher,
  gauges: GaugeWarehouse,
) {
  return {
    ...createWarehouseActivities({
      dataDir: settings.DATA_DIR,
      shared,
      lakeDir,
      warehouse,
      publisher,
    }),
    ...createEventActivities({
      lakeDir,
      warehouse,
      clustering: settings.EVENT_CLUSTERING,
    }),
    ...createDeclarationWarehouseActivities({
      dataDir: settings.DATA_DIR,
      shared,
      lakeDir,
      warehouse,
      configuredSources: () => configuredDeclarationSources(settings),
    }),
    ...createGaugeWarehouseActivities({ dataDir: settings.DATA_DIR, gauges, shared }),
    ...createArchiveActivities({
      dataDir: settings.DATA_DIR,
      lakeDir,
      warehouse,
      locator: archiveLocatorFromSettings(settings),
    }),
    ...createBackfillActivities({
      dataDir: settings.DATA_DIR,
      shared,
      lakeDir,
      warehouse,
      publisher,
    }),
  };
}
