export { GaugeWarehouse, type GaugeWarehouseOptions } from './gauge-warehouse.js';
export {
  HOT_READINGS_MS,
  rollupSettleMs,
  type GaugeCommitOutcome,
  type GaugeCommitRequest,
} from './commit.js';
export type { GaugeRetentionResult } from './retention.js';
export {
  readingsCsv,
  readStagedPoll,
  stagedReadingsPath,
  writeStagedPoll,
  STAGED_READING_COLUMNS,
  type StagedGaugePoll,
} from './staged.js';
export { lgaPlacer, unplaced, loadGaugePlacer, type GaugePlacer, type GaugePlace } from './placement.js';
