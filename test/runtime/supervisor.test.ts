import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceLog } from '../../runtime/log.js';
import {
  DEFAULT_RESTART_POLICY,
  restartDelayMs,
  Supervisor,
  type ChildProcessHandle,
  type ChildSpec,
} from '../../runtime/supervisor.js';
import { waitFor } from '../support/harness.js';

/** A real process that runs until told to stop (SIGTERM) and records, in `stops`, the order it was stopped in. */
function sleeper(name: string, stops: string[], started: number[]): ChildSpec {
  return {
    name,
    start: () => {
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      const exited = new Promise<string>((resolve) =>
        child.once('exit', (code, signal) =>
          resolve(signal !== null ? `was killed by ${signal}` : `exited with code ${code}`),
        ),
      );
      started.push(child.pid!);
      const handle: ChildProcessHandle = {
        pid: child.pid,
        exited,
        stop: async () => {
          stops.push(name);
          child.kill('SIGTERM');
          await exited;
        },
      };
      return Promise.resolve(handle);
    },
  };
}

const quick = { initialDelayMs: 100, maxDelayMs: 400, stableAfterMs: 60_000 };

describe('the supervisor, over real child processes', () => {
  let supervisor: Supervisor | undefined;
  afterEach(async () => {
    await supervisor?.stop();
  });

  it('restarts a child that dies, with one line naming it, how it ended and when it comes back', async () => {
    const lines: string[] = [];
    const log = createServiceLog({
      process: 'eids',
      level: 'info',
      format: 'text',
      write: (l) => lines.push(l),
    });
    supervisor = new Supervisor(log, quick);
    const started: number[] = [];
    const [first] = await supervisor.startAll([sleeper('ingest worker', [], started)]);
    process.kill(first!.pid!, 'SIGKILL');
    await waitFor(() => Promise.resolve(lines.length === 2 ? true : undefined), { what: 'the restart' });
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\[eids\\] WARN ingest worker \\(pid ${first!.pid}\\) was killed by SIGKILL after \\d+\\.\\d s; restarting it in 0\\.1 s$`,
        ),
      ) as unknown,
      `[eids] ingest worker is running again (pid ${started[1]})`,
    ]);
    expect(supervisor.pids()).toEqual([{ name: 'ingest worker', pid: started[1] }]);

    // A second crash in a row waits twice as long.
    process.kill(started[1]!, 'SIGKILL');
    await waitFor(() => Promise.resolve(started.length === 3 ? true : undefined), {
      what: 'the second restart',
    });
    expect(lines[2]).toMatch(/restarting it in 0\.2 s$/);
  });

  it('stops children in the reverse of the order they were started, and restarts none of them', async () => {
    const lines: string[] = [];
    const log = createServiceLog({
      process: 'eids',
      level: 'info',
      format: 'text',
      write: (l) => lines.push(l),
    });
    supervisor = new Supervisor(log, quick);
    const stops: string[] = [];
    const started: number[] = [];
    await supervisor.start(sleeper('Temporal dev server', stops, started));
    await supervisor.startAll(
      ['warehouse worker', 'ingest worker', 'API'].map((n) => sleeper(n, stops, started)),
    );
    await supervisor.stop();
    expect(stops).toEqual(['API', 'ingest worker', 'warehouse worker', 'Temporal dev server']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(started.length).toBe(4);
    expect(lines).toEqual([]);
  });

  it('runs the others when an optional child cannot start, and starts it once it can', async () => {
    const lines: string[] = [];
    const log = createServiceLog({
      process: 'eids',
      level: 'info',
      format: 'text',
      write: (l) => lines.push(l),
    });
    supervisor = new Supervisor(log, quick);
    const started: number[] = [];
    let refusals = 2;
    const real = sleeper('writer', [], started);
    const writer: ChildSpec = {
      name: 'writer',
      optional: true,
      start: () => (refusals-- > 0 ? Promise.reject(new Error('writer exited with code 1')) : real.start()),
    };
    const handles = await supervisor.startAll([writer, sleeper('api-1', [], started)]);
    expect(handles).toHaveLength(1);
    expect(started).toHaveLength(1);
    await waitFor(() => Promise.resolve(started.length === 2 ? true : undefined), { what: 'the writer' });
    expect(lines).toEqual([
      '[eids] WARN writer could not be started (writer exited with code 1); restarting it in 0.1 s',
      '[eids] WARN writer could not be started (writer exited with code 1); restarting it in 0.2 s',
      `[eids] writer is running again (pid ${started[1]})`,
    ]);
  });

  it('stops everything when a child that is not optional cannot start', async () => {
    const log = createServiceLog({ process: 'eids', level: 'info', format: 'text', write: () => undefined });
    supervisor = new Supervisor(log, quick);
    const stops: string[] = [];
    const broken: ChildSpec = { name: 'api-1', start: () => Promise.reject(new Error('EADDRINUSE')) };
    await expect(supervisor.startAll([sleeper('writer', stops, []), broken])).rejects.toThrow('EADDRINUSE');
    expect(stops).toEqual(['writer']);
  });

  it('doubles the delay for each crash in a row, up to the maximum', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((n) => restartDelayMs(DEFAULT_RESTART_POLICY, n));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });
});
