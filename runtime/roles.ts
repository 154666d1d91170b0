import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { flushStdout, requestLogWriter } from '../api/request-log-writer.js';
import { startApiServer } from '../api/server.js';
import { declarationsEnabled, type Settings } from '../config/index.js';
import { sayBucketOutages } from '../lake/storage/bucket-reachability.js';
import { selectedCatalogue } from './catalogue.js';
import type { ServiceLog } from './log.js';
import { ensureGaugeSchedules, keptGaugePollers, selectedGaugeSources } from './gauge-pollers.js';
import { feedStatusShown, keptFeedPollers } from './pollers.js';
import { keptDeclarationRefresher } from './declarations.js';
import { keptEventClusterer } from './event-clusterer.js';
import { keepWorkflows, startWorkflowDoctor, type KeptWorkflow } from './workflow-doctor.js';
import {
  ensureCompactionSchedule,
  ensureDeclarationRefreshSchedule,
  ensureKeyStoreBackupSchedule,
} from './schedules.js';
import { createIngestWorker, createWarehouseWorker } from './workers.js';
import { startWriterRole } from './writer-role.js';
import type { RunningRole } from './running-role.js';

export type { RunningRole } from './running-role.js';
import { temporalConnectionOptions, type TemporalConnectionOptions } from './temporal-connection.js';

/** The processes the service is made of; each runs alone and is restarted alone. */
export const ROLES = ['warehouse', 'ingest', 'api'] as const;
export type Role = (typeof ROLES)[number];

/** A role's connection options: its parent always sets TEMPORAL_ADDRESS (the dev server's when it started one). */
function connectionOptions(settings: Settings): TemporalConnectionOptions {
  if (!settings.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is not set for this process');
  return temporalConnectionOptions(settings, settings.TEMPORAL_ADDRESS);
}

function once(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= action());
}

/** Runs a worker until stopped: shutdown once, wait for in-flight tasks, then release what it held. */
function runWorker(worker: Worker, release: () => Promise<void>): Pick<RunningRole, 'ended' | 'stop'> {
  const run = worker.run();
  const ended = run.finally(release);
  return {
    ended,
    stop: once(async () => {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await ended.catch(() => undefined);
    }),
  };
}

/** The warehouse worker: the one process that opens the DuckDB file. */
export async function startWarehouseRole(
  settings: Settings,
  log: ServiceLog,
  onTakenOver?: (message: string) => void,
): Promise<RunningRole> {
  const connection = await NativeConnection.connect(connectionOptions(settings));
  try {
    const { worker, warehouse, publisher, stopMirror } = await createWarehouseWorker({
      connection,
      settings,
      onTakenOver,
      onPublishError: (error) =>
        log.warn(`publishing the lake failed: ${error instanceof Error ? error.message : String(error)}`),
      onWakeError: (error) =>
        log.warn(
          `waking the event clusterer failed (the next publication tries again): ${error instanceof Error ? error.message : String(error)}`,
        ),
      onLakeLine: (line, level) => log[level](line),
      onGeneration: (line) => log.debug(line),
    });
    return runWorker(worker, async () => {
      await publisher.close();
      stopMirror();
      warehouse.close();
      await connection.close();
    });
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/** An ingest worker (pollers, fetch, parse); once it runs, every poller is started or woken. */
export async function startIngestRole(settings: Settings, log: ServiceLog): Promise<RunningRole> {
  const options = connectionOptions(settings);
  const connection = await NativeConnection.connect(options);
  let running: Pick<RunningRole, 'ended' | 'stop'>;
  try {
    const worker = await createIngestWorker({ connection, settings });
    running = runWorker(worker, () => connection.close());
  } catch (error) {
    await connection.close();
    throw error;
  }
  const clientConnection = await Connection.connect(options);
  let doctor: { stop(): Promise<void> };
  try {
    const client = new Client({ connection: clientConnection, namespace: settings.TEMPORAL_NAMESPACE });
    const gaugeSources = selectedGaugeSources(settings);
    const kept: KeptWorkflow[] = [
      ...keptFeedPollers(settings, selectedCatalogue(settings), await feedStatusShown(client, settings, log)),
      ...keptGaugePollers(settings, gaugeSources),
      ...(declarationsEnabled(settings) ? [keptDeclarationRefresher(settings)] : []),
      keptEventClusterer(settings),
    ];
    // Started (or left running) now; then checked every few seconds, so a stuck one polls again soon.
    await keepWorkflows(client, kept, log);
    await ensureCompactionSchedule(client, settings);
    await ensureKeyStoreBackupSchedule(client, settings);
    if (declarationsEnabled(settings)) await ensureDeclarationRefreshSchedule(client, settings);
    if (gaugeSources.length > 0) await ensureGaugeSchedules(client, settings, log);
    doctor = startWorkflowDoctor(client, () => kept, log, settings.WORKFLOW_CHECK_SECONDS * 1000);
  } catch (error) {
    await running.stop();
    await clientConnection.close();
    throw error;
  }
  return {
    ended: running.ended,
    stop: once(async () => {
      await doctor.stop();
      await running.stop();
      await clientConnection.close();
    }),
  };
}

/**
 * The API. Its Temporal connection is lazy: the API answers (feed health `unknown`) while Temporal is
 * unreachable, and connects when it comes back.
 */
export async function startApiRole(settings: Settings, log: ServiceLog): Promise<RunningRole> {
  const connection = Connection.lazy(connectionOptions(settings));
  const client = new Client({ connection, namespace: settings.TEMPORAL_NAMESPACE });
  // One line per request at info, written through the buffered standard output (never blocking).
  const requestLog = log.enabled('info')
    ? requestLogWriter({ format: settings.LOG_FORMAT, process: 'api' })
    : undefined;
  const api = await startApiServer(
    settings,
    client,
    selectedCatalogue(settings),
    (line) => log.info(line),
    (line) => log.warn(line),
    requestLog,
  );
  let release: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (release = resolve));
  return {
    url: api.url,
    ended,
    stop: once(async () => {
      await api.close();
      await connection.close();
      await flushStdout();
      release();
    }),
  };
}

/** What each role does while its bucket does not answer, for the one line that says it went. */
const WHILE_THE_BUCKET_IS_AWAY: Record<Role, string> = {
  warehouse:
    'the warehouse goes on committing and publishes the newest generation there once it answers; staged polls wait for it',
  ingest: 'polls that pass bodies through it wait for it and resume',
  api: 'the generation held is served; a file not held yet is answered 503 until it answers',
};

export function startRole(role: Role, settings: Settings, log: ServiceLog): Promise<RunningRole> {
  sayBucketOutages((line, level) => log[level](line), WHILE_THE_BUCKET_IS_AWAY[role]);
  switch (role) {
    case 'warehouse':
      return startWriterRole(settings, log, startWarehouseRole);
    case 'ingest':
      return startIngestRole(settings, log);
    case 'api':
      return startApiRole(settings, log);
  }
}
