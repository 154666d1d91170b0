import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { childEnvironment } from '../../config/index.js';

const CHILD = join(import.meta.dirname, 'replica-child.ts');

/** API replicas as processes of their own (test/support/replica-child.ts), on loopback ports. */
export interface ReplicaProcess {
  child: ChildProcess;
  url: string;
  /** SIGTERM, and waits for the exit: a graceful stop that gives back unused leases. */
  stop(): Promise<void>;
  /** SIGKILL, and waits for the exit: a crash. */
  kill(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** `lines`: where the replica's output goes, line by line, instead of this process's terminal. */
export function startReplica(env: Record<string, string>, lines?: string[]): Promise<ReplicaProcess> {
  const child = fork(CHILD, [], {
    env: childEnvironment({}, env),
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', lines ? 'pipe' : 'inherit', lines ? 'pipe' : 'inherit', 'ipc'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream && lines)
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => lines.push(line));
  }
  return new Promise((resolve, reject) => {
    const early = (code: number | null) =>
      reject(new Error(`a replica exited with ${code} before it listened`));
    child.once('exit', early);
    child.on('message', (message: { url?: string }) => {
      if (!message.url) return;
      child.off('exit', early);
      resolve({
        child,
        url: message.url,
        stop: () => (child.kill('SIGTERM'), exited(child)),
        kill: () => (child.kill('SIGKILL'), exited(child)),
      });
    });
  });
}
