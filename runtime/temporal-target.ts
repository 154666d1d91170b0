import { resolve } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { dataLayout, DEMO_DATA_DIR, type Settings } from '../config/index.js';
import { CliError } from './cli-command.js';
import { isListening } from './ports.js';
import { runningServiceOver, serviceRunsOver } from './service-file.js';
import { temporalConnectionOptions, type TemporalConnectionOptions } from './temporal-connection.js';

/**
 * Where the CLIs find the service's Temporal: TEMPORAL_ADDRESS when it is set, else what the service
 * running over DATA_DIR wrote in its service.json (whatever ports it was given), else the dev server's
 * default address. An address that does not answer is one line naming it, where it came from and what
 * to change, within a few seconds.
 */
export interface TemporalTarget {
  address: string;
  /** The address with the TLS and API key it needs (those of TEMPORAL_ADDRESS's cluster). */
  connection: TemporalConnectionOptions;
  namespace: string;
  /** The Web UI's base URL, when known (for links to workflows). */
  uiUrl: string | undefined;
  /** The task queues the service's workers poll. */
  ingestTaskQueue: string;
  warehouseTaskQueue: string;
  /** Where the address came from, for people. */
  from: string;
  /** What to do or change when it does not answer. */
  remedy: string;
}

/** A refused port is known at once; an address that swallows packets gets this long, then the connect below. */
const PROBE_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT = '3 seconds';
export const NOTHING_LISTENS = 'nothing accepts connections there';

export async function findTemporal(settings: Settings): Promise<TemporalTarget> {
  const folder = `${settings.DATA_DIR}/`;
  if (settings.TEMPORAL_ADDRESS) {
    return {
      address: settings.TEMPORAL_ADDRESS,
      connection: temporalConnectionOptions(settings, settings.TEMPORAL_ADDRESS),
      namespace: settings.TEMPORAL_NAMESPACE,
      uiUrl: settings.TEMPORAL_UI_URL,
      ingestTaskQueue: settings.INGEST_TASK_QUEUE,
      warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE,
      from: 'set by TEMPORAL_ADDRESS',
      remedy: `is that cluster up? Change TEMPORAL_ADDRESS, or unset it to reach the service running over ${folder}`,
    };
  }
  const running = await runningServiceOver(settings.DATA_DIR);
  if (running) {
    return {
      address: running.temporalAddress,
      connection: { address: running.temporalAddress },
      namespace: running.temporalNamespace,
      uiUrl: running.temporalUiUrl,
      ingestTaskQueue: running.ingestTaskQueue,
      warehouseTaskQueue: running.warehouseTaskQueue,
      from: `from ${dataLayout(settings.DATA_DIR).serviceFile}, the service running over ${folder} as pid ${running.pid}`,
      remedy:
        'is that service still starting, or stopping? Set TEMPORAL_ADDRESS=host:port to use another Temporal',
    };
  }
  const isDemoFolder = resolve(settings.DATA_DIR) === resolve(DEMO_DATA_DIR);
  const remedy = isDemoFolder
    ? 'start the demo (npm run demo), or set TEMPORAL_ADDRESS=host:port'
    : (await serviceRunsOver(DEMO_DATA_DIR))
      ? `the demo is running over ${DEMO_DATA_DIR}/: add --demo (or set TEMPORAL_ADDRESS=host:port)`
      : `start the service (npm start), add --demo for the demo's data folder (${DEMO_DATA_DIR}/), or set TEMPORAL_ADDRESS=host:port`;
  const devAddress = `127.0.0.1:${settings.TEMPORAL_DEV_PORT}`;
  return {
    address: devAddress,
    connection: { address: devAddress },
    namespace: settings.TEMPORAL_NAMESPACE,
    uiUrl: `http://127.0.0.1:${settings.TEMPORAL_UI_PORT}`,
    ingestTaskQueue: settings.INGEST_TASK_QUEUE,
    warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE,
    from: `the default: no service is running over ${folder}`,
    remedy,
  };
}

/** The Temporal CLI's flags for the target (the namespace only when it is not the CLI's default). */
export function temporalCliFlags(target: Pick<TemporalTarget, 'address' | 'namespace'>): string {
  return `--address ${target.address}${target.namespace === 'default' ? '' : ` --namespace ${target.namespace}`}`;
}

/** The workflow's page in the Web UI, when the Web UI is known. */
export function webUiLink(target: TemporalTarget, workflowId: string): string | undefined {
  if (!target.uiUrl) return undefined;
  return `${target.uiUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(target.namespace)}/workflows/${encodeURIComponent(workflowId)}`;
}

function hostAndPort(address: string): { host: string; port: number } {
  const colon = address.lastIndexOf(':');
  return {
    host: address.slice(0, colon).replace(/^\[(.*)\]$/, '$1'),
    port: Number(address.slice(colon + 1)),
  };
}

const innermost = (error: unknown): string => {
  let cause: unknown = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  return cause instanceof Error ? cause.message : String(cause);
};

/** The one line that says the target does not answer, where its address came from and what to change. */
export function unreachableMessage(target: TemporalTarget, why: string): string {
  return `cannot reach Temporal at ${target.address} (${target.from}): ${why}; ${target.remedy}`;
}

/** Whether anything accepts connections at the target's address (a refusal is known at once). */
export function targetListens(target: TemporalTarget): Promise<boolean> {
  const { host, port } = hostAndPort(target.address);
  return isListening(port, PROBE_TIMEOUT_MS, host);
}

/** A client of the target's namespace; a target that does not answer is a CliError of one line. */
export async function connectTemporal(
  target: TemporalTarget,
): Promise<{ client: Client; connection: Connection; close: () => Promise<void> }> {
  const unreachable = (why: string) => new CliError(unreachableMessage(target, why));
  if (!(await targetListens(target))) throw unreachable(NOTHING_LISTENS);
  let connection: Connection;
  try {
    connection = await Connection.connect({ ...target.connection, connectTimeout: CONNECT_TIMEOUT });
  } catch (error) {
    throw unreachable(`it does not answer as Temporal (${innermost(error)})`);
  }
  return {
    client: new Client({ connection, namespace: target.namespace }),
    connection,
    close: () => connection.close(),
  };
}
