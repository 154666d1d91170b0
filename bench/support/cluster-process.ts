import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { childEnvironment, dataLayout } from '../../config/index.js';
import { PROJECT_ROOT } from '../../runtime/paths.js';
import type { RunningServiceRecord } from '../../runtime/service-file.js';

/** One line the cluster printed, with when (ms since the epoch). */
export interface TimedLine {
  at: number;
  line: string;
}

/** `npm run cluster` as an operator runs it: its own process, its lines kept with their times. */
export interface ClusterProcess {
  root: string;
  lines: TimedLine[];
  /** service.json as written now (pids change as processes are restarted). */
  record(): RunningServiceRecord;
  /** The current pid of a process by its name (`api-1`, `writer`, `postgres` …). */
  pidOf(name: string): number;
  /** Ctrl-C: SIGINT to the cluster, then waits for it to exit. */
  stop(): Promise<void>;
}

/** A request-log line (one per request): not a line about the service's state. */
export const REQUEST_LINE = /^\[api-\d+\] (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \//;

export async function startClusterProcess(
  root: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<ClusterProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'cluster.ts'), ...args],
    {
      cwd: PROJECT_ROOT,
      env: childEnvironment(
        {},
        { DATA_DIR: root, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
      ),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: TimedLine[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream!, crlfDelay: Infinity }).on('line', (line) =>
      lines.push({ at: Date.now(), line }),
    );
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const serviceFile = dataLayout(root).serviceFile;
  const record = () => JSON.parse(readFileSync(serviceFile, 'utf8')) as RunningServiceRecord;
  for (const deadline = Date.now() + 300_000; !lines.some((l) => l.line.includes('Ctrl-C stops all'));) {
    if (child.exitCode !== null)
      throw new Error(`the cluster exited at start:\n${lines.map((l) => l.line).join('\n')}`);
    if (Date.now() > deadline) throw new Error('the cluster did not start within 5 minutes');
    await delay(500);
  }
  return {
    root,
    lines,
    record,
    pidOf: (name) => {
      const pid = record().processes?.find((p) => p.name === name)?.pid;
      if (!pid) throw new Error(`no pid for ${name} in ${serviceFile}`);
      return pid;
    },
    stop: async () => {
      child.kill('SIGINT');
      await Promise.race([exited, delay(120_000)]);
    },
  };
}

/** Every process below `pid` (its children, theirs …), from /proc: PostgreSQL's backends are in sessions of their own. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry);
    if (!Number.isInteger(child)) continue;
    try {
      const stat = readFileSync(`/proc/${child}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), child]);
    } catch {
      // Gone since the listing.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}
