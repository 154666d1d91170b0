import type { Client } from '@temporalio/client';

/**
 * What a run was started with under `carried` (the state it carried on from), read from the first
 * event of its history: for a run that never wrote its memo (it got stuck first, or it is older than
 * the memo). Undefined when it carried nothing or the history cannot be read.
 */
export async function readStartCarried(
  client: Client,
  execution: { workflowId: string; runId: string },
): Promise<unknown> {
  try {
    const page = await client.workflowService.getWorkflowExecutionHistory({
      namespace: client.options.namespace,
      execution,
      maximumPageSize: 1,
    });
    const payload = page.history?.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0];
    if (!payload) return undefined;
    const input: unknown = client.options.loadedDataConverter.payloadConverter.fromPayload(payload);
    return (input as { carried?: unknown } | undefined)?.carried;
  } catch {
    return undefined;
  }
}
