import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { cursorSecret } from '../api/cursor-secret.js';
import { childEnvironment, dataLayout, loadSettings, type Settings } from '../config/index.js';
import type { ServiceLog } from './log.js';
import { nodeChild } from './node-child.js';
import { stopOrphanedDevServer } from './orphan-dev-server.js';
import { PROJECT_ROOT } from './paths.js';
import type { Role } from './roles.js';
import { devServerChild } from './service.js';
import { Supervisor, type ChildSpec } from './supervisor.js';
import { requireTemporalCli } from './temporal-cli.js';
import { createBucket, findVersitygw, freePort, startGateway } from './versitygw.js';

/** The cluster's folder: each process's DATA_DIR under it, and what they share (keys, bucket, Temporal). */
export const CLUSTER_DATA_DIR = join('data', 'cluster');
export const CLUSTER_BUCKET = 'eids-lake';

export interface ClusterShape {
  ingestWorkers: number;
  apiReplicas: number;
}

export interface ClusterProcess {
  name: string;
  role: Role | 'temporal' | 's3';
  dataDir?: string;
  url?: string;
}

export interface RunningCluster {
  settings: Settings;
  processes: ClusterProcess[];
  s3Endpoint: string;
  temporalAddress: string;
  temporalUiUrl: string;
  pids(): { name: string; pid: number | undefined }[];
  stop(): Promise<void>;
}

/** How long each may take to stop before it is killed: the warehouse lets a commit finish. */
const STOP_TIMEOUT_MS: Record<Role, number> = { api: 10_000, ingest: 15_000, warehouse: 40_000 };

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

/**
 * The whole service as separate processes sharing nothing but Temporal (a dev server), a bucket (a
 * versitygw gateway over `<root>/bucket`) and the key store: one warehouse writer, `ingestWorkers`
 * ingest workers and `apiReplicas` API replicas, each with a DATA_DIR of its own, every one restarted
 * alone when it dies. `defaults` are the settings of every process (the replay upstream, the demo's
 * inputs); the environment wins over them, the cluster's own wiring wins over both.
 */
export async function startCluster(
  shape: ClusterShape,
  defaults: Record<string, string>,
  log: ServiceLog,
  abort?: AbortSignal,
): Promise<RunningCluster> {
  const settings = loadSettings({
    DATA_DIR: CLUSTER_DATA_DIR,
    PORT: '8091',
    TEMPORAL_DEV_PORT: '7243',
    TEMPORAL_UI_PORT: '8243',
    ...defaults,
  });
  const root = settings.DATA_DIR;
  const layout = dataLayout(root);
  const binary = findVersitygw();
  if (!binary)
    throw new Error(
      'versitygw is not installed: run `npm run setup` (it installs it into .tools/versitygw/)',
    );
  const supervisor = new Supervisor(log);
  abort?.addEventListener('abort', () => void supervisor.stop(), { once: true });
  try {
    const cliPath = requireTemporalCli(settings, PROJECT_ROOT);
    const orphan = await stopOrphanedDevServer(layout.temporalPidFile, layout.temporalDbFile);
    if (orphan !== undefined)
      log.info(`stopped the Temporal dev server an earlier run left running (pid ${orphan})`);
    const credentials = await bucketCredentials(root);
    const s3Port = await freePort();
    const gateway: ChildSpec = {
      name: 's3 (versitygw)',
      start: async () => {
        const running = await startGateway({
          binary,
          root: join(root, 'bucket'),
          port: s3Port,
          accessKey: credentials.accessKeyId,
          secretKey: credentials.secretAccessKey,
        });
        return {
          pid: running.child.pid,
          exited: new Promise<string>((resolve) =>
            running.child.once('exit', (code, signal) =>
              resolve(signal ? `was killed by ${signal}` : `exited with code ${code}`),
            ),
          ),
          stop: () => running.stop(),
        };
      },
    };
    await supervisor.startAll([devServerChild(settings, cliPath), gateway]);
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    await createBucket(s3Endpoint, CLUSTER_BUCKET, credentials);
    const temporalAddress = `127.0.0.1:${settings.TEMPORAL_DEV_PORT}`;

    const shared = {
      TEMPORAL_ADDRESS: temporalAddress,
      LAKE_URL: `s3://${CLUSTER_BUCKET}/lake`,
      INGEST_STORE_URL: `s3://${CLUSTER_BUCKET}/ingest`,
      S3_ENDPOINT: s3Endpoint,
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ACCESS_DB_FILE: layout.accessDbFile,
      // Replicas behind one address must accept each other's paging cursors.
      CURSOR_SECRET: await cursorSecret(settings.CURSOR_SECRET, root),
    };
    const processes: ClusterProcess[] = [
      { name: 'temporal', role: 'temporal', url: `http://127.0.0.1:${settings.TEMPORAL_UI_PORT}` },
      { name: 's3', role: 's3', url: s3Endpoint, dataDir: join(root, 'bucket') },
    ];
    const children: ChildSpec[] = [];
    const add = (name: string, role: Role, extra: Record<string, string> = {}) => {
      const dataDir = join(root, name);
      const process: ClusterProcess = { name, role, dataDir };
      processes.push(process);
      children.push(
        nodeChild({
          name,
          role,
          env: childEnvironment({ ...defaults }, { ...shared, DATA_DIR: dataDir, ...extra }),
          stopTimeoutMs: STOP_TIMEOUT_MS[role],
          onReady: (message) => {
            if (message.url) process.url = message.url;
          },
          // One terminal for all: each line names its process ("[api-2]", not "[api]").
          onOutput: (line) =>
            console.log(
              line.startsWith(`[${role}]`) ? `[${name}]${line.slice(role.length + 2)}` : `[${name}] ${line}`,
            ),
        }),
      );
    };
    add('writer', 'warehouse');
    for (let i = 1; i <= shape.ingestWorkers; i++) add(`ingest-${i}`, 'ingest');
    for (let i = 1; i <= shape.apiReplicas; i++)
      add(`api-${i}`, 'api', { PORT: String(settings.PORT + i - 1) });
    await supervisor.startAll(children);
    return {
      settings,
      processes,
      s3Endpoint,
      temporalAddress,
      temporalUiUrl: `http://127.0.0.1:${settings.TEMPORAL_UI_PORT}`,
      pids: () => supervisor.pids(),
      stop: () => supervisor.stop(),
    };
  } catch (error) {
    await supervisor.stop();
    throw error;
  }
}
