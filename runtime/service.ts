import {
  childEnvironment,
  dataLayout,
  DEFAULT_DATA_DIR,
  DEMO_DATA_DIR,
  loadSettings,
  type Settings,
} from '../config/index.js';
import { selectedCatalogue } from './catalogue.js';
import type { ServiceLog } from './log.js';
import { nodeChild } from './node-child.js';
import { forgetDevServerPid, recordDevServerPid, stopOrphanedDevServer } from './orphan-dev-server.js';
import { PROJECT_ROOT } from './paths.js';
import { forgetRunningService, recordRunningService } from './service-file.js';
import { claimDataFolder, refuseTakenPorts } from './start-guard.js';
import { Supervisor, type ChildSpec } from './supervisor.js';
import { requireTemporalCli } from './temporal-cli.js';
import { startTemporalDevServer } from './temporal-dev-server.js';
import { checkTemporalCluster } from './temporal-cluster-check.js';
import { temporalConnectionOptions } from './temporal-connection.js';
import { temporalCliFlags } from './temporal-target.js';

export interface RunningService {
  settings: Settings;
  apiUrl: string;
  temporalAddress: string;
  temporalUiUrl: string | undefined;
  /** Each child's name and current pid. */
  pids(): { name: string; pid: number | undefined }[];
  /** Stops the API, then the ingest worker, the warehouse worker and the dev server. */
  stop(): Promise<void>;
}

/** How long each may take to stop before it is killed: the warehouse lets a commit finish. */
const STOP_TIMEOUT_MS = { api: 10_000, ingest: 15_000, warehouse: 40_000 } as const;

/** The Temporal CLI's dev server over DATA_DIR/temporal, as a supervised child. */
export function devServerChild(
  settings: Settings,
  cliPath: string,
  ports: { http?: number; metrics?: number } = {},
): ChildSpec {
  const layout = dataLayout(settings.DATA_DIR);
  return {
    name: 'Temporal dev server',
    start: async () => {
      const server = await startTemporalDevServer({
        cliPath,
        port: settings.TEMPORAL_DEV_PORT,
        uiPort: settings.TEMPORAL_UI_PORT,
        httpPort: ports.http,
        metricsPort: ports.metrics,
        dbFile: layout.temporalDbFile,
        namespace: settings.TEMPORAL_NAMESPACE,
      });
      await recordDevServerPid(layout.temporalPidFile, server.pid);
      return {
        pid: server.pid,
        exited: server.exited.finally(() => forgetDevServerPid(layout.temporalPidFile)),
        stop: async () => {
          await server.stop();
          await forgetDevServerPid(layout.temporalPidFile);
        },
      };
    },
  };
}

/**
 * Temporal for the service: the cluster TEMPORAL_ADDRESS names, checked now in one line, or a dev
 * server over DATA_DIR under the supervisor (after stopping one an earlier run left running). The
 * ports this start listens on are checked free before either.
 */
async function startTemporal(settings: Settings, supervisor: Supervisor, log: ServiceLog) {
  const cluster = settings.TEMPORAL_ADDRESS;
  if (cluster) {
    await refuseTakenPorts(settings);
    await checkTemporalCluster(
      temporalConnectionOptions(settings, cluster),
      settings.TEMPORAL_NAMESPACE,
      log,
    );
    return { address: cluster, temporalUiUrl: undefined };
  }
  const layout = dataLayout(settings.DATA_DIR);
  const cliPath = requireTemporalCli(settings, PROJECT_ROOT);
  const orphan = await stopOrphanedDevServer(layout.temporalPidFile, layout.temporalDbFile);
  if (orphan !== undefined)
    log.info(`stopped the Temporal dev server an earlier run left running (pid ${orphan})`);
  await refuseTakenPorts(settings);
  await supervisor.start(devServerChild(settings, cliPath));
  return {
    address: `127.0.0.1:${settings.TEMPORAL_DEV_PORT}`,
    temporalUiUrl: `http://127.0.0.1:${settings.TEMPORAL_UI_PORT}`,
  };
}

/**
 * The warehouse worker, the ingest worker and the API, each a process of its own. With METRICS_PORT,
 * each serves its metrics on a port of its own from there: the writer on METRICS_PORT, the ingest
 * worker on the next, the API on the one after. Resolves with the API's address once all are ready.
 */
async function startWorkersAndApi(
  supervisor: Supervisor,
  defaults: Record<string, string>,
  address: string,
  metricsPort: number | undefined,
): Promise<string> {
  const env = (offset: number) =>
    childEnvironment(defaults, {
      TEMPORAL_ADDRESS: address,
      ...(metricsPort ? { METRICS_PORT: String(metricsPort + offset) } : {}),
    });
  let apiUrl = '';
  await supervisor.startAll([
    nodeChild({
      name: 'warehouse worker',
      role: 'warehouse',
      env: env(0),
      stopTimeoutMs: STOP_TIMEOUT_MS.warehouse,
    }),
    nodeChild({ name: 'ingest worker', role: 'ingest', env: env(1), stopTimeoutMs: STOP_TIMEOUT_MS.ingest }),
    nodeChild({
      name: 'API',
      role: 'api',
      env: env(2),
      stopTimeoutMs: STOP_TIMEOUT_MS.api,
      onReady: (message) => (apiUrl = message.url ?? apiUrl),
    }),
  ]);
  return apiUrl;
}

/**
 * The whole service as separate processes under one supervisor: the Temporal dev server (unless
 * TEMPORAL_ADDRESS names a cluster), the warehouse worker, the ingest worker and the API, each
 * restarted alone when it dies. `defaults` are settings the environment has not set (the demo's).
 */
export async function startService(
  defaults: Record<string, string>,
  log: ServiceLog,
  /** Aborted (a signal during start-up): whatever has started is stopped and the start rejects. */
  abort?: AbortSignal,
): Promise<RunningService> {
  const settings = loadSettings(defaults);
  selectedCatalogue(settings);
  // Before anything starts: never harm a service already running over this folder.
  const release = await claimDataFolder(settings.DATA_DIR);
  const supervisor = new Supervisor(log);
  abort?.addEventListener('abort', () => void supervisor.stop(), { once: true });
  try {
    const { address, temporalUiUrl } = await startTemporal(settings, supervisor, log);
    const apiUrl = await startWorkersAndApi(supervisor, defaults, address, settings.METRICS_PORT);
    // Ready: the CLIs working on this data folder find the service from here on (runtime/service-file.ts).
    await recordRunningService(settings.DATA_DIR, {
      pid: process.pid,
      temporalAddress: address,
      temporalNamespace: settings.TEMPORAL_NAMESPACE,
      temporalUiUrl: temporalUiUrl ?? settings.TEMPORAL_UI_URL,
      apiUrl,
      ingestTaskQueue: settings.INGEST_TASK_QUEUE,
      warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE,
      startedAt: new Date().toISOString(),
    });
    return {
      settings,
      apiUrl,
      temporalAddress: address,
      temporalUiUrl,
      pids: () => supervisor.pids(),
      stop: async () => {
        // First: from now on a CLI is told that no service runs here, not sent to one that is stopping.
        await forgetRunningService(settings.DATA_DIR);
        await supervisor.stop();
        await release();
      },
    };
  } catch (error) {
    await supervisor.stop();
    await release();
    throw error;
  }
}

export interface SignalStop {
  /** Aborted at the first SIGINT or SIGTERM, also while the service is still starting. */
  aborted: AbortSignal;
  /** What a signal does once the service runs; a signal that came earlier runs it at once. */
  stopWith(stop: () => Promise<void>): void;
}

/**
 * Turns the first SIGINT or SIGTERM into one orderly stop and an exit; later signals are ignored, so a
 * second Ctrl-C does not cut the shutdown short. Install it before starting anything.
 */
export function stopOnSignals(log: ServiceLog): SignalStop {
  const controller = new AbortController();
  let stop: (() => Promise<void>) | undefined;
  const run = () => {
    stop!().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error('stopped with an error', { error, bug: true });
        process.exit(1);
      },
    );
  };
  const handler = (signal: string) => {
    if (controller.signal.aborted) return;
    log.info(`${signal}: stopping`);
    controller.abort();
    if (stop) run();
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
  return {
    aborted: controller.signal,
    stopWith(given) {
      stop = given;
      if (controller.signal.aborted) run();
    },
  };
}

/** `npm run <command>` as it reaches the service over this data folder: --demo for the demo's. */
function npmCommandFor(dataDir: string, command: string): string {
  if (dataDir === DEMO_DATA_DIR) return `npm run ${command} --demo`;
  return `${dataDir === DEFAULT_DATA_DIR ? '' : `DATA_DIR=${dataDir} `}npm run ${command}`;
}

/**
 * What to tell the person who started the service: where the API and the Web UI are, what the
 * Temporal CLI needs to reach it, which pids.
 */
export function serviceBanner(service: RunningService): string[] {
  const cliFlags = temporalCliFlags({
    address: service.temporalAddress,
    namespace: service.settings.TEMPORAL_NAMESPACE,
  });
  return [
    `API ${service.apiUrl}/v1 (docs ${service.apiUrl}/v1/docs); in a browser: status ${service.apiUrl}/, map ${service.apiUrl}/map`,
    service.temporalUiUrl
      ? `Temporal Web UI ${service.temporalUiUrl} (dev server at ${service.temporalAddress})`
      : `Temporal at ${service.temporalAddress}`,
    `Temporal CLI: ${npmCommandFor(service.settings.DATA_DIR, 'temporal -- workflow list')} (or: temporal workflow list ${cliFlags}); the addresses are in ${dataLayout(service.settings.DATA_DIR).serviceFile}`,
    `processes: ${service
      .pids()
      .map(({ name, pid }) => `${name} ${pid}`)
      .join(', ')} (each restarted alone if it dies)`,
  ];
}
