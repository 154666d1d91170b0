import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError, dataLayout } from '../config/index.js';
import { CliError, cliOptions, UsageError } from '../runtime/cli-command.js';
import { clusterPorts } from '../runtime/cluster-ports.js';
import {
  CLUSTER_BUCKET,
  CLUSTER_DATA_DIR,
  checkPortsFree,
  startCluster,
  type ClusterShape,
  type RunningCluster,
} from '../runtime/cluster.js';
import { ensureDemoKey } from '../runtime/demo-key.js';
import { startDemoUpstream } from '../runtime/demo-upstream.js';
import { createServiceLog, isBug, serviceLogOptions, type ServiceLog } from '../runtime/log.js';
import { stopOnSignals } from '../runtime/service.js';
import { forgetRunningService, recordRunningService, runningServiceOver } from '../runtime/service-file.js';
import { StartRefused } from '../runtime/start-guard.js';
import { settingsOrExit } from '../runtime/startup-settings.js';
import { PROJECT_ROOT } from '../runtime/paths.js';

const USAGE = `usage: npm run cluster -- [--base-port 8090] [--replicas 3] [--ingest 2] [--temporal-server] [--key-store postgres|sqlite] [--restore-writer] [--standby-writer]

  --base-port N      every port from N: the replay upstream N, API replicas N+1…, S3 N+20,
                     PostgreSQL N+21, Temporal N+400 (gRPC), Web UI N+30
  --replicas N       API replicas (1–19, default 3)
  --ingest N         ingest workers (default 2)
  --temporal-server  Temporal on PostgreSQL (built on first use, about 7 minutes) instead of the dev server
  --key-store KIND   postgres (default: a PostgreSQL cluster under the data folder) or sqlite (one file)
  --restore-writer   a writer whose warehouse is gone rebuilds it from the bucket's lake and takes it over
                     (docs/deploy.md, "Lost the writer's disk"); without it, it refuses the bucket's lake
  --standby-writer   a second writer (writer-2) that takes the lake over when the first stops renewing
                     its lease, and the first stands by when it comes back (docs/deploy.md, "A standby writer")`;

/**
 * The whole service as separate processes on one machine in the shape docs/deploy.md recommends
 * (DESIGN: scale-out path), polling the demo's replay upstream: one warehouse writer, ingest workers and
 * API replicas, each with a data folder of its own under data/cluster/, sharing only the key store
 * (PostgreSQL), Temporal and a bucket (versitygw). Kill any process: the others carry on, and it is
 * started again.
 */
function shapeFrom(args: string[]): ClusterShape {
  const { values, positionals } = cliOptions(args, {
    'base-port': { type: 'string' },
    replicas: { type: 'string' },
    ingest: { type: 'string' },
    'temporal-server': { type: 'boolean' },
    'key-store': { type: 'string' },
    'restore-writer': { type: 'boolean' },
    'standby-writer': { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
  const count = (name: string, value: string | undefined, fallback: number, max: number) => {
    const n = Number(value ?? fallback);
    if (!Number.isInteger(n) || n < 1 || n > max)
      throw new UsageError(`--${name} must be 1 to ${max} (got ${value})`);
    return n;
  };
  const keyStore = values['key-store'] ?? 'postgres';
  if (keyStore !== 'postgres' && keyStore !== 'sqlite') {
    throw new UsageError(`--key-store must be postgres or sqlite (got ${keyStore})`);
  }
  return {
    basePort: count('base-port', values['base-port'], 8090, 65_535),
    apiReplicas: count('replicas', values.replicas, 3, 19),
    ingestWorkers: count('ingest', values.ingest, 2, 16),
    temporal: values['temporal-server'] ? 'postgres' : 'dev-server',
    keyStore,
    restoreWriter: values['restore-writer'] ?? false,
    standbyWriter: values['standby-writer'] ?? false,
  };
}

/** The role's Prometheus job (ops/prometheus/alerts.yml names them). */
const JOBS: Partial<Record<string, string>> = {
  warehouse: 'eids-writer',
  ingest: 'eids-ingest',
  api: 'eids-api',
  temporal: 'temporal',
};

/**
 * A Prometheus configuration for this cluster, beside service.json: every process's scrape address
 * under its job, and the project's alert rules.
 */
async function writePrometheusConfig(root: string, cluster: RunningCluster): Promise<string> {
  const byJob = new Map<string, string[]>();
  for (const process of cluster.processes) {
    const job = JOBS[process.role];
    if (!job || !process.metricsUrl) continue;
    byJob.set(job, [...(byJob.get(job) ?? []), new URL(process.metricsUrl).host]);
  }
  const config = {
    global: { scrape_interval: '15s', evaluation_interval: '15s' },
    rule_files: [resolve(PROJECT_ROOT, 'ops', 'prometheus', 'alerts.yml')],
    scrape_configs: [...byJob].map(([job, targets]) => ({ job_name: job, static_configs: [{ targets }] })),
  };
  const file = join(root, 'prometheus.yml');
  // JSON is YAML: Prometheus reads it as it is.
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

/** service.json: the CLIs find the cluster through it, and an operator every pid and port. */
async function recordCluster(root: string, cluster: RunningCluster, apiUrl: string): Promise<void> {
  const pids = new Map(cluster.pids().map(({ name, pid }) => [name, pid]));
  await recordRunningService(root, {
    pid: process.pid,
    temporalAddress: cluster.temporalAddress,
    temporalNamespace: cluster.settings.TEMPORAL_NAMESPACE,
    ...(cluster.temporalUiUrl ? { temporalUiUrl: cluster.temporalUiUrl } : {}),
    apiUrl,
    ingestTaskQueue: cluster.settings.INGEST_TASK_QUEUE,
    warehouseTaskQueue: cluster.settings.WAREHOUSE_TASK_QUEUE,
    startedAt: new Date().toISOString(),
    processes: cluster.processes.map((p) => ({ ...p, pid: pids.get(p.name) ?? null })),
    ports: { ...cluster.ports },
  });
}

function banner(log: ServiceLog, root: string, cluster: RunningCluster, key: string, upstream: string): void {
  const pids = new Map(cluster.pids().map(({ name, pid }) => [name, pid]));
  log.info(
    `cluster over ${root}/ (each process's DATA_DIR below it; pids and ports in ${dataLayout(root).serviceFile}):`,
  );
  for (const process of cluster.processes) {
    const pid = pids.get(process.name) ?? '';
    const metrics = process.metricsUrl ? ` metrics ${process.metricsUrl}` : '';
    log.info(
      `  ${process.name.padEnd(9)} ${String(pid).padEnd(8)}${process.url ?? ''}${process.dataDir ? ` (${process.dataDir})` : ''}${metrics}`,
    );
  }
  log.info(`upstream: the demo's replay server at ${upstream}`);
  log.info(
    `bucket: s3://${CLUSTER_BUCKET}/lake (the lake) and /ingest (raw bodies, staged polls) at ${cluster.s3Endpoint}`,
  );
  if (cluster.databaseUrl) log.info(`key store: ${cluster.databaseUrl}`);
  log.info(
    `Temporal: ${cluster.temporalAddress}${cluster.temporalUiUrl ? ` (Web UI ${cluster.temporalUiUrl})` : ''}`,
  );
  log.info(`API key (pro plan; also in ${dataLayout(root).demoKeyFile}): export KEY=${key}`);
  for (const process of cluster.processes.filter((p) => p.role === 'api')) {
    log.info(`  curl -s -H "Authorization: Bearer $KEY" ${process.url}/v1/incidents | head -c 300`);
  }
  log.info(
    `  curl -s ${cluster.processes.find((p) => p.role === 'api')?.url}/v1/status | jq .lake   # what a replica serves`,
  );
  log.info(
    'kill any of them (kill -9 <pid>): the others carry on, and it is started again; Ctrl-C stops all, replicas first',
  );
}

const logSettings = settingsOrExit({ DATA_DIR: CLUSTER_DATA_DIR });
const log = createServiceLog(serviceLogOptions(logSettings, 'cluster'));
const root = logSettings.DATA_DIR;
let shape: ClusterShape;
try {
  shape = shapeFrom(process.argv.slice(2));
  const running = await runningServiceOver(root);
  if (running) {
    throw new CliError(
      `a service already runs over ${root}/ (pid ${running.pid}, API ${running.apiUrl}): stop it first`,
    );
  }
  await checkPortsFree(clusterPorts(shape.basePort, shape.apiReplicas), shape);
} catch (error) {
  if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
  else log.error(error instanceof Error ? error.message : String(error));
  process.exit(error instanceof UsageError ? 2 : 1);
}
const signals = stopOnSignals(log);
let closeReplay = () => Promise.resolve();
try {
  const ports = clusterPorts(shape.basePort, shape.apiReplicas);
  const upstream = await startDemoUpstream(
    {
      timelineFile: dataLayout(root).demoTimelineFile,
      declarationsDir: join(root, 'inputs'),
      thresholdsFile: join(root, 'inputs', 'flood-thresholds.csv'),
      port: ports.upstream,
    },
    log,
  );
  closeReplay = upstream.close;
  const cluster = await startCluster(shape, { DATA_DIR: root, ...upstream.env }, log, signals.aborted);
  signals.stopWith(async () => {
    await cluster.stop();
    await closeReplay();
    await forgetRunningService(root);
  });
  const apiUrl = cluster.processes.find((p) => p.role === 'api')?.url ?? '';
  await recordCluster(root, cluster, apiUrl);
  cluster.onRestart(() => void recordCluster(root, cluster, apiUrl).catch(() => undefined));
  const key = await ensureDemoKey(root, cluster.databaseUrl);
  banner(log, root, cluster, key, upstream.replay.url);
  const scrape = await writePrometheusConfig(root, cluster);
  log.info(
    `metrics: each process's address above; Prometheus over all of them with the alert rules: prometheus --config.file=${scrape} --storage.tsdb.path=${join(root, 'prometheus')}`,
  );
} catch (error) {
  if (signals.aborted.aborted) signals.stopWith(closeReplay);
  else if (error instanceof ConfigError || error instanceof StartRefused) log.error(error.message);
  else log.error('could not start', { error, bug: isBug(error) });
  if (!signals.aborted.aborted) {
    await closeReplay();
    process.exit(1);
  }
}
