import type { GaugeSourceDefinition } from '../../config/gauge-sources.js';
import {
  gaugePollerWorkflowId,
  initialGaugeHealth,
  observedHealth,
  type GaugePollerCarry,
  type GaugeSourceHealth,
} from '../../model/index.js';
import type { WorkflowHealthBoard } from '../workflow-health/board.js';

/** A gauge source as the health readers key it. */
export interface GaugeSourceItem {
  key: string;
  source: GaugeSourceDefinition;
}

export const gaugeSourceItem = (source: GaugeSourceDefinition): GaugeSourceItem => ({
  key: source.name,
  source,
});

/** Each gauge source's health as last observed (resolves at once). */
export interface GaugeHealthSource {
  read(items: readonly GaugeSourceItem[]): Promise<(GaugeSourceHealth | undefined)[]>;
}

/** Gauge source health from the pollers' observations on the board, as feed health is. */
export class BoardGaugeHealthSource implements GaugeHealthSource {
  constructor(
    private readonly board: WorkflowHealthBoard,
    private readonly workflowIdOf: (item: GaugeSourceItem) => string = (item) =>
      gaugePollerWorkflowId(item.source.name),
  ) {}

  read(items: readonly GaugeSourceItem[]): Promise<(GaugeSourceHealth | undefined)[]> {
    return Promise.resolve(
      items.map((item) => {
        const observation = this.board.observation(this.workflowIdOf(item));
        const carried = observation?.carried as Partial<GaugePollerCarry> | undefined;
        const recorded = carried?.health ?? (observation?.queried as GaugeSourceHealth | undefined);
        return observedHealth(recorded, observation, initialGaugeHealth(item.source.name));
      }),
    );
  }
}
