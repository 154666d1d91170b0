import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataLayout, feedByKey, type FeedDefinition } from '../../config/index.js';
import { scriptDemoFeeds } from '../../replay/demo-feeds.js';
import { ReplayServer } from '../../replay/server.js';
import { findFreePort } from '../../runtime/ports.js';
import { waitFor } from '../support/harness.js';
import { isRunning, startServiceProcess, type ServiceProcess } from '../support/service-process.js';

const FEED: FeedDefinition = feedByKey('vic-emv-events')!;

/**
 * The dev server runs in a process group of its own (so Ctrl-C stops the workers before it), which
 * leaves it running when the service is killed outright; the next start must find and stop it.
 */
describe('a Temporal dev server left running by a killed service', () => {
  let replay: ReplayServer;
  let dataDir: string;
  let env: Record<string, string>;
  const started: ServiceProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eids-orphan-'));
    replay = await ReplayServer.start();
    scriptDemoFeeds(replay, [FEED], { count: 3, seed: 5, tickMs: 60_000, startedAt: new Date() });
    env = {
      DATA_DIR: dataDir,
      TEMPORAL_DEV_PORT: String(await findFreePort()),
      TEMPORAL_UI_PORT: String(await findFreePort()),
      PORT: String(await findFreePort()),
      FEEDS: FEED.key,
      UPSTREAM_BASE_URL: replay.url,
    };
  });

  afterAll(async () => {
    for (const service of started) await service.stop('SIGTERM');
    await replay?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is stopped by the next start, which says so in one line, and a clean stop leaves nothing behind', async () => {
    const first = await startServiceProcess(env);
    started.push(first);
    const orphan = first.pids['Temporal dev server']!;
    const children = [first.pids['warehouse worker']!, first.pids['ingest worker']!, first.pids['API']!];
    expect(existsSync(dataLayout(dataDir).temporalPidFile)).toBe(true);

    await first.stop('SIGKILL');
    // The Node children notice their supervisor is gone and stop; the dev server cannot, and stays.
    await waitFor(() => Promise.resolve(children.some(isRunning) ? undefined : true), {
      what: 'the children to stop by themselves',
    });
    expect(isRunning(orphan)).toBe(true);

    const second = await startServiceProcess(env);
    started.push(second);
    expect(second.lines).toContain(
      `[eids] stopped the Temporal dev server an earlier run left running (pid ${orphan})`,
    );
    expect(isRunning(orphan)).toBe(false);
    const server = second.pids['Temporal dev server']!;
    expect(server).not.toBe(orphan);

    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(isRunning(server)).toBe(false);
    expect(existsSync(dataLayout(dataDir).temporalPidFile)).toBe(false);
    expect(second.lines.filter((line) => /WARN|ERROR|Error/.test(line))).toEqual([]);
    // Two whole starts of the service, each with its own dev server: about a minute on a busy machine.
  }, 180_000);
});
