import { fork } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import type { ReadyMessage } from './child-main.js';
import { PROJECT_ROOT } from './paths.js';
import type { Role } from './roles.js';
import type { ChildProcessHandle, ChildSpec } from './supervisor.js';

const CHILD_MAIN = join(PROJECT_ROOT, 'runtime', 'child-main.ts');

export interface NodeChildOptions {
  name: string;
  role: Role;
  /** The child's whole environment: its settings come from here. */
  env: Record<string, string | undefined>;
  /** How long a SIGTERM may take before SIGKILL (a worker finishing its activities). */
  stopTimeoutMs: number;
  /** Bundling workflows on a busy machine takes a while. */
  readyTimeoutMs?: number;
  onReady?: (message: ReadyMessage) => void;
  /** Each line the child prints, instead of this process's terminal (several children of one role). */
  onOutput?: (line: string) => void;
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal !== null ? `was killed by ${signal}` : `exited with code ${code}`;
}

/**
 * One role of the service in a Node process of its own (runtime/child-main.ts), with the same module
 * loader as this process (tsx). Ready when it says so over IPC.
 */
export function nodeChild(options: NodeChildOptions): ChildSpec {
  return {
    name: options.name,
    start: () =>
      new Promise<ChildProcessHandle>((resolve, reject) => {
        const child = fork(CHILD_MAIN, [options.role], {
          env: options.env,
          execArgv: process.execArgv,
          stdio: [
            'ignore',
            options.onOutput ? 'pipe' : 'inherit',
            options.onOutput ? 'pipe' : 'inherit',
            'ipc',
          ],
        });
        const output = options.onOutput;
        if (output) {
          for (const stream of [child.stdout, child.stderr]) {
            if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', output);
          }
        }
        const exited = new Promise<string>((resolveExit) =>
          child.once('exit', (code, signal) => resolveExit(describeExit(code, signal))),
        );
        const stop = async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const result = await Promise.race([exited, delay(options.stopTimeoutMs, null)]);
          if (result === null) {
            child.kill('SIGKILL');
            await exited;
          }
        };
        const timer = setTimeout(() => {
          reject(new Error(`${options.name} was not ready within ${options.readyTimeoutMs ?? 180_000} ms`));
          void stop();
        }, options.readyTimeoutMs ?? 180_000);
        child.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        void exited.then((how) => {
          clearTimeout(timer);
          reject(new Error(`${options.name} ${how} before it was ready`));
        });
        child.on('message', (message: ReadyMessage) => {
          if (message.type !== 'ready') return;
          clearTimeout(timer);
          options.onReady?.(message);
          resolve({ pid: child.pid, exited, stop });
        });
      }),
  };
}
