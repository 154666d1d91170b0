import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { access, constants, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time.js';
import { childEnvironment } from '../config/index.js';
import { PROJECT_ROOT } from './paths.js';
import { findFreePort, isListening } from './ports.js';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';
import type { ChildSpec } from './supervisor.js';

const run = promisify(execFile);

/**
 * A Temporal server on PostgreSQL: the self-hosted shape of a production cluster, on one machine
 * (docs/deploy.md). The server and its SQL tool are built once from their Go modules into
 * .tools/temporal-server/; the schemas and the configuration template come from the same module.
 */
export const TEMPORAL_SERVER_MODULE = 'go.temporal.io/server';
export const TEMPORAL_SERVER_VERSION = 'v1.32.2';
const GO_TOOLCHAIN = 'go1.27.3';
const INSTALL_DIR = join(PROJECT_ROOT, '.tools', 'temporal-server');
const SERVER_BIN = join(INSTALL_DIR, 'temporal-server');
const SQL_TOOL_BIN = join(INSTALL_DIR, 'temporal-sql-tool');
const DB_USER = 'temporal';
const DATABASES = { temporal: 'temporal', visibility: 'temporal_visibility' } as const;

const executable = (path: string) =>
  access(path, constants.X_OK).then(
    () => true,
    () => false,
  );

/** The module's source folder (downloaded into the Go module cache when missing). */
async function moduleDir(): Promise<string> {
  const { stdout } = await run(
    'go',
    ['mod', 'download', '-json', `${TEMPORAL_SERVER_MODULE}@${TEMPORAL_SERVER_VERSION}`],
    {
      env: childEnvironment({}, { GOTOOLCHAIN: GO_TOOLCHAIN }),
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return (JSON.parse(stdout) as { Dir: string }).Dir;
}

/** Builds the server and the SQL tool unless they are there (about 7 minutes on 2 cores). */
export async function installTemporalServer(say: (line: string) => void): Promise<void> {
  if ((await executable(SERVER_BIN)) && (await executable(SQL_TOOL_BIN))) return;
  await mkdir(INSTALL_DIR, { recursive: true });
  for (const [command, target] of [
    ['server', SERVER_BIN],
    ['tools/sql', SQL_TOOL_BIN],
  ] as const) {
    say(`building ${TEMPORAL_SERVER_MODULE}/cmd/${command}@${TEMPORAL_SERVER_VERSION} (takes minutes)`);
    await run('go', ['install', `${TEMPORAL_SERVER_MODULE}/cmd/${command}@${TEMPORAL_SERVER_VERSION}`], {
      env: childEnvironment({}, { GOTOOLCHAIN: GO_TOOLCHAIN, GOBIN: INSTALL_DIR }),
    });
    await rename(join(INSTALL_DIR, command === 'server' ? 'server' : 'sql'), target);
  }
}

/**
 * The server's ports, laid out around the frontend's as in the module's development configuration
 * (7233: history 7234, matching 7235, worker 7239, membership 6933–6939). Membership ports are stored
 * in a smallint column, so the frontend port must stay under 32,000.
 */
export function clusterPorts(frontend: number, metrics: number): Record<string, number> {
  if (frontend < 1_000 || frontend > 32_000) {
    throw new Error(
      `the frontend port must be between 1000 and 32000 (got ${frontend}): membership ports are stored as smallint`,
    );
  }
  return {
    frontend,
    history: frontend + 1,
    matching: frontend + 2,
    worker: frontend + 6,
    http: frontend + 10,
    frontendMembership: frontend - 300,
    historyMembership: frontend - 299,
    matchingMembership: frontend - 298,
    workerMembership: frontend - 294,
    pprof: frontend + 703,
    metrics,
  };
}

/** The module's development-postgres12.yaml with this cluster's ports; every value it rewrites must be there. */
function renderConfig(template: string, ports: Record<string, number>, postgresPort: number): string {
  const replacements: [string, string][] = [
    ['127.0.0.1:5432', `127.0.0.1:${postgresPort}`],
    ['grpcPort: 7233', `grpcPort: ${ports['frontend']}`],
    ['httpPort: 7243', `httpPort: ${ports['http']}`],
    ['grpcPort: 7234', `grpcPort: ${ports['history']}`],
    ['grpcPort: 7235', `grpcPort: ${ports['matching']}`],
    ['grpcPort: 7239', `grpcPort: ${ports['worker']}`],
    ['membershipPort: 6933', `membershipPort: ${ports['frontendMembership']}`],
    ['membershipPort: 6934', `membershipPort: ${ports['historyMembership']}`],
    ['membershipPort: 6935', `membershipPort: ${ports['matchingMembership']}`],
    ['membershipPort: 6939', `membershipPort: ${ports['workerMembership']}`],
    ['port: 7936', `port: ${ports['pprof']}`],
    ['127.0.0.1:8000', `127.0.0.1:${ports['metrics']}`],
    ['localhost:7233', `localhost:${ports['frontend']}`],
  ];
  let config = template;
  for (const [from, to] of replacements) {
    if (!config.includes(from)) throw new Error(`the server's configuration template has no "${from}"`);
    config = config.split(from).join(to);
  }
  return config;
}

export interface TemporalOnPostgres {
  address: string;
  /** The server's pid, and how it ended when it does. */
  pid: number | undefined;
  exited: Promise<string>;
  stop(): Promise<void>;
}

export interface TemporalOnPostgresOptions {
  dir: string;
  frontendPort: number;
  /** Its PostgreSQL's port and the server's metrics port; ones the OS picks when absent. */
  postgresPort?: number;
  metricsPort?: number;
  namespace: string;
  say: (line: string) => void;
}

/**
 * Starts PostgreSQL in `dir`/postgres and a Temporal server on it (schemas set up or updated), with
 * `namespace` registered; `frontendPort` is where clients connect.
 */
export async function startTemporalOnPostgres(
  options: TemporalOnPostgresOptions,
): Promise<TemporalOnPostgres> {
  const { dir, frontendPort, namespace, say } = options;
  await installTemporalServer(say);
  const source = await moduleDir();
  const postgres = await startPostgresCluster(
    join(dir, 'postgres'),
    options.postgresPort ?? (await findFreePort()),
  );
  let server: ChildProcess | undefined;
  try {
    await setUpDatabases(postgres, source);
    const ports = clusterPorts(frontendPort, options.metricsPort ?? (await findFreePort()));
    const configFile = await writeServerConfig(join(dir, 'config'), source, ports, postgres.port);
    server = spawnServer(dir, configFile);
    const address = `127.0.0.1:${frontendPort}`;
    await registerNamespaceWhenUp(address, namespace, server);
    say(
      `Temporal server ${TEMPORAL_SERVER_VERSION} on PostgreSQL at ${address} (log ${join(dir, 'server.log')})`,
    );
    return runningServer(address, server, postgres);
  } catch (error) {
    server?.kill('SIGKILL');
    await postgres.stop();
    throw error;
  }
}

/** The server's role, and its two databases with their schemas set up or brought up to date. */
async function setUpDatabases(postgres: PostgresCluster, source: string): Promise<void> {
  await postgres.sql(
    `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${DB_USER}') THEN CREATE ROLE ${DB_USER} LOGIN CREATEDB PASSWORD '${DB_USER}'; END IF; END $$;`,
  );
  const sqlTool = (database: string, ...args: string[]) =>
    run(SQL_TOOL_BIN, [
      '--plugin',
      'postgres12',
      '--ep',
      '127.0.0.1',
      '-p',
      String(postgres.port),
      '-u',
      DB_USER,
      '--pw',
      DB_USER,
      '--db',
      database,
      ...args,
    ]);
  for (const [kind, database] of Object.entries(DATABASES)) {
    // create-database and setup-schema fail on a second run (-q keeps going); update-schema is idempotent.
    await sqlTool(database, '-q', 'create-database');
    await sqlTool(database, '-q', 'setup-schema', '-v', '0.0');
    await sqlTool(
      database,
      'update-schema',
      '-d',
      join(source, 'schema', 'postgresql', 'v12', kind, 'versioned'),
    );
  }
}

/** Writes server.yaml and the dynamic configuration into `configDir`; returns server.yaml's path. */
async function writeServerConfig(
  configDir: string,
  source: string,
  ports: Record<string, number>,
  postgresPort: number,
): Promise<string> {
  await mkdir(join(configDir, 'dynamicconfig'), { recursive: true });
  const template = await readFile(join(source, 'config', 'development-postgres12.yaml'), 'utf8');
  await writeFile(join(configDir, 'server.yaml'), renderConfig(template, ports, postgresPort));
  await writeFile(
    join(configDir, 'dynamicconfig', 'development-sql.yaml'),
    await readFile(join(source, 'config', 'dynamicconfig', 'development-sql.yaml')),
  );
  return join(configDir, 'server.yaml');
}

/** The server, its output appended to `dir`/server.log. */
function spawnServer(dir: string, configFile: string): ChildProcess {
  const log = openSync(join(dir, 'server.log'), 'a');
  const server = spawn(SERVER_BIN, ['--config-file', configFile, '--allow-no-auth', 'start'], {
    cwd: dir,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  return server;
}

/** The started server; stopping it stops its PostgreSQL too. */
function runningServer(
  address: string,
  started: ChildProcess,
  postgres: PostgresCluster,
): TemporalOnPostgres {
  const exited = new Promise<string>((resolve) =>
    started.once('exit', (code, signal) =>
      resolve(signal ? `was killed by ${signal}` : `exited with code ${code}`),
    ),
  );
  return {
    address,
    pid: started.pid,
    exited,
    stop: async () => {
      if (started.exitCode === null && started.signalCode === null) started.kill('SIGTERM');
      await exited;
      await postgres.stop();
    },
  };
}

async function registerNamespaceWhenUp(
  address: string,
  namespace: string,
  server: ChildProcess,
): Promise<void> {
  const deadline = Date.now() + 120_000;
  let exited = false;
  server.once('exit', () => (exited = true));
  while (!(await isListening(Number(address.split(':')[1])))) {
    if (exited) throw new Error('the Temporal server exited at start (see its server.log)');
    if (Date.now() > deadline)
      throw new Error(`the Temporal server did not listen at ${address} within 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const connection = await Connection.connect({ address });
  try {
    const known = await connection.workflowService.describeNamespace({ namespace }).then(
      () => true,
      () => false,
    );
    if (!known) {
      await connection.workflowService.registerNamespace({
        namespace,
        workflowExecutionRetentionPeriod: msToTs('7 days'),
      });
    }
  } finally {
    await connection.close();
  }
}

/** The server (with its PostgreSQL) as a supervised child, started again when it dies. */
export function temporalServerChild(options: TemporalOnPostgresOptions): ChildSpec {
  return {
    name: 'Temporal server',
    start: async () => {
      const server = await startTemporalOnPostgres(options);
      return { pid: server.pid, exited: server.exited, stop: () => server.stop() };
    },
  };
}
