import { pollerWorkflowId, type FeedDefinition } from '../config/index.js';
import { initialFeedHealth, observedHealth, type FeedHealth, type PollerCarry } from '../model/index.js';
import type { WorkflowHealthBoard } from './workflow-health/board.js';

/** Each feed's health as last observed, and when it was observed (undefined: never yet). */
export interface FeedHealthSource {
  /** Resolves at once from what was last observed. */
  read(feeds: readonly FeedDefinition[]): Promise<(FeedHealth | undefined)[]>;
  /** When the health was last read whole from Temporal. */
  readonly observedAt?: Date | undefined;
}

/**
 * Feed health from the pollers' observations on the board (api/workflow-health/board.ts): what each
 * poller recorded, `down` with the reason when its run is stuck or gone. Never waits for Temporal.
 */
export class BoardFeedHealthSource implements FeedHealthSource {
  constructor(
    private readonly board: WorkflowHealthBoard,
    private readonly workflowIdOf: (feed: FeedDefinition) => string = pollerWorkflowId,
  ) {}

  get observedAt(): Date | undefined {
    return this.board.observedAt;
  }

  read(feeds: readonly FeedDefinition[]): Promise<(FeedHealth | undefined)[]> {
    return Promise.resolve(this.readNow(feeds));
  }

  readNow(feeds: readonly FeedDefinition[]): (FeedHealth | undefined)[] {
    return feeds.map((feed) => {
      const observation = this.board.observation(this.workflowIdOf(feed));
      const carried = observation?.carried as Partial<PollerCarry> | undefined;
      const recorded = carried?.health ?? (observation?.queried as FeedHealth | undefined);
      return observedHealth(
        recorded,
        observation,
        initialFeedHealth({ feedKey: feed.key, state: feed.state, agency: feed.agency }),
      );
    });
  }
}
