import type { Client } from '@temporalio/client';

/** Events read back from the end of a history to find why its workflow task fails. */
const EVENTS_READ_BACK = 50;

/**
 * Why a run's workflow task fails, from the last WorkflowTaskFailed event of its history (read from the
 * end, one page): the failure's message, e.g. "[TMPRL1100] Nondeterminism error: …". Undefined when the
 * history holds none (the task timed out instead) or cannot be read.
 */
export async function readWorkflowTaskFailure(
  client: Client,
  execution: { workflowId: string; runId: string },
): Promise<string | undefined> {
  try {
    const page = await client.workflowService.getWorkflowExecutionHistoryReverse({
      namespace: client.options.namespace,
      execution,
      maximumPageSize: EVENTS_READ_BACK,
    });
    for (const event of page.history?.events ?? []) {
      const failed = event.workflowTaskFailedEventAttributes;
      if (!failed) continue;
      const message = failed.failure?.message ?? '';
      return message.split('\n')[0] || 'its workflow task failed';
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/** The reported-problems value the server sets on a run whose workflow task keeps failing. */
export const WORKFLOW_TASK_FAILED_PROBLEM = 'category=WorkflowTaskFailed';

/** The system search attribute (Temporal server 1.28 and later) naming a run's problems. */
export const REPORTED_PROBLEMS_ATTRIBUTE = 'TemporalReportedProblems';
