import type { GaugeSourceName } from '../../model/index.js';

/** Inputs and results of the gauge activities: small and JSON-safe, they travel through workflow history. */

export interface PollGaugeSourceInput {
  source: GaugeSourceName;
  /** Readings from this instant (epoch ms) to now are asked for. */
  fromMs: number;
  /** AQUARIUS: the changes token of the last committed poll (null: every series). */
  token: string | null;
}

export interface PollGaugeSourceResult {
  /** The staged poll, relative to DATA_DIR (warehouse/gauges/staged.ts). */
  stagedPath: string;
  polledAt: string;
  stations: number;
  readings: number;
  /** Sites or series the source reported an error for inside a good answer. */
  skipped: number;
  rawBodies: number;
  rawBytes: number;
  /** The token to carry once the poll is committed (AQUARIUS), else null. */
  nextToken: string | null;
}

export interface CommitGaugePollInput {
  /** Unique per poll and the same on every retry of its commit: a repeated commit is a no-op. */
  pollId: string;
  stagedPath: string;
}
