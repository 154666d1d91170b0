import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  type Client,
  type WorkflowExecutionDescription,
} from '@temporalio/client';
import type { SearchAttributePair } from '@temporalio/common';
import {
  readWorkflowTaskFailure,
  REPORTED_PROBLEMS_ATTRIBUTE,
  WORKFLOW_TASK_FAILED_PROBLEM,
} from '../api/workflow-health/task-failure.js';
import { readStartCarried } from '../api/workflow-health/start-input.js';
import { CARRIED_MEMO_KEY } from '../model/index.js';
import type { ServiceLog } from './log.js';

/** Why a run was ended and another started in its place, for `KeptWorkflow.input`. */
export interface Restart {
  /** The stuck run's workflow task failure; undefined when the run had ended by itself. */
  taskFailure?: string | undefined;
}

/**
 * A workflow the service keeps running for as long as it runs (a poller, the refresher, the event
 * clusterer): how to start it, and how a new run carries on from what the last one kept.
 */
export interface KeptWorkflow {
  workflowId: string;
  workflowType: string;
  taskQueue: string;
  /** The input of a new run, from what the last run kept (its memo, or its own input) when there was one. */
  input(carried: unknown, restart: Restart | undefined): unknown;
  staticSummary?: string;
  staticDetails?: string;
  searchAttributes?(carried: unknown, restart: Restart | undefined): SearchAttributePair[];
}

export type KeepResult = 'running' | 'started' | 'restarted';

function problems(description: WorkflowExecutionDescription): string[] {
  const value: unknown = description.searchAttributes?.[REPORTED_PROBLEMS_ATTRIBUTE];
  return Array.isArray(value) ? value.map(String) : [];
}

/** What the run kept: its memo, or else (it never wrote one) what it was started with. */
function keptBy(client: Client, description: WorkflowExecutionDescription): Promise<unknown> {
  const memo: unknown = description.memo?.[CARRIED_MEMO_KEY];
  return memo !== undefined ? Promise.resolve(memo) : readStartCarried(client, description);
}

/**
 * Keeps the workflows running, and running well, once: starts one that is not running (carrying on
 * from its last run), and ends and starts again one whose workflow task keeps failing (a run the
 * server flags with TemporalReportedProblems): such a run never polls again by itself, and its state
 * is all in its memo, so a new run loses nothing (ADR 20). Safe to run from several processes at once.
 */
export async function keepWorkflow(client: Client, kept: KeptWorkflow, log: ServiceLog): Promise<KeepResult> {
  let description: WorkflowExecutionDescription | undefined;
  try {
    description = await client.workflow.getHandle(kept.workflowId).describe();
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
  let restart: Restart | undefined;
  if (description?.status.name === 'RUNNING') {
    if (!problems(description).includes(WORKFLOW_TASK_FAILED_PROBLEM)) return 'running';
    restart = {
      taskFailure: (await readWorkflowTaskFailure(client, description)) ?? 'its workflow task keeps failing',
    };
  } else if (description) {
    restart = {};
  }
  const carried = description ? await keptBy(client, description) : undefined;
  if (description && restart?.taskFailure !== undefined) {
    log.warn(
      `${kept.workflowId} is stuck: its workflow task fails (${restart.taskFailure}); starting it again from the state its last run kept`,
    );
    await client.workflow
      .getHandle(kept.workflowId, description.runId)
      .terminate(`stuck: its workflow task fails (${restart.taskFailure}); started again`)
      .catch(() => undefined);
  }
  try {
    await client.workflow.start(kept.workflowType, {
      workflowId: kept.workflowId,
      taskQueue: kept.taskQueue,
      args: [kept.input(carried, restart)],
      ...(kept.staticSummary ? { staticSummary: kept.staticSummary } : {}),
      ...(kept.staticDetails ? { staticDetails: kept.staticDetails } : {}),
      ...(kept.searchAttributes ? { typedSearchAttributes: kept.searchAttributes(carried, restart) } : {}),
    });
  } catch (error) {
    // Another process started it first.
    if (error instanceof WorkflowExecutionAlreadyStartedError) return 'running';
    throw error;
  }
  if (description && restart?.taskFailure === undefined) {
    log.info(
      `${kept.workflowId} was not running (${description.status.name.toLowerCase()}); started it again`,
    );
  }
  return restart ? 'restarted' : 'started';
}

/** Keeps each workflow (in parallel); one that cannot be kept now is tried again on the next round. */
export async function keepWorkflows(
  client: Client,
  kept: readonly KeptWorkflow[],
  log: ServiceLog,
): Promise<void> {
  const results = await Promise.allSettled(kept.map((workflow) => keepWorkflow(client, workflow, log)));
  const failed = results.flatMap((result, i) =>
    result.status === 'rejected'
      ? [
          `${kept[i]!.workflowId}: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`,
        ]
      : [],
  );
  if (failed.length > 0)
    throw new Error(`could not keep ${failed.length} workflows running: ${failed.join('; ')}`);
}

/**
 * Checks the kept workflows every `intervalMs` (one describe each) until stopped: a poller stuck on a
 * failing workflow task, or ended by someone, polls again within a round or two.
 */
export function startWorkflowDoctor(
  client: Client,
  kept: () => readonly KeptWorkflow[],
  log: ServiceLog,
  intervalMs = 15_000,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  let lastError: string | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = keepWorkflows(client, kept(), log)
        .then(() => {
          if (lastError !== undefined) log.info('keeping the service’s workflows running works again');
          lastError = undefined;
        })
        .catch((error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          if (message !== lastError) log.warn(`${message}; trying again in ${intervalMs / 1000} s`);
          lastError = message;
        })
        .finally(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
