/** What the workflows that fetch on the ingest workers and write through the warehouse start with. */
export interface FetchingWorkflowInput {
  ingestTaskQueue: string;
  warehouseTaskQueue: string;
  /** Attempts per fetch within one poll or refresh (default 3); the next one is the real retry. */
  fetchMaximumAttempts?: number;
}
