export { floodClass, isAtOrAbove, classRank, lowestLevel } from './flood-class.js';
export { readingStatus } from './reading-status.js';
export { gaugeState } from './gauge-state.js';
export {
  loadThresholdsTable,
  mergeThresholds,
  ThresholdsTableError,
  THRESHOLDS_TABLE_VERSION_LINE,
  THRESHOLDS_TABLE_COLUMNS,
  type ThresholdsTable,
} from './thresholds-table.js';
export { HOUR_MS, DAY_MS, bucketSizeMs, bucketStartMs } from './buckets.js';
export {
  rollupColumns,
  rollupReadings,
  rollupWatermark,
  readingColumns,
  type RollupOptions,
} from './rollups.js';
export {
  FLOOD_WINDOW_MARGIN_MS,
  floodEventWindows,
  mergeWindows,
  retentionCutoffs,
  keepRaw,
  keepRollup,
  retainRaw,
  type TimeWindow,
  type RetentionCutoffs,
} from './retention.js';
export { autoInterval } from './auto-interval.js';
export {
  summarizeGauges,
  GAUGE_COUNT_NAMES,
  UNKNOWN_GROUP,
  type GaugeCounts,
  type GaugeSummary,
  type GaugeSummaryGroup,
} from './summary.js';
export { recentReadings, newestFirst, readingsAtOrAbove } from './readings.js';
