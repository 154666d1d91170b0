import {
  ApplicationFailure,
  type LogLevel as SdkLevel,
  type LogMetadata,
  type Logger,
} from '@temporalio/common';
import { Runtime } from '@temporalio/worker';
import { Unreachable } from '../telemetry/reachability.js';
import type { LogLevel, ServiceLog } from './log.js';

/** What the SDK says that is true by design here, so not worth a line. */
const EXPECTED_MESSAGES = new Set([
  // The warehouse worker runs activities only.
  'No workflows registered, not polling for workflow tasks',
  // A worker that was paused (or cut off) past a task's time-out finishes it after Temporal gave it to
  // another worker: the other's result stands, and commits are idempotent by poll id.
  'Activity not found on completion. This may happen if the activity has already been cancelled but completed anyway.',
  'Task not found when completing',
]);

/** Bookkeeping the SDK attaches to every line; the workflow id and activity type are kept. */
const NOISE = new Set([
  'sdkComponent',
  'taskToken',
  'namespace',
  'taskQueue',
  'runId',
  'workflowRunId',
  'workflowType',
  'activityId',
  'isLocal',
  'durationMs',
  'attempt',
]);

const LEVELS: Record<SdkLevel, LogLevel> = {
  TRACE: 'debug',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/** The core's line for each failed attempt of a workflow task (it repeats on every retry). */
const FAILING_WORKFLOW_TASK = 'Failing workflow task';

/** The failure's message inside the core's debug rendering of it. */
function failureMessage(failure: unknown): string {
  const text = typeof failure === 'string' ? failure : JSON.stringify(failure ?? '');
  const match = /message: "((?:[^"\\]|\\.)*)"/.exec(text);
  return (match?.[1] ?? text).replaceAll('\\"', '"').split('\\n')[0]!;
}

/**
 * The Temporal SDK's logger for this process: its lines go through the service log, condensed to one
 * line (no task tokens), with stacks only for bugs. Expected upstream failures are BENIGN application
 * failures, which the SDK already logs at debug; the poller writes one line per failed poll.
 */
export class TemporalLog implements Logger {
  /** Runs whose failing workflow task was reported already (a bounded set). */
  private readonly failingRuns = new Set<string>();

  constructor(private readonly out: ServiceLog) {}

  log(level: SdkLevel, message: string, meta: LogMetadata = {}): void {
    if (message === FAILING_WORKFLOW_TASK) {
      this.failingTask(meta);
      return;
    }
    // The SDK's own info lines (worker states, bundler statistics) are detail; workflow code's are ours.
    const fromWorkflow = meta['sdkComponent'] === 'workflow';
    // A shared piece that is away (the bucket) was said once by this process: each retry is detail.
    const away = meta['error'] instanceof Unreachable;
    const ours = (level === 'INFO' && !fromWorkflow) || away ? 'debug' : LEVELS[level];
    if (!this.out.enabled(ours)) return;
    if (EXPECTED_MESSAGES.has(message) && ours !== 'error') return;
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(meta)) if (!NOISE.has(key)) fields[key] = value;
    const error: unknown = meta['error'];
    // Workflow code writes whole sentences (the poller's failure line); the SDK's own lines get context.
    const feedKey: unknown = meta['feedKey'];
    const context = fromWorkflow
      ? typeof feedKey === 'string' && !message.includes(feedKey)
        ? feedKey
        : ''
      : [meta['activityType'], meta['workflowId']].filter((part) => typeof part === 'string').join(' ');
    // An ApplicationFailure is a decision the code made (an upstream refused, a body was bad): no stack.
    const bug = error instanceof Error && !(error instanceof ApplicationFailure);
    this.out[ours](context ? `${message} (${context})` : message, {
      ...fields,
      ...(bug ? { bug: true } : {}),
    });
  }
  /** Once per run, with why: the core repeats the line, without the error in text logs, at every retry. */
  private failingTask(meta: LogMetadata): void {
    const run = String(meta['run_id'] ?? meta['runId'] ?? '');
    if (this.failingRuns.has(run)) return;
    if (this.failingRuns.size >= 1_000) this.failingRuns.clear();
    this.failingRuns.add(run);
    this.out.warn(
      `a workflow task failed (run ${run || 'unknown'}): ${failureMessage(meta['failure'])}; it is retried, and a poller whose task keeps failing is started again from its memo`,
    );
  }

  trace(message: string, meta?: LogMetadata): void {
    this.log('TRACE', message, meta);
  }
  debug(message: string, meta?: LogMetadata): void {
    this.log('DEBUG', message, meta);
  }
  info(message: string, meta?: LogMetadata): void {
    this.log('INFO', message, meta);
  }
  warn(message: string, meta?: LogMetadata): void {
    this.log('WARN', message, meta);
  }
  error(message: string, meta?: LogMetadata): void {
    this.log('ERROR', message, meta);
  }
}

/**
 * Installs the SDK runtime once per process, before any worker or connection: our logger (the core's
 * own lines forwarded to it) and no signal handlers, so the process stops its workers itself, in order.
 */
export function installTemporalRuntime(
  log: ServiceLog,
  level: LogLevel,
  /** host:port where the SDK serves its worker metrics in Prometheus's format; none when absent. */
  metricsAddress?: string,
): void {
  const core = level === 'debug' ? 'INFO' : 'WARN';
  Runtime.install({
    logger: new TemporalLog(log),
    shutdownSignals: [],
    telemetryOptions: {
      logging: { filter: { core, other: 'ERROR' }, forward: {} },
      ...(metricsAddress ? { metrics: { prometheus: { bindAddress: metricsAddress } } } : {}),
    },
  });
}
