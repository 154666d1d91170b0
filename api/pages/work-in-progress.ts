import type { Client } from '@temporalio/client';
import type { ArchiveLoadProgress, ReparseProgress } from '../../model/index.js';
import { withTimeout } from '../workflow-health/with-timeout.js';

/** A long job running now, as its `progress` query answers (undefined while it does not answer). */
export type RunningWork =
  | { kind: 'archive-load'; workflowId: string; startedAt: string; progress?: ArchiveLoadProgress }
  | { kind: 'backfill'; workflowId: string; startedAt: string; progress?: ReparseProgress };

export interface WorkSource {
  /** What was last read; never waits for Temporal. */
  current(): RunningWork[];
}

const KINDS = { archiveLoad: 'archive-load', reparseBackfill: 'backfill' } as const;
const QUERY = `WorkflowType IN (${Object.keys(KINDS)
  .map((type) => `'${type}'`)
  .join(', ')}) AND ExecutionStatus = 'Running'`;

/**
 * Archive loads and re-parse backfills in progress, read in the background every few seconds: one
 * visibility list, then each running job's `progress` query (few run at once; the CLIs ask the same).
 */
export class TemporalWorkSource implements WorkSource {
  private last: RunningWork[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: Client,
    private readonly refreshMs = 5_000,
  ) {}

  current(): RunningWork[] {
    return this.last;
  }

  start(): void {
    const loop = () => {
      this.timer = setTimeout(() => void this.read().finally(loop), this.refreshMs);
      this.timer.unref();
    };
    void this.read().finally(loop);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private async read(): Promise<void> {
    const found: RunningWork[] = [];
    try {
      for await (const info of this.client.workflow.list({ query: QUERY })) {
        const kind = KINDS[info.type as keyof typeof KINDS];
        if (!kind) continue;
        const progress = await withTimeout(
          this.client.workflow
            .getHandle(info.workflowId, info.runId)
            .query<ArchiveLoadProgress | ReparseProgress>('progress')
            .catch(() => undefined),
          3_000,
        );
        const startedAt = info.startTime.toISOString();
        found.push(
          kind === 'archive-load'
            ? { kind, workflowId: info.workflowId, startedAt, progress: progress as ArchiveLoadProgress }
            : { kind, workflowId: info.workflowId, startedAt, progress: progress as ReparseProgress },
        );
      }
      this.last = found;
    } catch {
      // Temporal unreachable: keep the last list; feed health says the same more loudly.
    }
  }
}
