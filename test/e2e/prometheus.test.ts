import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { mirrorPath } from '../../config/index.js';
import { renderNswMajorIncidents, syntheticNswIncidents } from '../../replay/generators/nsw-rfs.js';
import { ReplayServer } from '../../replay/server.js';
import { PROJECT_ROOT } from '../../runtime/paths.js';
import { findFreePort, isListening } from '../../runtime/ports.js';
import { NSW_FEED, waitFor } from '../support/harness.js';
import { startServiceProcess, terminatePollers, type ServiceProcess } from '../support/service-process.js';

const POLL_SECONDS = 2;
/**
 * FeedStale's hold in the rules this Prometheus loads. The shipped minute is checked by promtool
 * (ops/prometheus/alerts.test.yml, test/ops/alert-rules.test.ts); here the same rule, held 15 s,
 * shows the real scrape, the expression and the alert's lifecycle without a minute's wait.
 */
const HOLD_SECONDS = 15;
const JOBS = ['eids-writer', 'eids-ingest', 'eids-api'] as const;

interface Alert {
  labels: Record<string, string>;
  state: 'pending' | 'firing';
}

/** The project's alert rules with FeedStale held `HOLD_SECONDS` instead of its minute. */
async function rulesWithShortHold(dir: string): Promise<string> {
  const shipped = await readFile(join(PROJECT_ROOT, 'ops', 'prometheus', 'alerts.yml'), 'utf8');
  const held = shipped.replace(/(- alert: FeedStale\n(?:.*\n)*?\s+for: )1m\n/, `$1${HOLD_SECONDS}s\n`);
  if (held === shipped) throw new Error("FeedStale's `for: 1m` not found in ops/prometheus/alerts.yml");
  const path = join(dir, 'alerts.yml');
  await writeFile(path, held);
  return path;
}

/** Three free ports in a row from a random one: the processes' metrics ports (METRICS_PORT, +1, +2). */
async function freeRun(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const used = await Promise.all([0, 1, 2].map((i) => isListening(base + i)));
    if (!used.some(Boolean)) return base;
  }
}

/**
 * Debian's Prometheus scraping the service as `npm start` runs it (writer, ingest worker, API, each
 * with its own METRICS_PORT), with the project's alert rules: every target up, and a feed broken in
 * the replay upstream takes its FeedStale alert through pending and firing, and out once it is mended,
 * as Prometheus's own HTTP API reports them.
 */
describe('a real Prometheus scraping the service', () => {
  let replay: ReplayServer;
  let service: ServiceProcess;
  let prometheus: ChildProcess;
  let dir: string;
  let prometheusUrl: string;
  const feedPath = mirrorPath(NSW_FEED);

  const prom = async <T>(path: string): Promise<T> =>
    ((await (await fetch(`${prometheusUrl}${path}`)).json()) as { data: T }).data;
  const feedAlert = async () =>
    (await prom<{ alerts: Alert[] }>('/api/v1/alerts')).alerts.find(
      (alert) => alert.labels.alertname === 'FeedStale' && alert.labels.poller === NSW_FEED.key,
    );

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-prometheus-'));
    replay = await ReplayServer.start();
    replay.script(feedPath, [
      { kind: 'document', body: renderNswMajorIncidents(syntheticNswIncidents(12, 5)) },
    ]);
    const metricsPort = await freeRun();
    const suffix = randomUUID().slice(0, 8);
    service = await startServiceProcess({
      DATA_DIR: join(dir, 'service'),
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      UPSTREAM_BASE_URL: replay.url,
      POLL_INTERVAL_SECONDS: String(POLL_SECONDS),
      PORT: '0',
      METRICS_PORT: String(metricsPort),
      FEEDS: NSW_FEED.key,
      GAUGE_SOURCES: 'none',
      INGEST_TASK_QUEUE: `prometheus-ingest-${suffix}`,
      WAREHOUSE_TASK_QUEUE: `prometheus-warehouse-${suffix}`,
    });
    const port = await findFreePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    const config = {
      global: { scrape_interval: '1s', evaluation_interval: '1s', scrape_timeout: '900ms' },
      rule_files: [await rulesWithShortHold(dir)],
      scrape_configs: JOBS.map((job, i) => ({
        job_name: job,
        static_configs: [{ targets: [`127.0.0.1:${metricsPort + i}`] }],
      })),
    };
    await writeFile(join(dir, 'prometheus.yml'), JSON.stringify(config));
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'tsdb')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
  });

  afterAll(async () => {
    prometheus?.kill('SIGTERM');
    await service?.stop();
    await replay?.close();
    await terminatePollers(inject('temporalAddress'), [NSW_FEED]);
    await rm(dir, { recursive: true, force: true });
  });

  it('finds every process up, and takes a broken feed through pending, firing and resolved', async () => {
    await waitFor(
      async () => {
        const targets = await prom<{ activeTargets: { labels: { job: string }; health: string }[] }>(
          '/api/v1/targets',
        );
        const up = targets.activeTargets.filter((target) => target.health === 'up');
        return up.length === JOBS.length ? up : undefined;
      },
      { what: 'every target up', timeoutMs: 60_000 },
    );
    const status = await prom<{ result: { value: [number, string] }[] }>(
      `/api/v1/query?query=${encodeURIComponent(`eids_poller_status{poller="${NSW_FEED.key}",status="healthy"}`)}`,
    );
    await waitFor(
      async () => ((await feedAlert()) === undefined && status.result.length > 0 ? true : undefined),
      {
        what: 'the feed healthy and no alert',
      },
    );

    const control = `${replay.url}/_replay${feedPath}`;
    const broken = Date.now();
    await fetch(control, {
      method: 'PUT',
      body: JSON.stringify({ steps: [{ kind: 'status', status: 404 }] }),
    });
    const since = (at: number) => `${((at - broken) / 1000).toFixed(1)} s`;
    const pending = await waitFor(
      async () => ((await feedAlert())?.state === 'pending' ? Date.now() : undefined),
      {
        what: 'FeedStale pending',
        timeoutMs: 60_000,
      },
    );
    const firing = await waitFor(
      async () => ((await feedAlert())?.state === 'firing' ? Date.now() : undefined),
      {
        what: 'FeedStale firing',
        timeoutMs: 60_000,
      },
    );
    // The rule holds before it fires.
    expect(firing - pending).toBeGreaterThanOrEqual((HOLD_SECONDS - 2) * 1000);
    const mended = Date.now();
    await fetch(control, { method: 'PUT', body: JSON.stringify({ steps: [{ kind: 'document' }] }) });
    const resolved = await waitFor(async () => ((await feedAlert()) === undefined ? Date.now() : undefined), {
      what: 'FeedStale resolved',
      timeoutMs: 60_000,
    });
    // The timeline, for the record.
    console.log(
      `FeedStale: broken at 0 s, pending at ${since(pending)}, firing at ${since(firing)}, mended at ${since(mended)}, resolved at ${since(resolved)}`,
    );
    expect(resolved - mended).toBeLessThan(30_000);
  }, 300_000);
});
