import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataLayout, parseSettings } from '../../config/index.js';
import { CliError } from '../../runtime/cli-command.js';
import { findFreePort } from '../../runtime/ports.js';
import { recordRunningService } from '../../runtime/service-file.js';
import { connectTemporal, findTemporal, type TemporalTarget } from '../../runtime/temporal-target.js';

/** A real process that runs until killed, standing in for a service's supervisor. */
function runningProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

describe('where the CLIs find Temporal', () => {
  let dataDir: string;
  let service: ChildProcess | undefined;
  const settings = (env: Record<string, string> = {}) =>
    parseSettings({ DATA_DIR: dataDir, TEMPORAL_DEV_PORT: '17233', ...env });
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eids-temporal-target-'));
  });
  afterEach(async () => {
    service?.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is the default dev server address when no service runs over the data folder', async () => {
    const target = await findTemporal(settings());
    expect(target).toMatchObject({
      address: '127.0.0.1:17233',
      namespace: 'default',
      uiUrl: 'http://127.0.0.1:8233',
      ingestTaskQueue: 'eids-ingest',
      from: `the default: no service is running over ${dataDir}/`,
    });
    expect(target.remedy).toMatch(/add --demo .*or set TEMPORAL_ADDRESS=host:port/);
  });

  it("is the running service's Temporal, namespace and task queues, from its service.json", async () => {
    service = await runningProcess();
    await recordRunningService(dataDir, {
      pid: service.pid!,
      temporalAddress: '127.0.0.1:19180',
      temporalNamespace: 'emergency',
      temporalUiUrl: 'http://127.0.0.1:19181',
      apiUrl: 'http://127.0.0.1:18080',
      ingestTaskQueue: 'ingest-elsewhere',
      warehouseTaskQueue: 'warehouse-elsewhere',
      startedAt: new Date().toISOString(),
    });
    expect(await findTemporal(settings())).toMatchObject({
      address: '127.0.0.1:19180',
      namespace: 'emergency',
      uiUrl: 'http://127.0.0.1:19181',
      ingestTaskQueue: 'ingest-elsewhere',
      warehouseTaskQueue: 'warehouse-elsewhere',
      from: `from ${dataLayout(dataDir).serviceFile}, the service running over ${dataDir}/ as pid ${service.pid}`,
    });
    // TEMPORAL_ADDRESS, when set, wins.
    expect(await findTemporal(settings({ TEMPORAL_ADDRESS: 'temporal.example:7233' }))).toMatchObject({
      address: 'temporal.example:7233',
      namespace: 'default',
      uiUrl: undefined,
      ingestTaskQueue: 'eids-ingest',
      from: 'set by TEMPORAL_ADDRESS',
    });
  });
});

describe('an address that does not answer', () => {
  let http: Server | undefined;
  afterEach(() => http?.close());

  const target = (address: string): TemporalTarget => ({
    address,
    connection: { address },
    namespace: 'default',
    uiUrl: undefined,
    ingestTaskQueue: 'eids-ingest',
    warehouseTaskQueue: 'eids-warehouse',
    from: 'the default: no service is running over data/',
    remedy: 'start the service (npm start), or set TEMPORAL_ADDRESS=host:port',
  });

  async function refusal(address: string): Promise<{ error: unknown; seconds: number }> {
    const started = performance.now();
    const error = await connectTemporal(target(address)).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    return { error, seconds: (performance.now() - started) / 1000 };
  }

  it('is one line at once when nothing listens: the address, where it came from, what to change', async () => {
    const port = await findFreePort();
    const { error, seconds } = await refusal(`127.0.0.1:${port}`);
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toBe(
      `cannot reach Temporal at 127.0.0.1:${port} (the default: no service is running over data/): nothing accepts connections there; start the service (npm start), or set TEMPORAL_ADDRESS=host:port`,
    );
    expect(seconds).toBeLessThan(1);
  });

  it('is one line within a few seconds when something else listens there', async () => {
    http = createServer((_request, response) => response.end('not Temporal'));
    await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as { port: number };
    const { error, seconds } = await refusal(`127.0.0.1:${port}`);
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^cannot reach Temporal at 127\\.0\\.0\\.1:${port} \\(the default: .*\\): it does not answer as Temporal \\(.*\\); start the service .*TEMPORAL_ADDRESS=host:port$`,
      ),
    );
    expect((error as Error).message).not.toContain('\n');
    expect(seconds).toBeLessThan(5);
  });
});
