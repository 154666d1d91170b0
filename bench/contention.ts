/**
 * Workflow tasks under CPU contention (a benchmark, not a test; loopback only, bounded in time): the
 * demo's whole service (`npm start`'s process tree, every feed and gauge source of a local replay,
 * polled every 10 s) first alone, then next to a CPU hog that keeps one of the cores busy. For each
 * phase it prints what the ingest worker logged about slow workflow tasks (TMPRL1104) and tasks it
 * completed too late ("Task not found"), the workflow tasks that timed out in the pollers' histories,
 * and polls per minute against the configured rate. Goal: no slow or timed-out workflow task, and the
 * configured rate, with the hog as without it. A last phase restarts the whole service next to the hog
 * (every poller's history is replayed at once) and measures its first `--restart-minutes`.
 *
 * Usage: npm run bench:contention [-- --minutes 5 --baseline-minutes 2 --warmup-minutes 1 --restart-minutes 2]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { childEnvironment, FEED_CATALOGUE, pollerWorkflowId } from '../config/index.js';
import { GAUGE_SOURCES } from '../config/gauge-sources.js';
import { CARRIED_MEMO_KEY, gaugePollerWorkflowId } from '../model/index.js';
import { scriptDemoFeeds } from '../replay/demo-feeds.js';
import { scriptDemoGauges } from '../replay/gauges/index.js';
import { ReplayServer } from '../replay/server.js';
import { PROJECT_ROOT } from '../runtime/paths.js';
import { findFreePort } from '../runtime/ports.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    'baseline-minutes': { type: 'string', default: '2' },
    'warmup-minutes': { type: 'string', default: '1' },
    'restart-minutes': { type: 'string', default: '2' },
  },
});
const POLL_SECONDS = 10;
const minutes = Number(values.minutes);
const baselineMinutes = Number(values['baseline-minutes']);
const warmupMinutes = Number(values['warmup-minutes']);
const restartMinutes = Number(values['restart-minutes']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = await mkdtemp(join(tmpdir(), 'eids-contention-'));
const replay = await ReplayServer.start();
scriptDemoFeeds(replay, FEED_CATALOGUE, {
  count: 25,
  seed: 2026,
  tickMs: 20_000,
  startedAt: new Date(),
  idPool: 30,
});
const thresholdsFile = join(dataDir, 'gauges', 'flood-thresholds.csv');
await scriptDemoGauges(replay, { count: 400, seed: 2026, startedAt: new Date(), thresholdsFile });

const temporalPort = await findFreePort();
const env = childEnvironment(
  {},
  {
    DATA_DIR: dataDir,
    UPSTREAM_BASE_URL: replay.url,
    POLL_INTERVAL_SECONDS: String(POLL_SECONDS),
    PORT: String(await findFreePort()),
    TEMPORAL_DEV_PORT: String(temporalPort),
    TEMPORAL_UI_PORT: String(await findFreePort()),
    GAUGE_THRESHOLDS_FILE: thresholdsFile,
  },
);
const lines: { at: number; line: string }[] = [];

/** `npm start` as a process tree; resolves once its API listens. */
async function startService(): Promise<ChildProcess> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'start.ts')], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => lines.push({ at: Date.now(), line }));
  }
  for (
    let waited = 0;
    !lines.some(({ at, line }) => at >= started && /\] API http/.test(line));
    waited += 200
  ) {
    if (waited > 240_000 || child.exitCode !== null) {
      console.error(`the service did not start:\n${lines.map(({ line }) => line).join('\n')}`);
      process.exit(1);
    }
    await sleep(200);
  }
  return child;
}

async function stopService(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

let service = await startService();

const connection = await Connection.connect({ address: `127.0.0.1:${temporalPort}` });
const client = new Client({ connection });
const pollerIds = [
  ...FEED_CATALOGUE.map(pollerWorkflowId),
  ...GAUGE_SOURCES.map((source) => gaugePollerWorkflowId(source.name)),
];

/** Polls finished so far by every poller: from their memos (one visibility list), else their query. */
async function totalPolls(): Promise<number> {
  let total = 0;
  const query = `WorkflowId IN (${pollerIds.map((id) => `'${id}'`).join(', ')}) AND ExecutionStatus = 'Running'`;
  for await (const info of client.workflow.list({ query })) {
    const carried = info.memo?.[CARRIED_MEMO_KEY] as { health?: { polls?: number } } | undefined;
    const polls =
      carried?.health?.polls ??
      (await client.workflow
        .getHandle(info.workflowId)
        .query<{ polls?: number }>('health')
        .then((health) => health.polls ?? 0)
        .catch(() => 0));
    total += polls;
  }
  return total;
}

/** Workflow tasks that timed out (start to close: a worker had the task and did not finish it in time). */
async function timedOutTasks(fromMs: number, toMs: number): Promise<number> {
  let count = 0;
  for await (const info of client.workflow.list({ query: `StartTime < '${new Date(toMs).toISOString()}'` })) {
    if (info.closeTime && info.closeTime.getTime() < fromMs) continue;
    const history = await client.workflow.getHandle(info.workflowId, info.runId).fetchHistory();
    for (const event of history.events ?? []) {
      const at = Number(event.eventTime?.seconds ?? 0) * 1000;
      const timedOut = event.workflowTaskTimedOutEventAttributes;
      // TIMEOUT_TYPE_START_TO_CLOSE is 1; schedule-to-start (2) is a dead worker's sticky queue.
      if (timedOut && Number(timedOut.timeoutType) === 1 && at >= fromMs && at < toMs) count++;
    }
  }
  return count;
}

interface PhaseResult {
  name: string;
  slowTasks: number;
  lateCompletions: number;
  timedOut: number;
  pollsPerMinute: number;
}

async function phase(
  name: string,
  phaseMinutes: number,
  hog: boolean,
  before?: () => Promise<void>,
): Promise<PhaseResult> {
  let hogProcess: ChildProcess | undefined;
  if (hog) hogProcess = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  const from = Date.now();
  await before?.();
  const pollsBefore = await totalPolls();
  await sleep(phaseMinutes * 60_000);
  const pollsAfter = await totalPolls();
  const to = Date.now();
  hogProcess?.kill('SIGKILL');
  const during = lines.filter(({ at }) => at >= from && at < to).map(({ line }) => line);
  return {
    name,
    slowTasks: during.filter((line) => line.includes('TMPRL1104')).length,
    lateCompletions: during.filter((line) => /Task not found when completing/.test(line)).length,
    timedOut: await timedOutTasks(from, to),
    pollsPerMinute: (pollsAfter - pollsBefore) / ((to - from) / 60_000),
  };
}

try {
  console.log(`warming up ${warmupMinutes} min (${pollerIds.length} pollers, every ${POLL_SECONDS} s)…`);
  await sleep(warmupMinutes * 60_000);
  const results = [
    await phase('alone', baselineMinutes, false),
    await phase('next to a CPU hog', minutes, true),
    await phase('restart, next to it', restartMinutes, true, async () => {
      await stopService(service);
      service = await startService();
    }),
  ];
  const phaseMinutes = [baselineMinutes, minutes, restartMinutes];
  const configured = (pollerIds.length * 60) / POLL_SECONDS;
  console.log(
    `phase               minutes  TMPRL1104  "Task not found"  timed-out tasks  polls/min (configured ${configured})`,
  );
  for (const [i, result] of results.entries()) {
    console.log(
      `${result.name.padEnd(20)}${String(phaseMinutes[i]).padStart(7)}` +
        `${String(result.slowTasks).padStart(11)}${String(result.lateCompletions).padStart(18)}` +
        `${String(result.timedOut).padStart(17)}` +
        `${result.pollsPerMinute.toFixed(1).padStart(11)} (${((result.pollsPerMinute / configured) * 100).toFixed(0)} %)`,
    );
  }
  const [alone, hogged] = results;
  console.log(
    `polls per minute next to the hog / alone: ${(hogged!.pollsPerMinute / alone!.pollsPerMinute).toFixed(2)}`,
  );
} finally {
  await stopService(service);
  await connection.close();
  await replay.close();
  await rm(dataDir, { recursive: true, force: true });
}
