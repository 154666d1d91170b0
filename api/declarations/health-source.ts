import type { Client } from '@temporalio/client';
import type { DeclarationRefreshHealth } from '../../model/index.js';
import { DECLARATION_REFRESHER_WORKFLOW_ID } from '../../config/index.js';

/** The refresher's health; undefined when it cannot be asked (not running, Temporal unreachable). */
export interface DeclarationHealthSource {
  read(): Promise<DeclarationRefreshHealth | undefined>;
}

const QUERY_TIMEOUT_MS = 3_000;
const FRESH_FOR_MS = 5_000;

/**
 * Asks the refresher's `health` query, at most once every few seconds however many requests ask,
 * bounded by a time-out; its last answer stands in while the refresher cannot be asked.
 */
export class TemporalDeclarationHealthSource implements DeclarationHealthSource {
  private last: { health: DeclarationRefreshHealth; at: number } | undefined;
  private asking: Promise<void> | undefined;

  constructor(
    private readonly client: Client,
    private readonly workflowId = DECLARATION_REFRESHER_WORKFLOW_ID,
  ) {}

  async read(): Promise<DeclarationRefreshHealth | undefined> {
    if (!this.last || Date.now() - this.last.at > FRESH_FOR_MS) {
      this.asking ??= this.ask().finally(() => (this.asking = undefined));
      await this.asking;
    }
    return this.last?.health;
  }

  private async ask(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), QUERY_TIMEOUT_MS);
    });
    const health = await Promise.race([
      this.client.workflow
        .getHandle(this.workflowId)
        .query<DeclarationRefreshHealth>('health')
        .catch(() => undefined),
      timeout,
    ]).finally(() => clearTimeout(timer));
    if (health) this.last = { health, at: Date.now() };
  }
}
