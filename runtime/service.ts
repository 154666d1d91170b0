import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { startApiServer } from '../api/server.js';
import { dataLayout, FEED_CATALOGUE, type FeedDefinition, type Settings } from '../config/index.js';
import { PROJECT_ROOT } from './paths.js';
import { ensurePollers } from './pollers.js';
import { ensureCompactionSchedule } from './schedules.js';
import { requireTemporalCli } from './temporal-cli.js';
import { startTemporalDevServer, type TemporalDevServer } from './temporal-dev-server.js';
import { createIngestWorker, createWarehouseWorker } from './workers.js';

export interface RunningService {
  apiUrl: string;
  temporalAddress: string;
  temporalUiUrl: string | undefined;
  stop(): Promise<void>;
}

/**
 * Everything in one process: Temporal (an existing cluster, or the CLI dev server as a child),
 * the warehouse worker, an ingest worker, one poller per feed, and the API.
 */
export async function startService(
  settings: Settings,
  log: (line: string) => void,
  catalogue: readonly FeedDefinition[] = FEED_CATALOGUE,
): Promise<RunningService> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => log(`shutdown: ${String(error)}`));
    }
  };
  try {
    let devServer: TemporalDevServer | undefined;
    let address = settings.TEMPORAL_ADDRESS;
    if (!address) {
      const cliPath = requireTemporalCli(settings, PROJECT_ROOT);
      log(`starting the Temporal dev server (${cliPath})`);
      devServer = await startTemporalDevServer({
        cliPath,
        port: settings.TEMPORAL_DEV_PORT,
        uiPort: settings.TEMPORAL_UI_PORT,
        dbFile: dataLayout(settings.DATA_DIR).temporalDbFile,
        namespace: settings.TEMPORAL_NAMESPACE,
      });
      cleanups.push(() => devServer!.stop());
      address = devServer.address;
    }

    const nativeConnection = await NativeConnection.connect({ address });
    cleanups.push(() => nativeConnection.close());
    const {
      worker: warehouseWorker,
      warehouse,
      publisher,
    } = await createWarehouseWorker({
      connection: nativeConnection,
      settings,
    });
    const ingestWorker = await createIngestWorker({ connection: nativeConnection, settings });
    const runs = [warehouseWorker.run(), ingestWorker.run()];
    cleanups.push(async () => {
      ingestWorker.shutdown();
      warehouseWorker.shutdown();
      await Promise.allSettled(runs);
      await publisher.close();
      warehouse.close();
    });

    const connection = await Connection.connect({ address });
    cleanups.push(() => connection.close());
    const client = new Client({ connection, namespace: settings.TEMPORAL_NAMESPACE });
    await ensurePollers(client, settings, catalogue);
    await ensureCompactionSchedule(client, settings);

    const api = await startApiServer(settings, client, catalogue, (line) => log(`api ${line}`));
    cleanups.push(() => api.close());

    return {
      apiUrl: api.url,
      temporalAddress: address,
      temporalUiUrl: devServer?.uiUrl,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The SDK's own info lines (bundler output, worker states) drown the service's; keep its warnings.
 * Entrypoints call this once, before anything touches Temporal.
 */
export function installTemporalLogging(settings: Settings): void {
  Runtime.install({ logger: new DefaultLogger(settings.LOG_LEVEL === 'debug' ? 'DEBUG' : 'WARN') });
}

/** Stops the service on SIGINT/SIGTERM, once. */
export function stopOnSignals(service: RunningService, log: (line: string) => void): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    service.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => handler('SIGINT'));
  process.once('SIGTERM', () => handler('SIGTERM'));
}
