import { join } from 'node:path';
import { ConfigError, dataLayout } from '../config/index.js';
import { CLUSTER_BUCKET, CLUSTER_DATA_DIR, startCluster } from '../runtime/cluster.js';
import { ensureDemoKey } from '../runtime/demo-key.js';
import { startDemoUpstream } from '../runtime/demo-upstream.js';
import { createServiceLog, isBug, serviceLogOptions } from '../runtime/log.js';
import { stopOnSignals } from '../runtime/service.js';
import { settingsOrExit } from '../runtime/startup-settings.js';

/**
 * The whole service as separate processes on one machine (DESIGN: scale-out path), polling the demo's
 * replay upstream: one warehouse writer, two ingest workers and three API replicas, each with a data
 * folder of its own under data/cluster/, sharing only Temporal (a dev server), a bucket (versitygw)
 * and the key store. Kill any process: the others carry on, and it is started again.
 */
const logSettings = settingsOrExit({ DATA_DIR: CLUSTER_DATA_DIR });
const log = createServiceLog(serviceLogOptions(logSettings, 'cluster'));
const signals = stopOnSignals(log);
let closeReplay = () => Promise.resolve();
try {
  const root = logSettings.DATA_DIR;
  const upstream = await startDemoUpstream(
    {
      timelineFile: dataLayout(root).demoTimelineFile,
      declarationsDir: join(root, 'inputs'),
      thresholdsFile: join(root, 'inputs', 'flood-thresholds.csv'),
    },
    log,
  );
  const { replay } = upstream;
  closeReplay = upstream.close;
  const cluster = await startCluster(
    { ingestWorkers: 2, apiReplicas: 3 },
    { DATA_DIR: root, ...upstream.env },
    log,
    signals.aborted,
  );
  signals.stopWith(async () => (await cluster.stop(), await closeReplay()));
  const key = await ensureDemoKey(root, logSettings.DATABASE_URL);
  const pids = new Map(cluster.pids().map(({ name, pid }) => [name, pid]));
  log.info(`cluster over ${root}/ (each process's DATA_DIR below it):`);
  for (const process of cluster.processes) {
    const pid =
      pids.get(process.name) ??
      pids.get(process.role === 'temporal' ? 'Temporal dev server' : 's3 (versitygw)');
    const where = process.url ? ` ${process.url}` : '';
    const folder = process.dataDir ? ` (${process.dataDir})` : '';
    log.info(`  ${process.name.padEnd(9)} pid ${String(pid ?? '?').padEnd(7)}${where}${folder}`);
  }
  log.info(`upstream: the demo's replay server at ${replay.url}`);
  log.info(
    `bucket: s3://${CLUSTER_BUCKET}/lake (the lake) and /ingest (raw bodies, staged polls) at ${cluster.s3Endpoint}`,
  );
  log.info(`API key (pro plan; also in ${dataLayout(root).demoKeyFile}): export KEY=${key}`);
  for (const process of cluster.processes.filter((p) => p.role === 'api')) {
    log.info(`  curl -s -H "Authorization: Bearer $KEY" ${process.url}/v1/incidents | head -c 300`);
  }
  log.info(
    `  curl -s ${cluster.processes.find((p) => p.role === 'api')?.url}/v1/status | jq .lake   # what a replica serves`,
  );
  log.info(
    'kill any of them (kill -9 <pid>): the others carry on, and it is started again; Ctrl-C stops all',
  );
} catch (error) {
  if (signals.aborted.aborted) signals.stopWith(closeReplay);
  else if (error instanceof ConfigError) log.error(error.message);
  else log.error('could not start', { error, bug: isBug(error) });
  if (!signals.aborted.aborted) {
    await closeReplay();
    process.exit(1);
  }
}
