import type { DeclarationRefreshHealth } from '../../model/index.js';
import { DECLARATION_REFRESHER_WORKFLOW_ID } from '../../config/index.js';
import type { WorkflowHealthBoard } from '../workflow-health/board.js';

/** The refresher's health as last observed; undefined when it never recorded any. */
export interface DeclarationHealthSource {
  read(): Promise<DeclarationRefreshHealth | undefined>;
}

/**
 * The refresher's health from the board (its memo, or its query while it runs code older than the
 * memo); while its workflow task keeps failing it is `down`, with why as the refresh's last error.
 */
export class BoardDeclarationHealthSource implements DeclarationHealthSource {
  constructor(
    private readonly board: WorkflowHealthBoard,
    private readonly workflowId = DECLARATION_REFRESHER_WORKFLOW_ID,
  ) {}

  read(): Promise<DeclarationRefreshHealth | undefined> {
    const observation = this.board.observation(this.workflowId);
    const recorded = (observation?.carried ?? observation?.queried) as DeclarationRefreshHealth | undefined;
    if (observation?.taskFailure === undefined) return Promise.resolve(recorded);
    return Promise.resolve({
      ...(recorded ?? { refreshes: 0, sources: [] }),
      status: 'down',
      stuck: `the refresher is stuck: its workflow task fails (${observation.taskFailure})`,
    });
  }
}
