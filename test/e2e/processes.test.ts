import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { childEnvironment, dataLayout, feedByKey, type FeedDefinition } from '../../config/index.js';
import { readManifest } from '../../lake/manifest.js';
import { scriptDemoFeeds } from '../../replay/demo-feeds.js';
import { ReplayServer } from '../../replay/server.js';
import { findFreePort } from '../../runtime/ports.js';
import { waitFor } from '../support/harness.js';
import { bearer, testAccess } from '../support/keys.js';
import {
  isRunning,
  startServiceProcess,
  terminatePollers,
  type ServiceProcess,
} from '../support/service-process.js';

const FEED: FeedDefinition = feedByKey('vic-emv-events')!;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The supervisor's children right now (they change as they are restarted). */
function childProcesses(parent: number): { pid: number; args: string }[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
      .flatMap((match) => (match ? [{ pid: Number(match[1]), args: match[2] ?? '' }] : []));
  } catch {
    return [];
  }
}

/**
 * `npm start` as real processes: the API, the ingest worker and the warehouse worker each run in a
 * process of their own, so killing one leaves the others working, and the supervisor restarts it.
 */
describe('the service as separate processes', () => {
  let replay: ReplayServer;
  let service: ServiceProcess;
  let dataDir: string;
  let headers: Record<string, string>;
  let suffix: string;
  const generation = async () => (await readManifest(dataLayout(dataDir).lakeDir))?.generation ?? 0;
  const answer = async (path: string) => {
    try {
      return (await fetch(`${service.apiUrl}${path}`, { headers })).status;
    } catch {
      return 'refused' as const;
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eids-processes-'));
    replay = await ReplayServer.start();
    // A new document every second, polled every second: (nearly) every poll is a commit.
    scriptDemoFeeds(replay, [FEED], { count: 8, seed: 11, tickMs: 1_000, startedAt: new Date() });
    const access = testAccess(dataLayout(dataDir).accessDbFile);
    headers = bearer((await access.issue('pro')).token);
    access.close();
    suffix = randomUUID().slice(0, 8);
    service = await startServiceProcess({
      DATA_DIR: dataDir,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      UPSTREAM_BASE_URL: replay.url,
      POLL_INTERVAL_SECONDS: '1',
      // A fixed port: the restarted API listens where the first one did.
      PORT: String(await findFreePort()),
      FEEDS: FEED.key,
      INGEST_TASK_QUEUE: `processes-ingest-${suffix}`,
      WAREHOUSE_TASK_QUEUE: `processes-warehouse-${suffix}`,
    });
  });

  afterAll(async () => {
    await service?.stop('SIGKILL');
    await replay?.close();
    await terminatePollers(inject('temporalAddress'), [FEED]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts quietly: no warning or error before it is ready', () => {
    expect(service.lines.filter((line) => /WARN|ERROR|Error/.test(line))).toEqual([]);
    expect(Object.keys(service.pids).sort()).toEqual(['API', 'ingest worker', 'warehouse worker']);
  });

  it('tells the CLIs where it is in DATA_DIR/service.json once it is ready', async () => {
    const record = JSON.parse(await readFile(dataLayout(dataDir).serviceFile, 'utf8')) as unknown;
    expect(record).toEqual({
      pid: service.process.pid,
      temporalAddress: inject('temporalAddress'),
      temporalNamespace: 'default',
      apiUrl: service.apiUrl,
      ingestTaskQueue: `processes-ingest-${suffix}`,
      warehouseTaskQueue: `processes-warehouse-${suffix}`,
      startedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
    });
  });

  it('refuses a second start over the same folder at once, leaving the first untouched', async () => {
    const children = () =>
      childProcesses(service.process.pid!)
        .map((child) => child.pid)
        .sort();
    const before = children();
    const second = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start.ts')], {
      cwd: ROOT,
      env: childEnvironment({}, { DATA_DIR: dataDir, TEMPORAL_ADDRESS: inject('temporalAddress') }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(`${second.stdout}${second.stderr}`).toContain(
      `a service already runs over ${dataDir} (pid ${service.process.pid}, API at ${service.apiUrl})`,
    );
    expect(await answer('/v1/incidents')).toBe(200);
    expect(children()).toEqual(before);
    const record = JSON.parse(await readFile(dataLayout(dataDir).serviceFile, 'utf8')) as { pid: number };
    expect(record.pid).toBe(service.process.pid);
  });

  it('keeps committing while the API process is dead, and restarts the API', async () => {
    await waitFor(async () => ((await generation()) >= 2 ? true : undefined), { what: 'the first commits' });
    process.kill(service.pids['API']!, 'SIGKILL');
    const killedAt = await generation();
    let duringOutage = killedAt;
    // Until the API answers again, watch the warehouse publish without it.
    await waitFor(
      async () => {
        if ((await answer('/v1/status')) === 200) return true;
        duringOutage = await generation();
        return undefined;
      },
      { timeoutMs: 60_000, what: 'the API to come back' },
    );
    expect(duringOutage).toBeGreaterThan(killedAt);
    await service.waitForLine(
      /\[eids\] WARN API \(pid \d+\) was killed by SIGKILL after .*; restarting it in 1\.0 s/,
    );
    expect(await answer('/v1/incidents')).toBe(200);
    // Its waits (the first commits, then up to a minute for the API) outlast the default time-out.
  }, 120_000);

  it('keeps answering while the ingest worker is dead, and polling resumes once it is restarted', async () => {
    process.kill(service.pids['ingest worker']!, 'SIGKILL');
    const restart = service.waitForLine(/\[eids\] WARN ingest worker \(pid \d+\) was killed by SIGKILL/);
    const statuses = new Set<number | string>();
    const feedStatuses = new Set<string>();
    const outageEnds = Date.now() + 3_000;
    while (Date.now() < outageEnds) {
      statuses.add(await answer('/v1/incidents'));
      const status = await fetch(`${service.apiUrl}/v1/status`);
      statuses.add(status.status);
      feedStatuses.add(((await status.json()) as { feeds: { status: string }[] }).feeds[0]!.status);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await restart;
    expect([...statuses]).toEqual([200]);
    // The last known health stands in while the poller's worker is gone.
    expect(feedStatuses.has('unknown')).toBe(false);
    const restarted = await generation();
    await waitFor(async () => ((await generation()) > restarted ? true : undefined), {
      timeoutMs: 90_000,
      what: 'a commit after the ingest worker restarted',
    });
    // A restarted worker bundles the workflows again before it polls: its wait, not the default 60 s.
  }, 150_000);

  it('stops every process on SIGTERM, in order and without a warning', async () => {
    // One process per role, whatever else (a restart under way) may be there for a moment.
    const processes = childProcesses(service.process.pid!);
    const roles = processes.map((child) => /\b(warehouse|ingest|api)$/.exec(child.args)?.[1]).filter(Boolean);
    expect(roles.sort(), JSON.stringify(processes)).toEqual(['api', 'ingest', 'warehouse']);
    const children = processes.map((child) => child.pid);
    const stoppingFrom = service.lines.length;
    const exit = await service.stop('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(children.filter(isRunning)).toEqual([]);
    // The feeds' own lines (a poll that failed, was held back or works again) may interleave; shutdown adds none.
    const shutdown = service.lines
      .slice(stoppingFrom)
      .filter((line) => !/poll failed|retraction guard held back|polling works again/.test(line));
    expect(shutdown).toEqual(['[eids] SIGTERM: stopping', '[eids] stopped']);
    expect(existsSync(dataLayout(dataDir).serviceFile)).toBe(false);
  });
});
