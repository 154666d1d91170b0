import { setTimeout as delay } from 'node:timers/promises';
import type { ServiceLog } from './log.js';

/** One running child process, however it was started (a forked Node process, the Temporal CLI). */
export interface ChildProcessHandle {
  pid: number | undefined;
  /** Resolves when the process has ended, with how it ended ("was killed by SIGKILL"). */
  exited: Promise<string>;
  /** Asks it to stop and waits; kills it when it does not stop in time. */
  stop(): Promise<void>;
}

export interface ChildSpec {
  /** For people: "ingest worker". */
  name: string;
  /** Starts the process and resolves once it is ready; rejects when it cannot start. */
  start(): Promise<ChildProcessHandle>;
  /**
   * The others run without it: a first start that fails is said and tried again like a crash, instead
   * of stopping everything (the writer: readers serve the bucket's lake whether or not it runs).
   */
  optional?: boolean;
}

export interface RestartPolicy {
  /** First restart delay; it doubles for each crash in a row, up to `maxDelayMs`. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A child that ran this long before crashing starts again from `initialDelayMs`. */
  stableAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 1_000,
  maxDelayMs: 30_000,
  stableAfterMs: 60_000,
};

/** The delay before restart number `crashesInARow` (1-based). */
export function restartDelayMs(policy: RestartPolicy, crashesInARow: number): number {
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.max(0, crashesInARow - 1));
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

interface Supervised {
  spec: ChildSpec;
  current: ChildProcessHandle | undefined;
  watching: Promise<void>;
}

/**
 * Keeps child processes running: each that ends on its own is started again after a back-off, with one
 * log line saying so; `stop()` stops them one at a time, last started first.
 */
export class Supervisor {
  private readonly children: Supervised[] = [];
  private stopping = false;
  private stopped: Promise<void> | undefined;
  private readonly stopRequested: Promise<void>;
  private requestStop: () => void = () => undefined;

  /** Told after a child is started again (its pid changed): a record of the pids can be rewritten. */
  onRestart: () => void = () => undefined;

  constructor(
    private readonly log: ServiceLog,
    private readonly policy: RestartPolicy = DEFAULT_RESTART_POLICY,
    private readonly now: () => number = Date.now,
  ) {
    this.stopRequested = new Promise((resolve) => (this.requestStop = resolve));
  }

  /** Starts a child and supervises it from then on; a first start that fails is the caller's error. */
  async start(spec: ChildSpec): Promise<ChildProcessHandle> {
    const [handle] = await this.startAll([spec]);
    return handle!;
  }

  /**
   * Starts children at the same time and supervises them; `stop()` stops them in the reverse of this
   * order. If one cannot start, the others are stopped and its error is thrown.
   */
  async startAll(specs: readonly ChildSpec[]): Promise<ChildProcessHandle[]> {
    const started = await Promise.allSettled(specs.map((spec) => spec.start()));
    const failed = started.find((result, i) => result.status === 'rejected' && !specs[i]!.optional);
    if (failed || this.stopping) {
      for (const result of started) if (result.status === 'fulfilled') await result.value.stop();
      throw failed?.status === 'rejected' ? failed.reason : new Error('stopped while starting');
    }
    const handles = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    specs.forEach((spec, i) => {
      const handle = handles[i];
      const outcome = started[i]!;
      const supervised: Supervised = { spec, current: handle, watching: Promise.resolve() };
      const startError = outcome.status === 'rejected' ? reasonOf(outcome.reason) : '';
      supervised.watching = this.watch(supervised, handle, startError);
      this.children.push(supervised);
    });
    return handles.filter((handle): handle is ChildProcessHandle => handle !== undefined);
  }

  /** The pid each child runs as now. */
  pids(): { name: string; pid: number | undefined }[] {
    return this.children.map(({ spec, current }) => ({ name: spec.name, pid: current?.pid }));
  }

  /** Stops every child, last started first. Every call returns the same stop. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      this.stopping = true;
      this.requestStop();
      for (const child of [...this.children].reverse()) {
        await child.current?.stop();
        await child.watching;
      }
    })();
    return this.stopped;
  }

  private async watch(
    child: Supervised,
    first: ChildProcessHandle | undefined,
    firstError: string,
  ): Promise<void> {
    let handle: ChildProcessHandle | undefined = first;
    let startedAt = this.now();
    let crashesInARow = 0;
    let startError = firstError;
    for (;;) {
      const how: string = handle
        ? await Promise.race([handle.exited, this.stopRequested.then(() => '')])
        : '';
      if (this.stopping) return;
      const ran = this.now() - startedAt;
      crashesInARow = ran >= this.policy.stableAfterMs ? 1 : crashesInARow + 1;
      const wait = restartDelayMs(this.policy, crashesInARow);
      const what = handle
        ? `(pid ${handle.pid}) ${how} after ${seconds(ran)}`
        : `could not be started (${startError})`;
      this.log.warn(`${child.spec.name} ${what}; restarting it in ${seconds(wait)}`);
      child.current = undefined;
      await Promise.race([delay(wait), this.stopRequested]);
      if (this.stopping) return;
      startedAt = this.now();
      handle = await child.spec.start().catch((error: unknown) => {
        startError = reasonOf(error);
        return undefined;
      });
      child.current = handle;
      if (handle && !this.stopping) {
        this.log.info(`${child.spec.name} is running again (pid ${handle.pid})`);
        this.onRestart();
      }
      // Stopping began while it was starting: it is ours to stop.
      if (this.stopping) {
        await handle?.stop();
        return;
      }
    }
  }
}
