import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { cursorSecret } from '../api/cursor-secret.js';
import { childEnvironment, dataLayout, loadSettings, type Settings } from '../config/index.js';
import { clusterPorts, type ClusterPorts } from './cluster-ports.js';
import type { ServiceLog } from './log.js';
import { nodeChild } from './node-child.js';
import { stopOrphanedDevServer } from './orphan-dev-server.js';
import { PROJECT_ROOT } from './paths.js';
import { isListening } from './ports.js';
import { postgresChild } from './postgres-cluster.js';
import type { Role } from './roles.js';
import { devServerChild } from './service.js';
import { claimDataFolder } from './start-guard.js';
import { Supervisor, type ChildSpec } from './supervisor.js';
import { requireTemporalCli } from './temporal-cli.js';
import { temporalServerChild } from './temporal-server.js';
import { createBucket, findVersitygw, gatewayChild } from './versitygw.js';

/** The cluster's folder: each process's DATA_DIR under it, and what they share (keys, bucket, Temporal). */
export const CLUSTER_DATA_DIR = join('data', 'cluster');
export const CLUSTER_BUCKET = 'eids-lake';
/** The key store's database in the cluster's PostgreSQL. */
const KEY_DATABASE = 'eids';

export interface ClusterShape {
  ingestWorkers: number;
  apiReplicas: number;
  /** Every port from this one (runtime/cluster-ports.ts). */
  basePort: number;
  /** `dev-server`: the Temporal CLI's; `postgres`: a Temporal server on PostgreSQL (npm run temporal-server). */
  temporal: 'dev-server' | 'postgres';
  /** `postgres`: a PostgreSQL cluster under the cluster's folder (the recommended shape); `sqlite`: one file. */
  keyStore: 'postgres' | 'sqlite';
  /** The writer rebuilds a lost warehouse from the bucket's lake (RESTORE_FROM_LAKE). */
  restoreWriter?: boolean;
  /** A second writer stands by to take the lake over (WRITER_STANDBY on both). */
  standbyWriter?: boolean;
}

export type ClusterRole = Role | 'temporal' | 's3' | 'postgres';

export interface ClusterProcess {
  name: string;
  role: ClusterRole;
  dataDir?: string;
  url?: string;
  /** Where Prometheus scrapes it. */
  metricsUrl?: string;
}

export interface RunningCluster {
  settings: Settings;
  ports: ClusterPorts;
  processes: ClusterProcess[];
  s3Endpoint: string;
  temporalAddress: string;
  temporalUiUrl: string | undefined;
  /** The key store's URL (no password: trust on loopback), when it is PostgreSQL. */
  databaseUrl: string | undefined;
  pids(): { name: string; pid: number | undefined }[];
  /** Told after any process is started again (its pid changed). */
  onRestart(listener: () => void): void;
  stop(): Promise<void>;
}

/** How long each may take to stop before it is killed: the warehouse lets a commit finish. */
const STOP_TIMEOUT_MS: Record<Role, number> = { api: 10_000, ingest: 15_000, warehouse: 40_000 };

/** The bucket's keys, made once and kept in a file only the owner reads; they reach children by the environment. */
async function bucketCredentials(root: string): Promise<{ accessKeyId: string; secretAccessKey: string }> {
  const file = join(root, 'secrets', 's3-credentials.json');
  const saved = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as { accessKeyId: string; secretAccessKey: string },
    () => undefined,
  );
  if (saved) return saved;
  const made = { accessKeyId: 'eids-cluster', secretAccessKey: randomBytes(24).toString('base64url') };
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify(made), { mode: 0o600 });
  return made;
}

/** Every port the cluster will listen on is free now: said before anything starts. */
export async function checkPortsFree(ports: ClusterPorts, shape: ClusterShape): Promise<void> {
  const named: [string, number][] = [
    ['the replay upstream', ports.upstream],
    ...ports.api.map((port, i): [string, number] => [`api-${i + 1}`, port]),
    ['the S3 gateway', ports.s3],
    ['Temporal', ports.temporal],
    ['the Temporal Web UI', ports.temporalUi],
    ...(shape.keyStore === 'postgres' ? [['PostgreSQL', ports.postgres] as [string, number]] : []),
  ];
  for (const [what, port] of named) {
    if (await isListening(port)) {
      throw new Error(
        `port ${port} (${what}) is already in use on 127.0.0.1: stop what listens there, or start the cluster with another --base-port`,
      );
    }
  }
}

/** Makes a database unless it is there (the key store migrates its own schema). */
async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/** A piece under the name the cluster gives it (its lines, service.json): `s3`, not `s3 (versitygw)`. */
function named(name: ClusterProcess['name'], spec: ChildSpec): ChildSpec {
  return { ...spec, name };
}

/** The key store, PostgreSQL in the cluster's folder, with the keys' database made once it answers. */
async function keyStorePiece(root: string, ports: ClusterPorts) {
  // As root the cluster runs as the postgres system user, which must reach its folder.
  await mkdir(root, { recursive: true });
  await chmod(root, 0o755);
  const piece = named(
    'postgres',
    postgresChild(join(root, 'postgres'), ports.postgres, (cluster) =>
      ensureDatabase(cluster.url('postgres'), KEY_DATABASE),
    ),
  );
  return { piece, databaseUrl: `postgres://postgres@127.0.0.1:${ports.postgres}/${KEY_DATABASE}` };
}

/** Temporal: a server on PostgreSQL, or the dev server (after stopping one a killed run left). */
async function temporalPiece(settings: Settings, shape: ClusterShape, ports: ClusterPorts, log: ServiceLog) {
  const root = settings.DATA_DIR;
  if (shape.temporal === 'postgres') {
    return named(
      'temporal',
      temporalServerChild({
        dir: join(root, 'temporal-postgres'),
        frontendPort: ports.temporal,
        postgresPort: ports.postgres + 1,
        metricsPort: ports.temporalMetrics,
        namespace: settings.TEMPORAL_NAMESPACE,
        say: (line) => log.info(line),
      }),
    );
  }
  const layout = dataLayout(root);
  const orphan = await stopOrphanedDevServer(layout.temporalPidFile, layout.temporalDbFile);
  if (orphan !== undefined)
    log.info(`stopped the Temporal dev server a killed run left behind (pid ${orphan})`);
  return named(
    'temporal',
    devServerChild(settings, requireTemporalCli(settings, PROJECT_ROOT), {
      http: ports.temporalHttp,
      metrics: ports.temporalMetrics,
    }),
  );
}

/** The bucket: versitygw over the cluster's folder, with credentials made once and kept there. */
async function bucketPiece(root: string, ports: ClusterPorts) {
  const binary = findVersitygw();
  if (!binary)
    throw new Error(
      'versitygw is not installed: run `npm run setup` (it installs it into .tools/versitygw/)',
    );
  const credentials = await bucketCredentials(root);
  const piece = named(
    's3',
    gatewayChild({
      binary,
      root: join(root, 'bucket'),
      port: ports.s3,
      accessKey: credentials.accessKeyId,
      secretKey: credentials.secretAccessKey,
    }),
  );
  return { piece, credentials };
}

/** The pieces every process shares: key store, Temporal and bucket, in the order they start. */
async function sharedPieces(settings: Settings, shape: ClusterShape, ports: ClusterPorts, log: ServiceLog) {
  const root = settings.DATA_DIR;
  const keyStore = shape.keyStore === 'postgres' ? await keyStorePiece(root, ports) : undefined;
  const temporal = await temporalPiece(settings, shape, ports, log);
  const bucket = await bucketPiece(root, ports);
  return {
    pieces: [...(keyStore ? [keyStore.piece] : []), temporal, bucket.piece],
    databaseUrl: keyStore?.databaseUrl,
    temporalAddress: `127.0.0.1:${ports.temporal}`,
    credentials: bucket.credentials,
  };
}

/** Prefixes each line of a child with its name ("[api-2]", not "[api]"): one terminal for all. */
function namedOutput(name: string, role: Role) {
  return (line: string) =>
    console.log(
      line.startsWith(`[${role}]`) ? `[${name}]${line.slice(role.length + 2)}` : `[${name}] ${line}`,
    );
}

/**
 * The whole service as separate processes sharing nothing but the pieces a production deployment
 * shares: the key store (PostgreSQL under `<root>/postgres`, or SQLite), Temporal (the dev server, or
 * a server on PostgreSQL) and a bucket (a versitygw gateway over `<root>/bucket`). One warehouse
 * writer, `ingestWorkers` ingest workers and `apiReplicas` API replicas, each with a DATA_DIR of its
 * own, every one restarted alone when it dies; every port from `shape.basePort`. `defaults` are the
 * settings of every process (the replay upstream, the demo's inputs); the environment wins over them,
 * the cluster's own wiring wins over both. Stopping stops the replicas first, then the workers, the
 * writer, and last the pieces they share.
 */
export async function startCluster(
  shape: ClusterShape,
  defaults: Record<string, string>,
  log: ServiceLog,
  abort?: AbortSignal,
): Promise<RunningCluster> {
  const ports = clusterPorts(shape.basePort, shape.apiReplicas);
  const settings = loadSettings({
    DATA_DIR: CLUSTER_DATA_DIR,
    TEMPORAL_DEV_PORT: String(ports.temporal),
    TEMPORAL_UI_PORT: String(ports.temporalUi),
    ...defaults,
  });
  // Before anything starts: a cluster already running over this folder is left alone.
  const release = await claimDataFolder(settings.DATA_DIR);
  const supervisor = new Supervisor(log);
  const restarted: (() => void)[] = [];
  supervisor.onRestart = () => restarted.forEach((listener) => listener());
  abort?.addEventListener('abort', () => void supervisor.stop(), { once: true });
  try {
    const shared = await sharedPieces(settings, shape, ports, log);
    await supervisor.startAll(shared.pieces);
    const s3Endpoint = `http://127.0.0.1:${ports.s3}`;
    await createBucket(s3Endpoint, CLUSTER_BUCKET, shared.credentials);
    const processes = sharedProcesses(shape, ports, settings.DATA_DIR);
    const children = await serviceChildren(settings, shape, ports, defaults, shared, processes);
    await supervisor.startAll(children);
    return {
      settings,
      ports,
      processes,
      s3Endpoint,
      temporalAddress: shared.temporalAddress,
      temporalUiUrl: shape.temporal === 'dev-server' ? `http://127.0.0.1:${ports.temporalUi}` : undefined,
      databaseUrl: shared.databaseUrl,
      pids: () => supervisor.pids(),
      onRestart: (listener) => restarted.push(listener),
      stop: async () => {
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

function sharedProcesses(shape: ClusterShape, ports: ClusterPorts, root: string): ClusterProcess[] {
  return [
    ...(shape.keyStore === 'postgres'
      ? [
          {
            name: 'postgres',
            role: 'postgres' as const,
            url: `postgres://127.0.0.1:${ports.postgres}`,
            dataDir: join(root, 'postgres'),
          },
        ]
      : []),
    {
      name: 'temporal',
      role: 'temporal',
      url:
        shape.temporal === 'dev-server'
          ? `http://127.0.0.1:${ports.temporalUi}`
          : `127.0.0.1:${ports.temporal}`,
      metricsUrl: `http://127.0.0.1:${ports.temporalMetrics}/metrics`,
    },
    { name: 's3', role: 's3', url: `http://127.0.0.1:${ports.s3}`, dataDir: join(root, 'bucket') },
  ];
}

async function serviceChildren(
  settings: Settings,
  shape: ClusterShape,
  ports: ClusterPorts,
  defaults: Record<string, string>,
  shared: Awaited<ReturnType<typeof sharedPieces>>,
  processes: ClusterProcess[],
): Promise<ChildSpec[]> {
  const root = settings.DATA_DIR;
  const wiring = {
    TEMPORAL_ADDRESS: shared.temporalAddress,
    LAKE_URL: `s3://${CLUSTER_BUCKET}/lake`,
    INGEST_STORE_URL: `s3://${CLUSTER_BUCKET}/ingest`,
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    AWS_ACCESS_KEY_ID: shared.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: shared.credentials.secretAccessKey,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...(shared.databaseUrl
      ? { DATABASE_URL: shared.databaseUrl }
      : { ACCESS_DB_FILE: dataLayout(root).accessDbFile }),
    // Replicas behind one address must accept each other's paging cursors.
    CURSOR_SECRET: await cursorSecret(settings.CURSOR_SECRET, root),
  };
  const children: ChildSpec[] = [];
  const add = (name: string, role: Role, extra: Record<string, string> = {}, optional = false) => {
    const dataDir = join(root, name);
    const metricsPort = String(ports.metrics + children.length);
    const process: ClusterProcess = { name, role, dataDir };
    processes.push(process);
    children.push({
      optional,
      ...nodeChild({
        name,
        role,
        env: childEnvironment(
          { ...defaults },
          { ...wiring, DATA_DIR: dataDir, METRICS_PORT: metricsPort, ...extra },
        ),
        stopTimeoutMs: STOP_TIMEOUT_MS[role],
        onReady: (message) => {
          if (message.url) process.url = message.url;
          if (message.metricsUrl) process.metricsUrl = message.metricsUrl;
        },
        onOutput: namedOutput(name, role),
      }),
    });
  };
  // Optional: replicas serve the bucket's lake and ingest workers fetch whether or not a writer runs.
  const writer = {
    ...(shape.restoreWriter ? { RESTORE_FROM_LAKE: 'true' } : {}),
    ...(shape.standbyWriter ? { WRITER_STANDBY: 'true' } : {}),
  };
  add('writer', 'warehouse', writer, true);
  if (shape.standbyWriter) add('writer-2', 'warehouse', writer, true);
  for (let i = 1; i <= shape.ingestWorkers; i++) add(`ingest-${i}`, 'ingest');
  ports.api.forEach((port, i) => add(`api-${i + 1}`, 'api', { PORT: String(port) }));
  return children;
}
