import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

import { Connection } from '@temporalio/client';
import { FEED_STATUS_SEARCH_ATTRIBUTE } from '../model/index.js';
import { isListening } from './ports.js';

export interface TemporalDevServerOptions {
  /** Path of the `temporal` executable (see runtime/temporal-cli.ts). */
  cliPath: string;
  /** Front-end gRPC port, bound on 127.0.0.1. */
  port: number;
  /** Web UI port, bound on 127.0.0.1. */
  uiPort: number;
  /** The HTTP API's and the server's Prometheus metrics' ports; ones the OS picks when absent. */
  httpPort?: number | undefined;
  metricsPort?: number | undefined;
  /** SQLite file that persists the server's state; its directory is created if missing. */
  dbFile: string;
  /** Namespace created at launch (the "default" namespace always exists as well). */
  namespace: string;
  /** How long to wait for the server to answer before giving up. Default 30 s. */
  readyTimeoutMs?: number;
}

export interface TemporalDevServer {
  /** host:port of the gRPC front end, for `Connection.connect({ address })`. */
  address: string;
  uiUrl: string;
  /** Where the server writes what it prints (stdout and stderr), next to its SQLite file. */
  logFile: string;
  /** Process id of the server, for last-resort clean-up by the caller. */
  pid: number | undefined;
  /** Resolves when the server process ends, however it ends, with how it ended. */
  exited: Promise<string>;
  /** SIGTERM, then SIGKILL after 5 s. Safe to call more than once. */
  stop(): Promise<void>;
}

const TAIL_LINES = 40;
/** The least the server accepts for its replication cache (64 KiB). */
const REPLICATION_CACHE_BYTES = 64 * 1024;
const STOP_GRACE_MS = 5_000;

/**
 * Starts `temporal server start-dev` as a child process and resolves once its front end answers and
 * the namespace exists. Installs no signal or exit handlers: the caller owns the process and must call stop().
 */
export async function startTemporalDevServer(opts: TemporalDevServerOptions): Promise<TemporalDevServer> {
  const { cliPath, port, uiPort, namespace } = opts;
  const dbFile = resolve(opts.dbFile);
  const logFile = join(dirname(dbFile), 'dev-server.log');
  const readyTimeoutMs = opts.readyTimeoutMs ?? 30_000;
  await mkdir(dirname(dbFile), { recursive: true });

  const address = `127.0.0.1:${port}`;
  const uiUrl = `http://127.0.0.1:${uiPort}`;
  // Something already answering there would pass the readiness check below while our server fails to bind.
  if (await isListening(port)) {
    throw new Error(
      `Temporal dev server: port ${port} on 127.0.0.1 is already in use by another process ` +
        '(another service, or a dev server started elsewhere); stop it, or set TEMPORAL_DEV_PORT or TEMPORAL_ADDRESS.',
    );
  }
  const args = devServerArgs(opts, dbFile);
  const server = new DevServerProcess(spawnDevServer(cliPath, args, logFile));
  const failure = (reason: string) =>
    errorWithServerOutput(`Temporal dev server (${cliPath} ${args.join(' ')}) ${reason}`, logFile);
  await waitUntilReady(server, { address, namespace, readyTimeoutMs, failure });
  return { address, uiUrl, logFile, pid: server.child.pid, exited: server.exited, stop: () => server.stop() };
}

function devServerArgs(opts: TemporalDevServerOptions, dbFile: string): string[] {
  return [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(opts.port),
    '--ui-port',
    String(opts.uiPort),
    ...(opts.httpPort ? ['--http-port', String(opts.httpPort)] : []),
    ...(opts.metricsPort ? ['--metrics-port', String(opts.metricsPort)] : []),
    '--db-filename',
    dbFile,
    '--namespace',
    opts.namespace,
    '--log-level',
    'warn',
    // The pollers' status column in the Web UI's workflow list (workflows/feed-poller.ts).
    '--search-attribute',
    `${FEED_STATUS_SEARCH_ATTRIBUTE}=Keyword`,
    // The events of every workflow update are kept for cross-cluster replication, which one dev
    // server never reads; filling its default 8 MiB kept the server's heap growing all through a soak (ADR 19).
    '--dynamic-config-value',
    `history.xdcCacheMaxSizeBytes=${REPLICATION_CACHE_BYTES}`,
    // A run whose workflow task has failed twice in a row is flagged (TemporalReportedProblems) at
    // once, so its feed reads down and the ingest worker starts it again within seconds (ADR 20).
    '--dynamic-config-value',
    'system.numConsecutiveWorkflowTaskProblemsToTriggerSearchAttribute=2',
  ];
}

/**
 * Its own process group: a Ctrl-C in the terminal reaches the service, which stops the workers
 * before the server they talk to. Its output goes to a file, not a pipe: a pipe would break when the
 * service is killed, and the server's next line would kill it by SIGPIPE mid-write.
 */
function spawnDevServer(cliPath: string, args: string[], logFile: string): ChildProcess {
  const out = openSync(logFile, 'w');
  try {
    return spawn(cliPath, args, { stdio: ['ignore', out, out], detached: true });
  } finally {
    closeSync(out);
  }
}

/** The server's process: how it ended once it has, and how to stop it. */
class DevServerProcess {
  exitDescription: string | undefined;
  readonly exited: Promise<string>;
  private stopping: Promise<void> | undefined;

  constructor(readonly child: ChildProcess) {
    this.exited = new Promise<string>((resolveExit) => {
      child.once('exit', (code, signal) => {
        this.exitDescription ??= signal !== null ? `was killed by ${signal}` : `exited with code ${code}`;
        resolveExit(this.exitDescription);
      });
      child.once('error', (err) => {
        // Spawn failures (ENOENT, EACCES) emit 'error' and possibly no 'exit'.
        this.exitDescription ??= `could not be started: ${err.message}`;
        resolveExit(this.exitDescription);
      });
    });
  }

  /** SIGTERM, then SIGKILL after STOP_GRACE_MS. Safe to call more than once. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (this.exitDescription !== undefined) return;
      this.child.kill('SIGTERM');
      const timer = delay(STOP_GRACE_MS, 'timeout' as const);
      if ((await Promise.race([this.exited, timer])) === 'timeout' && this.exitDescription === undefined) {
        this.child.kill('SIGKILL');
        await this.exited;
      }
    })();
    return this.stopping;
  }
}

/** `message`, with the last TAIL_LINES the server printed to its log. */
async function errorWithServerOutput(message: string, logFile: string): Promise<Error> {
  const printed = await readFile(logFile, 'utf8').catch(() => '');
  const tail = printed.trimEnd().split('\n').slice(-TAIL_LINES).join('\n');
  const output = tail.length > 0 ? `\n--- last server output (${logFile}) ---\n${tail}` : '';
  return new Error(`${message}${output}`);
}

/**
 * Resolves once the front end answers and knows `namespace`; throws (with the server's output) when the
 * server ends first, or stops it and throws when it is not ready within `readyTimeoutMs`.
 */
async function waitUntilReady(
  server: DevServerProcess,
  ready: {
    address: string;
    namespace: string;
    readyTimeoutMs: number;
    failure: (reason: string) => Promise<Error>;
  },
): Promise<void> {
  const { address, namespace, readyTimeoutMs, failure } = ready;
  const deadline = Date.now() + readyTimeoutMs;
  let lastError: unknown;
  for (;;) {
    if (server.exitDescription !== undefined) throw await failure(server.exitDescription);
    if (Date.now() > deadline) {
      await server.stop();
      const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw await failure(`did not become ready on ${address} within ${readyTimeoutMs} ms${detail}`);
    }
    const connection = Connection.lazy({ address, connectTimeout: 1_000 });
    try {
      await Promise.race([connection.ensureConnected(), server.exited]);
      if (server.exitDescription === undefined) {
        await connection.workflowService.describeNamespace({ namespace });
        return;
      }
    } catch (err) {
      lastError = err;
    } finally {
      await connection.close().catch(() => undefined);
    }
    await Promise.race([delay(250), server.exited]);
  }
}
