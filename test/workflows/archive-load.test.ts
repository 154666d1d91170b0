import { fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { childEnvironment, dataLayout, parseSettings, type Settings } from '../../config/index.js';
import { readManifest } from '../../lake/manifest.js';
import { fileRelation } from '../../lake/read.js';
import { NO_LOCATOR, type ArchiveLoadResult } from '../../model/index.js';
import { writeArchiveFile } from '../../replay/archive/generate.js';
import { PROJECT_ROOT } from '../../runtime/paths.js';
import { createIngestWorker } from '../../runtime/workers.js';
import { archiveLoad, archiveProgressQuery, type ArchiveLoadInput } from '../../workflows/index.js';
import { fileSource, readAll } from '../archive/support.js';
import { waitFor } from '../support/harness.js';
import { recordHistories } from '../support/record-history.js';

const ROWS = 150_000;

interface WarehouseProcess {
  pid: number;
  exited: Promise<unknown>;
  stop(): Promise<void>;
}

/** The service's warehouse role (runtime/child-main.ts) in a process of its own, ready when it says so. */
function warehouseProcess(env: Record<string, string | undefined>): Promise<WarehouseProcess> {
  const child = fork(join(PROJECT_ROOT, 'runtime', 'child-main.ts'), ['warehouse'], {
    env,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    void exited.then(() => reject(new Error('the warehouse worker exited before it was ready')));
    child.once('message', () =>
      resolve({
        pid: child.pid!,
        exited,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      }),
    );
  });
}

/**
 * Archive loads on the run's dev server, with the warehouse worker in a process of its own (the
 * service's own `warehouse` role), so that it can be killed outright mid-load.
 */
describe('the archive load workflow', () => {
  let dataDir: string;
  let input: string;
  let settings: Settings;
  let client: Client;
  let connection: Connection;
  let nativeConnection: NativeConnection;
  let ingest: Worker;
  let ingestRun: Promise<void>;
  let warehouse: WarehouseProcess | undefined;
  let expected: { records: number; rejected: number; firstProblemLines: number[] };

  const startWarehouse = async () => {
    warehouse = await warehouseProcess(
      childEnvironment(
        {},
        {
          DATA_DIR: settings.DATA_DIR,
          TEMPORAL_ADDRESS: inject('temporalAddress'),
          WAREHOUSE_TASK_QUEUE: settings.WAREHOUSE_TASK_QUEUE,
          INGEST_TASK_QUEUE: settings.INGEST_TASK_QUEUE,
          LOG_LEVEL: 'warn',
        },
      ),
    );
  };

  const loadInput = (overrides: Partial<ArchiveLoadInput>): ArchiveLoadInput => ({
    file: input,
    format: 'interchange',
    source: 'generated',
    warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE,
    heartbeatTimeoutSeconds: 3,
    ...overrides,
  });

  /** Rows of the lake's archive table, and distinct ids, read from the published manifest. */
  const lakeRows = async () => {
    const lakeDir = dataLayout(dataDir).lakeDir;
    const files = (await readManifest(lakeDir))?.files.filter((file) => file.table === 'archive') ?? [];
    const instance = await DuckDBInstance.create(':memory:');
    const db = await instance.connect();
    try {
      const [row] = (
        await db.runAndReadAll(
          `SELECT count(*)::INTEGER AS n, count(DISTINCT id)::INTEGER AS ids FROM ${fileRelation(lakeDir, 'archive', files)}`,
        )
      ).getRowObjectsJS() as { n: number; ids: number }[];
      return { rows: row!.n, ids: row!.ids, files };
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eids-archive-load-'));
    input = join(dataDir, 'archive.csv');
    await writeArchiveFile({ rows: ROWS, seed: 13, out: input, format: 'csv', invalidEvery: 997 });
    const read = await readAll(fileSource(input), 'interchange', { locator: NO_LOCATOR, batchSize: 10_000 });
    expected = {
      records: read.records.length,
      rejected: read.problems.length,
      firstProblemLines: read.problems.slice(0, 5).map((problem) => problem.line),
    };
    const suffix = randomUUID().slice(0, 8);
    settings = parseSettings({
      DATA_DIR: dataDir,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      INGEST_TASK_QUEUE: `archive-ingest-${suffix}`,
      WAREHOUSE_TASK_QUEUE: `archive-warehouse-${suffix}`,
    });
    nativeConnection = await NativeConnection.connect({ address: inject('temporalAddress') });
    ingest = await createIngestWorker({
      connection: nativeConnection,
      settings,
      workflows: { workflowBundle: { codePath: inject('workflowBundlePath') } },
    });
    ingestRun = ingest.run();
    connection = await Connection.connect({ address: inject('temporalAddress') });
    client = new Client({ connection });
    await startWarehouse();
  });

  afterAll(async () => {
    await warehouse?.stop();
    ingest?.shutdown();
    await ingestRun;
    await connection?.close();
    await nativeConnection?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  // A worker is killed and a new one takes over past the heartbeat time-out: 30 s on a quiet machine.
  it('resumes a streaming load from its last checkpoint after the worker is SIGKILLed, to the exact row count', async () => {
    const loadId = `archive-load-kill-${randomUUID().slice(0, 8)}`;
    const handle = await client.workflow.start(archiveLoad, {
      workflowId: loadId,
      taskQueue: settings.INGEST_TASK_QUEUE,
      // One long slice, so the kill lands inside it; small batches, so checkpoints are frequent.
      args: [loadInput({ mode: 'streaming', batchSize: 2_000, sliceMs: 600_000 })],
    });
    const staged = join(dataLayout(dataDir).stagedDir, 'archive', loadId);
    // Killed once a fifth of the file is staged (each staged batch was heartbeated as it finished).
    await waitFor(
      async () => {
        const markers = (await readdir(staged).catch(() => [])).filter((name) => name.startsWith('batch-'));
        return markers.length >= ROWS / 2_000 / 5 ? true : undefined;
      },
      { timeoutMs: 120_000, what: 'a fifth of the file staged' },
    );
    process.kill(warehouse!.pid, 'SIGKILL');
    await warehouse!.exited;
    const before = await handle.query(archiveProgressQuery);
    expect(before.phase).toBe('reading');
    await startWarehouse();

    const result: ArchiveLoadResult = await handle.result();
    await recordHistories(client, loadId, 'streaming, resumed after the worker was killed');
    const progress = await handle.query(archiveProgressQuery);
    expect(progress.phase).toBe('done');
    // It carried on from a heartbeated checkpoint, not from the top.
    expect(progress.resumedAt.length).toBeGreaterThanOrEqual(1);
    expect(progress.resumedAt[0]!.line).toBeGreaterThan(1);
    expect(result.counts.rowsRead).toBe(ROWS);
    expect(result.counts.records).toBe(expected.records);
    expect(result.counts.rejectedRows).toBe(expected.rejected);
    expect(result.problems.slice(0, 5).map((problem) => problem.line)).toEqual(expected.firstProblemLines);
    const report = JSON.parse(await readFile(join(dataDir, result.reportPath), 'utf8')) as {
      allProblems: { problems: unknown[] };
    };
    expect(report.allProblems.problems).toHaveLength(expected.rejected);

    const lake = await lakeRows();
    expect(lake).toMatchObject({ rows: expected.records, ids: expected.records });
    expect(lake.files.every((file) => file.partition.source === 'generated')).toBe(true);
  }, 180_000);

  it('loads the same source again in bulk in place of the first load: no row twice', async () => {
    const first = await lakeRows();
    const result: ArchiveLoadResult = await client.workflow.execute(archiveLoad, {
      workflowId: `archive-load-again-${randomUUID().slice(0, 8)}`,
      taskQueue: settings.INGEST_TASK_QUEUE,
      args: [loadInput({})],
    });
    expect(result.mode).toBe('bulk');
    expect(result.replacedRows).toBe(expected.records);
    expect(result.counts.records).toBe(expected.records);
    const again = await lakeRows();
    expect(again).toMatchObject({ rows: expected.records, ids: expected.records });
    // Every file of the first load left the manifest.
    const firstPaths = new Set(first.files.map((file) => file.path));
    expect(again.files.filter((file) => firstPaths.has(file.path))).toEqual([]);
  });

  /** `npm run archive -- <args>` against this test's task queues, as a person runs it. */
  const archiveCli = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'archive.ts'), ...args],
        {
          cwd: PROJECT_ROOT,
          env: childEnvironment(
            {},
            {
              TEMPORAL_ADDRESS: inject('temporalAddress'),
              TEMPORAL_UI_URL: 'http://ui.example:8233',
              INGEST_TASK_QUEUE: settings.INGEST_TASK_QUEUE,
              WAREHOUSE_TASK_QUEUE: settings.WAREHOUSE_TASK_QUEUE,
            },
          ),
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('exit', (code) => resolve({ code, stdout, stderr }));
    });

  it('loads through the CLI: the Web UI link, progress lines, a summary with the bad rows, exit 0', async () => {
    const run = await archiveCli(['load', input, '--source', 'from-cli', '--streaming']);
    expect(run.code, run.stderr).toBe(0);
    const id = /started (archive-load-from-cli-\S+)/.exec(run.stdout)?.[1];
    expect(id).toBeDefined();
    expect(run.stdout).toContain(
      `Temporal Web UI: http://ui.example:8233/namespaces/default/workflows/${id}`,
    );
    // Not a terminal: a progress line every few seconds, the last one complete.
    expect(run.stderr).toMatch(/\[#{24}\] 100% · done · 150,000 rows/);
    expect(run.stdout).toMatch(
      new RegExp(
        `loaded ${expected.records.toLocaleString('en-AU')} records of source "from-cli" from 150,000 rows \\(streaming\\)`,
      ),
    );
    expect(run.stdout).toMatch(new RegExp(`set aside ${expected.rejected} rows`));
    expect(run.stdout).toContain(`  line ${expected.firstProblemLines[0]}: `);
    // The same file as "generated": its ids moved to the newest load, each kept once.
    expect(run.stdout).toContain(
      `took over ${expected.records.toLocaleString('en-AU')} records whose ids source "generated" held (an id is kept once; the newest load wins)`,
    );
    const lake = await lakeRows();
    expect(lake).toMatchObject({ rows: expected.records, ids: expected.records });
    expect(new Set(lake.files.map((file) => file.partition.source))).toEqual(new Set(['from-cli']));
  });

  it('removes a source through the CLI: a lake generation without its files; a source it does not hold is exit 1', async () => {
    const before = await lakeRows();
    const run = await archiveCli(['remove', '--source', 'from-cli']);
    expect(run.code, run.stderr).toBe(0);
    const id = /started (archive-remove-from-cli-\S+)/.exec(run.stdout)?.[1];
    expect(id).toBeDefined();
    await recordHistories(client, id!, 'removes a source through the CLI');
    expect(run.stdout).toContain(
      `removed source "from-cli" from the archive: ${before.files.length} files, ${expected.records.toLocaleString('en-AU')} rows; lake generation `,
    );
    expect(run.stdout).toContain("the archive's sources now: none");
    expect(await lakeRows()).toMatchObject({ rows: 0, files: [] });

    const again = await archiveCli(['remove', '--source', 'from-cli']);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('the archive holds no source "from-cli"; nothing was published');
    const bad = await archiveCli(['remove', '--source', 'Not A Name']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--source must be a lower-case name/);
  });

  it('stops a cancelled load before it publishes anything', async () => {
    const loadId = `archive-load-cancel-${randomUUID().slice(0, 8)}`;
    const handle = await client.workflow.start(archiveLoad, {
      workflowId: loadId,
      taskQueue: settings.INGEST_TASK_QUEUE,
      args: [loadInput({ mode: 'streaming', source: 'cancelled', batchSize: 2_000, sliceMs: 600_000 })],
    });
    const staged = join(dataLayout(dataDir).stagedDir, 'archive', loadId);
    await waitFor(async () => ((await readdir(staged).catch(() => [])).length >= 6 ? true : undefined), {
      timeoutMs: 120_000,
      what: 'a few batches staged',
    });
    await handle.cancel();
    await expect(handle.result()).rejects.toThrow(/cancel/i);
    expect((await handle.query(archiveProgressQuery)).phase).toBe('cancelled');
    expect((await lakeRows()).files.filter((file) => file.partition.source === 'cancelled')).toEqual([]);
  });

  it('fails at once, saying why, for a file that is not there', async () => {
    const handle = await client.workflow.start(archiveLoad, {
      workflowId: `archive-load-missing-${randomUUID().slice(0, 8)}`,
      taskQueue: settings.INGEST_TASK_QUEUE,
      args: [loadInput({ file: join(dataDir, 'nowhere.csv') })],
    });
    await expect(handle.result()).rejects.toThrow();
    const progress = await handle.query(archiveProgressQuery);
    expect(progress.phase).toBe('failed');
    expect(progress.error).toMatch(/no archive file/);
  });
});
