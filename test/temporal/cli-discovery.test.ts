import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { childEnvironment } from '../../config/index.js';
import { findFreePort } from '../../runtime/ports.js';
import { recordRunningService } from '../../runtime/service-file.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A CLI of scripts/ as a child process, with these settings and no TEMPORAL_ADDRESS. */
function cli(script: string, settings: Record<string, string>, args: string[], cwd = ROOT): Promise<Run> {
  const { TEMPORAL_ADDRESS: _ignored, DATA_DIR: dataDir, ...env } = childEnvironment({}, settings);
  const child = spawn(TSX, [join(ROOT, 'scripts', script), ...args], {
    cwd,
    env: { ...env, ...(settings.DATA_DIR ? { DATA_DIR: dataDir } : {}) },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * The CLIs pointed at a data folder whose service runs on other ports than the defaults: they read
 * its service.json and reach its Temporal (here the test run's dev server, on a port of its own),
 * its namespace and its task queues, with nothing set but DATA_DIR.
 */
describe('the CLIs find the service running over their data folder', () => {
  const suffix = randomUUID().slice(0, 8);
  const ingestTaskQueue = `discovery-ingest-${suffix}`;
  let dataDir: string;
  let settings: Record<string, string>;
  let connection: Connection;
  let client: Client;
  const started: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eids-cli-discovery-'));
    await recordRunningService(dataDir, {
      // This process stands in for the service's supervisor: it runs for as long as the test does.
      pid: process.pid,
      temporalAddress: inject('temporalAddress'),
      temporalNamespace: 'default',
      temporalUiUrl: 'http://127.0.0.1:1',
      apiUrl: 'http://127.0.0.1:1',
      ingestTaskQueue,
      warehouseTaskQueue: `discovery-warehouse-${suffix}`,
      startedAt: new Date().toISOString(),
    });
    // Nothing listens at the default address: a CLI that did not read the file cannot connect.
    settings = { DATA_DIR: dataDir, TEMPORAL_DEV_PORT: String(await findFreePort()) };
    connection = await Connection.connect({ address: inject('temporalAddress') });
    client = new Client({ connection });
  });

  afterAll(async () => {
    for (const id of started) {
      await client.workflow
        .getHandle(id)
        .terminate('test finished')
        .catch(() => undefined);
    }
    await connection?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('npm run archive starts its load on the service’s task queue, and lists it', async () => {
    const file = join(dataDir, 'tiny.csv');
    await writeFile(file, 'source_id,agency,state,event_type,title,event_start_date\n');
    const load = await cli('archive.ts', settings, ['load', file, '--detach']);
    expect(load.code, load.stderr).toBe(0);
    const id = /^started (archive-load-tiny-\S+)$/m.exec(load.stdout)?.[1];
    expect(id, load.stdout).toBeDefined();
    started.push(id!);
    expect(load.stdout).toContain(`Temporal Web UI: http://127.0.0.1:1/namespaces/default/workflows/${id}`);
    expect((await client.workflow.getHandle(id!).describe()).taskQueue).toBe(ingestTaskQueue);

    const list = await cli('archive.ts', settings, ['list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${id}  running `, 'm'));
  });

  it('npm run temporal runs the Temporal CLI against the service’s Temporal', async () => {
    const handle = await client.workflow.start('archiveLoad', {
      workflowId: `discovery-${suffix}`,
      taskQueue: ingestTaskQueue,
      args: [],
    });
    started.push(handle.workflowId);
    const run = await cli('temporal.ts', settings, [
      'workflow',
      'describe',
      '--workflow-id',
      handle.workflowId,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(handle.workflowId);
    expect(run.stdout).toContain(ingestTaskQueue);
  });
});

/**
 * Run beside the demo with no flag: nothing runs over the default folder (`data/`), the demo runs
 * over `data/demo/`, so the CLIs work with the demo's service, and say so in one line.
 */
describe('the CLIs find the demo when only the demo runs', () => {
  let checkout: string;
  beforeAll(async () => {
    checkout = await mkdtemp(join(tmpdir(), 'eids-cli-beside-'));
    await recordRunningService(join(checkout, 'data', 'demo'), {
      pid: process.pid,
      temporalAddress: inject('temporalAddress'),
      temporalNamespace: 'default',
      apiUrl: 'http://127.0.0.1:1',
      ingestTaskQueue: 'beside-ingest',
      warehouseTaskQueue: 'beside-warehouse',
      startedAt: new Date().toISOString(),
    });
  });
  afterAll(async () => {
    await rm(checkout, { recursive: true, force: true });
  });

  it('npm run temporal reaches the demo’s Temporal without --demo, naming the demo', async () => {
    const settings = { TEMPORAL_DEV_PORT: String(await findFreePort()) };
    const run = await cli('temporal.ts', settings, ['workflow', 'list', '--limit', '1'], checkout);
    expect(run.stderr).toContain(
      `working with the demo running over data/demo/ (pid ${process.pid}): no service runs over data/`,
    );
    expect(run.code).toBe(0);
  });

  it('DATA_DIR keeps its folder: no service there is said, not worked around', async () => {
    const settings = { DATA_DIR: 'data', TEMPORAL_DEV_PORT: String(await findFreePort()) };
    const run = await cli('temporal.ts', settings, ['workflow', 'list', '--limit', '1'], checkout);
    expect(run.stderr).not.toContain('working with the demo');
    expect(run.code).not.toBe(0);
  });
});
