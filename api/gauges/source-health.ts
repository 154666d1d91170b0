import type { Client } from '@temporalio/client';
import type { GaugeSourceDefinition } from '../../config/gauge-sources.js';
import { gaugePollerWorkflowId, type GaugeSourceHealth } from '../../model/index.js';
import { CachedFeedHealthSource, withTimeout } from '../feed-health-source.js';

/** A gauge source as the health cache keys it. */
export interface GaugeSourceItem {
  key: string;
  source: GaugeSourceDefinition;
}

export const gaugeSourceItem = (source: GaugeSourceDefinition): GaugeSourceItem => ({
  key: source.name,
  source,
});

/** Reads each gauge source's health; undefined for a source whose poller cannot be asked. */
export interface GaugeHealthSource {
  read(items: readonly GaugeSourceItem[]): Promise<(GaugeSourceHealth | undefined)[]>;
}

const QUERY_TIMEOUT_MS = 3_000;

/** Asks every gauge poller its `health` query, in parallel, each bounded by a time-out. */
export class TemporalGaugeHealthSource implements GaugeHealthSource {
  constructor(
    private readonly client: Client,
    private readonly workflowIdOf: (item: GaugeSourceItem) => string = (item) =>
      gaugePollerWorkflowId(item.source.name),
  ) {}

  read(items: readonly GaugeSourceItem[]): Promise<(GaugeSourceHealth | undefined)[]> {
    return Promise.all(
      items.map((item) =>
        withTimeout(
          this.client.workflow
            .getHandle(this.workflowIdOf(item))
            .query<GaugeSourceHealth>('health')
            .catch(() => undefined),
          QUERY_TIMEOUT_MS,
        ),
      ),
    );
  }
}

/** One shared read every few seconds for every client, as feed health is (api/feed-health-source.ts). */
export function cachedGaugeHealth(inner: GaugeHealthSource): GaugeHealthSource {
  return new CachedFeedHealthSource<GaugeSourceItem, GaugeSourceHealth>(inner);
}
