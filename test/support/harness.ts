import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createApp, type App } from '../../api/app.js';
import { CursorCodec } from '../../api/cursor.js';
import { BoardFeedHealthSource } from '../../api/feed-health-source.js';
import { WorkflowHealthBoard } from '../../api/workflow-health/board.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import {
  dataLayout,
  feedByKey,
  parseSettings,
  type FeedDefinition,
  type Settings,
} from '../../config/index.js';
import { type FeedHealth, type PollerCarry } from '../../model/index.js';
import { eventClustererWorkflowId } from '../../runtime/event-clusterer.js';
import { createServiceLog } from '../../runtime/log.js';
import { pollerInput } from '../../runtime/pollers.js';
import { installTemporalRuntime } from '../../runtime/temporal-log.js';
import { createIngestWorker, createWarehouseWorker } from '../../runtime/workers.js';
import {
  feedStatusSearchAttribute,
  healthQuery,
  pollNowSignal,
  type FeedPollerInput,
} from '../../workflows/index.js';
import { ReplayServer } from '../../replay/server.js';
import { bearer, testAccess } from './keys.js';
import { TEST_CAP_ISSUER } from './cap-issuer.js';

/** Every line the workers' Temporal logging wrote, workflow code's info lines included: for tests of the log. */
export const workerLogLines: string[] = [];

// The service's own Temporal logging: one line per failed poll, stacks only for bugs. Lines are kept
// from info on; only warnings and errors are printed.
installTemporalRuntime(
  createServiceLog({
    process: 'test',
    level: 'info',
    format: 'text',
    write: (line) => {
      workerLogLines.push(line);
      if (/^\[test\] (WARN|ERROR) /.test(line)) process.stdout.write(`${line}\n`);
    },
  }),
  'warn',
);

export const NSW_FEED: FeedDefinition = feedByKey('nsw-rfs-major-incidents')!;

/**
 * Real parts for workflow and end-to-end tests: the run's Temporal dev server, both workers on
 * task queues of their own, a warehouse in a fresh folder, the replay server as upstream, and the
 * API app over what the warehouse publishes.
 */
export interface Harness {
  settings: Settings;
  replay: ReplayServer;
  client: Client;
  store: ServingStore;
  app: App;
  /** Calls the app with a pro key (no lookback limit), as a customer would. */
  request(path: string, init?: RequestInit): Promise<Response>;
  workflowId: string;
  /**
   * Starts the poller (its first poll runs at once) and waits for that poll to finish; `feedStatus`
   * starts it with the FeedStatus search attribute, as runtime/pollers.ts does on a cluster that has it.
   */
  startPoller(overrides?: Partial<FeedPollerInput>, options?: { feedStatus?: boolean }): Promise<FeedHealth>;
  /** Signals pollNow and waits until the poll has finished. */
  pollNow(): Promise<FeedHealth>;
  health(): Promise<FeedHealth>;
  stop(): Promise<void>;
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  { timeoutMs = 30_000, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `timed out waiting for ${what}${lastError instanceof Error ? `: ${lastError.message}` : ''}`,
  );
}

/**
 * Reads the board until the workflow's memo satisfies `ready` (what a test just waited for has reached
 * the visibility store); gives up quietly after `timeoutMs`, leaving the assertion to tell.
 */
export async function observeMemo<Carried>(
  board: WorkflowHealthBoard,
  workflowId: string,
  ready: (carried: Carried) => boolean,
  timeoutMs = 10_000,
): Promise<void> {
  await waitFor(
    async () => {
      await board.read();
      const carried = board.observation(workflowId)?.carried as Carried | undefined;
      return carried !== undefined && ready(carried) ? true : undefined;
    },
    { timeoutMs, what: `the memo of ${workflowId}` },
  ).catch(() => undefined);
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'eids-harness-'));
  const replay = await ReplayServer.start();
  const suffix = randomUUID().slice(0, 8);
  const settings = parseSettings({
    DATA_DIR: dataDir,
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    UPSTREAM_BASE_URL: replay.url,
    INGEST_TASK_QUEUE: `test-ingest-${suffix}`,
    WAREHOUSE_TASK_QUEUE: `test-warehouse-${suffix}`,
    FETCH_TIMEOUT_MS: '1500',
    PORT: '0',
    ...env,
  });
  const workflowId = `test-poller-${suffix}`;
  const nativeConnection = await NativeConnection.connect({ address: inject('temporalAddress') });
  const {
    worker: warehouseWorker,
    warehouse,
    publisher,
  } = await createWarehouseWorker({
    connection: nativeConnection,
    settings,
  });
  const ingestWorker = await createIngestWorker({
    connection: nativeConnection,
    settings,
    workflows: { workflowBundle: { codePath: inject('workflowBundlePath') } },
  });
  const runs = [warehouseWorker.run(), ingestWorker.run()];
  const connection = await Connection.connect({ address: inject('temporalAddress') });
  const client = new Client({ connection });
  const store = await ServingStore.open(dataLayout(dataDir).lakeDir);
  const access = testAccess();
  const headers = bearer((await access.issue('pro')).token);
  // Read on demand (request() below) rather than every 2 s, so a test sees the poll it waited for.
  const board = new WorkflowHealthBoard(client, [workflowId]);
  let pollsSeen = 0;
  const app = createApp({
    cap: TEST_CAP_ISSUER,
    store,
    keys: access.store,
    quota: access.store,
    feedHealth: new BoardFeedHealthSource(board, () => workflowId),
    catalogue: [NSW_FEED],
    cursors: new CursorCodec('test-cursor-secret'),
    version: 'test',
    startedAt: new Date(),
    now: () => new Date(),
  });
  const handle = () => client.workflow.getHandle(workflowId);
  const health = () => handle().query(healthQuery);
  const afterPoll = async (polls: number) => {
    const result = await waitFor(
      async () => {
        const h = await health();
        return h.polls > polls ? h : undefined;
      },
      { what: `poll ${polls + 1} of ${workflowId}` },
    );
    pollsSeen = result.polls;
    // The poll's commit is published within the publisher's interval: publish it now and load it.
    await publisher.flush();
    await store.refresh();
    return result;
  };

  return {
    settings,
    replay,
    client,
    store,
    app,
    // The poll a test waited for has published: load it now rather than wait for the store's watcher.
    request: async (path, init = {}) => {
      await publisher.flush();
      await store.refresh();
      // The poller's memo reaches the visibility store a moment after the poll.
      await observeMemo(board, workflowId, (carried: PollerCarry) => carried.health.polls >= pollsSeen);
      return app.request(path, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), ...headers },
      });
    },
    workflowId,
    async startPoller(overrides = {}, options = {}) {
      await client.workflow.start('feedPoller', {
        workflowId,
        taskQueue: settings.INGEST_TASK_QUEUE,
        ...(options.feedStatus
          ? { typedSearchAttributes: [{ key: feedStatusSearchAttribute, value: 'unknown' }] }
          : {}),
        args: [
          {
            ...pollerInput(NSW_FEED, settings),
            pollIntervalSeconds: 3600,
            fetchMaximumAttempts: 1,
            ...overrides,
          },
        ],
      });
      return afterPoll(0);
    },
    async pollNow() {
      const before = (await health()).polls;
      await handle().signal(pollNowSignal);
      return afterPoll(before);
    },
    health,
    async stop() {
      await handle()
        .terminate('test finished')
        .catch(() => undefined);
      // Every publication started this warehouse's event clusterer.
      await client.workflow
        .getHandle(eventClustererWorkflowId(settings))
        .terminate('test finished')
        .catch(() => undefined);
      ingestWorker.shutdown();
      warehouseWorker.shutdown();
      await Promise.allSettled(runs);
      await publisher.close();
      warehouse.close();
      store.close();
      access.close();
      await connection.close();
      await nativeConnection.close();
      await replay.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
