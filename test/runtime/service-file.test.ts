import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataLayout } from '../../config/index.js';
import {
  forgetRunningService,
  recordRunningService,
  runningServiceOver,
  serviceRunsOver,
  type RunningServiceRecord,
} from '../../runtime/service-file.js';

/** A real process that runs until killed, standing in for a service's supervisor. */
function runningProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

function record(pid: number): RunningServiceRecord {
  return {
    pid,
    temporalAddress: '127.0.0.1:19180',
    temporalNamespace: 'default',
    temporalUiUrl: 'http://127.0.0.1:19181',
    apiUrl: 'http://127.0.0.1:18080',
    ingestTaskQueue: 'eids-ingest',
    warehouseTaskQueue: 'eids-warehouse',
    startedAt: '2026-05-01T00:00:00.000Z',
  };
}

describe("DATA_DIR/service.json: the running service's addresses", () => {
  let dataDir: string;
  let service: ChildProcess | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eids-service-file-'));
  });
  afterEach(async () => {
    service?.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is read back while the process it names runs, and counts as no service once it has died', async () => {
    service = await runningProcess();
    await recordRunningService(dataDir, record(service.pid!));
    const file = dataLayout(dataDir).serviceFile;
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(record(service.pid!));
    expect(await runningServiceOver(dataDir)).toEqual(record(service.pid!));
    expect(await serviceRunsOver(dataDir)).toBe(true);

    service.kill('SIGKILL');
    await exited(service);
    // A service killed outright leaves its file behind: the dead pid makes it no service.
    expect(existsSync(file)).toBe(true);
    expect(await runningServiceOver(dataDir)).toBeUndefined();
    expect(await serviceRunsOver(dataDir)).toBe(false);
  });

  it('is removed by the process that wrote it, never by another', async () => {
    service = await runningProcess();
    await recordRunningService(dataDir, record(service.pid!));
    await forgetRunningService(dataDir, process.pid);
    expect(await runningServiceOver(dataDir)).toEqual(record(service.pid!));
    await forgetRunningService(dataDir, service.pid);
    expect(existsSync(dataLayout(dataDir).serviceFile)).toBe(false);
    await forgetRunningService(dataDir, service.pid); // Nothing left to remove: no error.
  });

  it('is no service when it is not one the service wrote', async () => {
    await writeFile(dataLayout(dataDir).serviceFile, '{"pid": "soon"');
    expect(await runningServiceOver(dataDir)).toBeUndefined();
    await writeFile(dataLayout(dataDir).serviceFile, JSON.stringify({ pid: process.pid }));
    expect(await runningServiceOver(dataDir)).toBeUndefined();
  });
});
