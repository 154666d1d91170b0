import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { dataLayout, FEED_CATALOGUE, pollerWorkflowId } from '../../config/index.js';
import { GAUGE_SOURCES } from '../../config/gauge-sources.js';
import { FEED_STATUS_SEARCH_ATTRIBUTE, gaugePollerWorkflowId } from '../../model/index.js';
import { scriptDemoFeeds } from '../../replay/demo-feeds.js';
import { scriptDemoGauges } from '../../replay/gauges/index.js';
import { ReplayServer } from '../../replay/server.js';
import { findFreePort } from '../../runtime/ports.js';
import { PROJECT_ROOT } from '../../runtime/paths.js';
import { requireTemporalCli } from '../../runtime/temporal-cli.js';
import { loadSettings } from '../../config/env.js';
import { pollNowSignal } from '../../workflows/index.js';
import { bearer, testAccess } from './keys.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pid the supervisor's child of this role runs as now (it changes with every restart). */
export function rolePid(supervisorPid: number, role: 'ingest' | 'warehouse' | 'api'): number | undefined {
  try {
    const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(supervisorPid)], {
      encoding: 'utf8',
    });
    for (const line of out.split('\n')) {
      const match = /^\s*(\d+)\s+(.*)$/.exec(line);
      if (match && new RegExp(`\\b${role}$`).test(match[2] ?? '')) return Number(match[1]);
    }
  } catch {
    // No children right now.
  }
  return undefined;
}

export interface FeedState {
  feed: string;
  status: string;
  lastPolled: string | null;
}

/**
 * The whole service (`npm start`'s process tree) in a Temporal namespace of its own on the suite's dev
 * server, polling every feed of the catalogue and a few gauge sources from the replay server.
 */
export interface KillScenario {
  service: ServiceProcess;
  client: Client;
  namespace: string;
  intervalSeconds: number;
  /** Every poller's workflow id (feeds, then gauge sources). */
  workflowIds: string[];
  /** GET on the API with a pro key. */
  get<T>(path: string): Promise<{ status: number; body: T | undefined }>;
  /** Each feed and gauge source as the API reports it now. */
  states(): Promise<FeedState[]>;
  /** Kills a role's process with SIGKILL and waits until the supervisor says it runs again. */
  kill(role: 'ingest' | 'warehouse'): Promise<void>;
  /** Signals pollNow to some pollers, as an operator would. */
  pollNow(workflowIds: readonly string[]): Promise<void>;
  /** Waits until every poller has finished a poll that started after `since` (ms), or throws. */
  everyPollerPolledAfter(since: number, timeoutMs: number): Promise<number>;
  close(): Promise<void>;
}

export const KILL_SCENARIO_GAUGES = ['nsw-hydstra', 'sa-aquarius', 'bom-kiwis'] as const;

export async function startKillScenario(
  temporalAddress: string,
  { intervalSeconds = 10, seed = 1 }: { intervalSeconds?: number; seed?: number } = {},
): Promise<KillScenario> {
  const suffix = randomUUID().slice(0, 8);
  const namespace = `kill-${suffix}`;
  // As an operator would: the CLI makes the namespace and its FeedStatus attribute.
  const cli = requireTemporalCli(loadSettings(), PROJECT_ROOT);
  const operator = (...args: string[]) =>
    execFileSync(cli, ['operator', ...args, '--address', temporalAddress, '--namespace', namespace], {
      stdio: 'pipe',
    });
  operator('namespace', 'create', '--retention', '1d');
  const connection = await Connection.connect({ address: temporalAddress });
  const client = new Client({ connection, namespace });
  // A new namespace answers once the server has loaded it.
  for (let i = 0; i < 100; i++) {
    try {
      await client.workflow.count();
      break;
    } catch {
      await delay(200);
    }
  }
  operator('search-attribute', 'create', '--name', FEED_STATUS_SEARCH_ATTRIBUTE, '--type', 'Keyword');

  const dataDir = await mkdtemp(join(tmpdir(), 'eids-kill-'));
  const replay = await ReplayServer.start();
  const startedAt = new Date();
  scriptDemoFeeds(replay, FEED_CATALOGUE, { count: 6, seed, tickMs: 4_000, startedAt, idPool: 12 });
  const thresholdsFile = join(dataDir, 'gauges', 'flood-thresholds.csv');
  await scriptDemoGauges(replay, { count: 40, seed, startedAt, thresholdsFile });
  const access = testAccess(dataLayout(dataDir).accessDbFile);
  const headers = bearer((await access.issue('pro')).token);
  access.close();
  const service = await startServiceProcess({
    DATA_DIR: dataDir,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_NAMESPACE: namespace,
    UPSTREAM_BASE_URL: replay.url,
    POLL_INTERVAL_SECONDS: String(intervalSeconds),
    PORT: String(await findFreePort()),
    GAUGE_SOURCES: KILL_SCENARIO_GAUGES.join(','),
    GAUGE_THRESHOLDS_FILE: thresholdsFile,
    WORKFLOW_CHECK_SECONDS: '5',
  });
  const gauges = GAUGE_SOURCES.filter((source) =>
    (KILL_SCENARIO_GAUGES as readonly string[]).includes(source.name),
  );
  const workflowIds = [
    ...FEED_CATALOGUE.map(pollerWorkflowId),
    ...gauges.map((source) => gaugePollerWorkflowId(source.name)),
  ];

  async function get<T>(path: string): Promise<{ status: number; body: T | undefined }> {
    try {
      const response = await fetch(`${service.apiUrl}${path}`, { headers });
      return { status: response.status, body: response.ok ? ((await response.json()) as T) : undefined };
    } catch {
      return { status: 0, body: undefined };
    }
  }

  async function states(): Promise<FeedState[]> {
    const [feeds, sources] = await Promise.all([
      get<{ states: FeedState[] }>('/v1/states'),
      get<{ sources: (Omit<FeedState, 'feed'> & { source: string })[] }>('/v1/gauges/sources'),
    ]);
    if (!feeds.body || !sources.body) throw new Error(`the API answered ${feeds.status} / ${sources.status}`);
    const polled = sources.body.sources.filter((source) =>
      (KILL_SCENARIO_GAUGES as readonly string[]).includes(source.source),
    );
    return [
      ...feeds.body.states,
      ...polled.map(({ source, status, lastPolled }) => ({ feed: `gauges:${source}`, status, lastPolled })),
    ];
  }

  const names = { ingest: 'ingest worker', warehouse: 'warehouse worker' } as const;
  async function kill(role: 'ingest' | 'warehouse'): Promise<void> {
    const pid = rolePid(service.process.pid!, role);
    if (pid === undefined) throw new Error(`no ${role} process to kill`);
    const pattern = new RegExp(`\\] ${names[role]} is running again \\(pid (\\d+)\\)`);
    const before = service.lines.filter((line) => pattern.test(line)).length;
    process.kill(pid, 'SIGKILL');
    const deadline = Date.now() + 90_000;
    while (service.lines.filter((line) => pattern.test(line)).length === before) {
      if (Date.now() > deadline) throw new Error(`the ${names[role]} did not come back after SIGKILL`);
      await delay(100);
    }
  }

  async function pollNow(ids: readonly string[]): Promise<void> {
    await Promise.all(
      ids.map((id) =>
        client.workflow
          .getHandle(id)
          .signal(pollNowSignal)
          .catch(() => undefined),
      ),
    );
  }

  async function everyPollerPolledAfter(since: number, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    let late: string[] = [];
    while (Date.now() < deadline) {
      const now = await states().catch(() => undefined);
      if (now) {
        late = now
          .filter((state) => state.lastPolled === null || Date.parse(state.lastPolled) <= since)
          .map((state) => state.feed);
        if (late.length === 0) return Date.now() - since;
      }
      await delay(250);
    }
    throw new Error(
      `no poll after ${new Date(since).toISOString()} within ${timeoutMs} ms by ${late.join(', ')}`,
    );
  }

  return {
    service,
    client,
    namespace,
    intervalSeconds,
    workflowIds,
    get,
    states,
    kill,
    pollNow,
    everyPollerPolledAfter,
    async close() {
      await service.stop('SIGTERM');
      await replay.close();
      await connection.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every run of the workflow in the namespace (continue-as-new makes several), newest first. */
export async function runsOf(
  client: Client,
  workflowId: string,
): Promise<{ runId: string; status: string }[]> {
  const runs: { runId: string; status: string }[] = [];
  for await (const info of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
    runs.push({ runId: info.runId, status: info.status.name });
  }
  return runs;
}

/** The workflow task failures in a run's history: each a message. */
export async function workflowTaskFailures(
  client: Client,
  workflowId: string,
  runId: string,
): Promise<string[]> {
  const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
  return (history.events ?? []).flatMap((event) => {
    const failed = event.workflowTaskFailedEventAttributes;
    return failed ? [failed.failure?.message ?? 'workflow task failed'] : [];
  });
}
