import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client, Connection } from '@temporalio/client';
import { childEnvironment, pollerWorkflowId, type FeedDefinition } from '../../config/index.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** `npm start` (scripts/start.ts) as a real process tree, its output collected line by line. */
export interface ServiceProcess {
  process: ChildProcess;
  apiUrl: string;
  /** Pid of each child, by the supervisor's name for it ("API", "ingest worker", …). */
  pids: Record<string, number>;
  /** Every line the supervisor and its children printed so far (stdout and stderr). */
  lines: string[];
  /** Waits for a line (printed already or to come) that matches. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Sends a signal and waits for the supervisor to exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startServiceProcess(
  env: Record<string, string>,
  script = 'start.ts',
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', script)], {
    cwd: ROOT,
    env: childEnvironment({}, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const onLine = (line: string) => {
    lines.push(line);
    for (const waiter of waiters) {
      if (waiter.pattern.test(line)) {
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  };
  createInterface({ input: child.stdout }).on('line', onLine);
  createInterface({ input: child.stderr }).on('line', onLine);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const waitForLine = (pattern: RegExp, timeoutMs = 60_000) => {
    const seen = lines.find((line) => pattern.test(line));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      const waiter = { pattern, resolve };
      waiters.add(waiter);
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; output:\n${lines.join('\n')}`));
      }, timeoutMs);
      void exited.then(() => {
        if (!waiters.has(waiter)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        reject(new Error(`the service exited before printing ${pattern}; output:\n${lines.join('\n')}`));
      });
      const done = waiter.resolve;
      waiter.resolve = (line) => {
        clearTimeout(timer);
        done(line);
      };
    });
  };

  const banner = await waitForLine(/\] processes: /, 180_000);
  const api = await waitForLine(/\] API http:\/\/\S+\/v1 /);
  const pids = Object.fromEntries(
    [...banner.matchAll(/(Temporal dev server|warehouse worker|ingest worker|API) (\d+)/g)].map((m) => [
      m[1]!,
      Number(m[2]),
    ]),
  );
  return {
    process: child,
    apiUrl: /(http:\/\/\S+)\/v1 /.exec(api)![1]!,
    pids,
    lines,
    waitForLine,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Whether a process with this pid runs (a zombie, ended but not yet reaped, does not). */
export function isRunning(pid: number): boolean {
  try {
    const state = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return state !== '' && !state.startsWith('Z');
  } catch {
    return false;
  }
}

/** Ends a test's pollers on the shared dev server, so they do not outlive the test's workers. */
export async function terminatePollers(address: string, feeds: readonly FeedDefinition[]): Promise<void> {
  const connection = await Connection.connect({ address });
  try {
    const client = new Client({ connection });
    await Promise.all(
      feeds.map((feed) =>
        client.workflow
          .getHandle(pollerWorkflowId(feed))
          .terminate('test finished')
          .catch(() => undefined),
      ),
    );
  } finally {
    await connection.close();
  }
}
