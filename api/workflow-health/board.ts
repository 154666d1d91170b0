import type { Client, WorkflowExecutionInfo } from '@temporalio/client';
import { CARRIED_MEMO_KEY } from '../../model/index.js';
import { readStartCarried } from './start-input.js';
import { Reachability } from '../../telemetry/reachability.js';
import { withTimeout } from './with-timeout.js';
import {
  readWorkflowTaskFailure,
  REPORTED_PROBLEMS_ATTRIBUTE,
  WORKFLOW_TASK_FAILED_PROBLEM,
} from './task-failure.js';

/** What the board last saw of one workflow. */
export interface Observation {
  /** Its latest run is open. */
  running: boolean;
  /** What the run keeps in its memo (its health among it); kept from earlier reads when it is gone. */
  carried?: unknown;
  /** What its `health` query answered, for runs older than the memo (ADR 20). */
  queried?: unknown;
  /** Its workflow task keeps failing: why. */
  taskFailure?: string;
}

export interface WorkflowHealthBoardOptions {
  /** How often the board reads (default 2 s). */
  refreshMs?: number;
  /** Bound on one read (default 3 s). */
  readTimeoutMs?: number;
  /** One line when reads have failed for a while (`away`), one when they work again (`back`). */
  log?: (line: string, level: 'warn' | 'info') => void;
}

/** Reads that fail for less than this are a blip under load, said nowhere. */
const REPORT_AFTER_MS = 10_000;

const QUERY_TIMEOUT_MS = 3_000;

function quoted(id: string): string {
  return `'${id.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

function reportedProblems(info: WorkflowExecutionInfo): string[] {
  const value: unknown = info.searchAttributes?.[REPORTED_PROBLEMS_ATTRIBUTE];
  return Array.isArray(value) ? value.map(String) : [];
}

/**
 * The health of a set of long-running workflows (pollers, the declaration refresher), read in the
 * background from Temporal's visibility store: one list call per read, which runs no workflow code
 * (a query on a run its worker has not cached makes the worker replay it, ADR 20). A run's health is
 * its memo; a run whose workflow task keeps failing is flagged by the server, and the failure is read
 * from its history once per run. Requests read the last observation and never wait for Temporal.
 */
export class WorkflowHealthBoard {
  private readonly observations = new Map<string, Observation>();
  /** Per stuck run (by run id): why its task fails, and what it was started with. */
  private readonly failures = new Map<string, string | undefined>();
  private readonly started = new Map<string, unknown>();
  private lastRead: Date | undefined;
  /** Whether Temporal answers the board's reads. */
  readonly reachability: Reachability;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;
  private readonly refreshMs: number;
  private readonly readTimeoutMs: number;

  constructor(
    private readonly client: Client,
    private readonly workflowIds: readonly string[],
    private readonly options: WorkflowHealthBoardOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 2_000;
    this.readTimeoutMs = options.readTimeoutMs ?? 3_000;
    const log = options.log;
    this.reachability = new Reachability('Temporal', {
      timeoutMs: this.readTimeoutMs,
      reportAfterMs: REPORT_AFTER_MS,
      metricsName: 'temporal',
      onDown: (reason) =>
        log?.(
          `reading feed health from Temporal fails (${reason}); the last health read is served, and /v1/status says since when`,
          'warn',
        ),
      onBack: (awayMs) =>
        log?.(`reading feed health from Temporal works again after ${Math.round(awayMs / 1000)} s`, 'info'),
    });
  }

  /** Reads now and then every `refreshMs`; resolves after the first read or `firstReadMs`, whichever is sooner. */
  async start(firstReadMs = 2_000): Promise<void> {
    const first = this.read();
    const loop = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.read().finally(loop), this.refreshMs);
      this.timer.unref();
    };
    void first.finally(loop);
    await withTimeout(first, firstReadMs);
  }

  /**
   * No more reads; resolves once a read in flight has ended (within its time limit), so the process
   * does not leave a query behind for a worker to answer to nobody.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.reading;
  }
  private stopped = false;

  /** When the observations were last read whole; undefined before the first good read. */
  get observedAt(): Date | undefined {
    return this.lastRead;
  }

  observation(workflowId: string): Observation | undefined {
    return this.observations.get(workflowId);
  }

  /** One read (shared by concurrent callers); a failed read keeps the last observations. */
  read(): Promise<void> {
    // Within its time limit; a failure is said by the reachability once it lasts (a blip is not).
    this.reading ??= this.reachability
      .call(() => this.readOnce())
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async readOnce(): Promise<true> {
    if (this.workflowIds.length === 0) {
      this.lastRead = new Date();
      return true;
    }
    const query = `WorkflowId IN (${this.workflowIds.map(quoted).join(', ')}) AND ExecutionStatus = 'Running'`;
    const running = new Map<string, WorkflowExecutionInfo>();
    for await (const info of this.client.workflow.list({ query })) running.set(info.workflowId, info);
    const next = new Map<string, Observation>();
    await Promise.all(
      this.workflowIds.map(async (id) => {
        const info = running.get(id);
        const before = this.observations.get(id);
        if (!info) {
          if (before) next.set(id, { ...before, running: false, taskFailure: undefined });
          return;
        }
        const carried: unknown = info.memo?.[CARRIED_MEMO_KEY];
        const observation: Observation = { running: true, carried: carried ?? before?.carried };
        const stuck = reportedProblems(info).includes(WORKFLOW_TASK_FAILED_PROBLEM);
        // A run older than the memo answers a query; a stuck one cannot.
        if (carried === undefined && !stuck) observation.queried = await this.query(id);
        if (stuck) {
          observation.taskFailure = await this.taskFailure(id, info.runId);
          // Stuck before it wrote a memo: what it was started with is what it knows.
          observation.carried ??= await this.startCarried(id, info.runId);
        }
        next.set(id, observation);
      }),
    );
    this.observations.clear();
    for (const [id, observation] of next) this.observations.set(id, observation);
    // Forget what was read of runs that are no longer open.
    const open = new Set([...running.values()].map((info) => info.runId));
    for (const byRun of [this.failures, this.started]) {
      for (const runId of byRun.keys()) if (!open.has(runId)) byRun.delete(runId);
    }
    this.lastRead = new Date();
    return true;
  }

  private query(workflowId: string): Promise<unknown> {
    return withTimeout(
      this.client.workflow
        .getHandle(workflowId)
        .query('health')
        .catch(() => undefined),
      QUERY_TIMEOUT_MS,
    );
  }

  private async startCarried(workflowId: string, runId: string): Promise<unknown> {
    if (!this.started.has(runId)) {
      this.started.set(runId, await readStartCarried(this.client, { workflowId, runId }));
    }
    return this.started.get(runId);
  }

  private async taskFailure(workflowId: string, runId: string): Promise<string> {
    if (!this.failures.has(runId)) {
      this.failures.set(runId, await readWorkflowTaskFailure(this.client, { workflowId, runId }));
    }
    return this.failures.get(runId) ?? 'its workflow task keeps failing';
  }
}
