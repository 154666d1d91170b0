import type { FloodThresholds, GaugeDatum } from '../model/index.js';

/**
 * A gauge's flood class levels from a row with gauges_latest's threshold columns (minor, moderate,
 * major, threshold_datum, threshold_source_url, threshold_retrieved); null when it has none.
 */
export function floodThresholdsOf(row: Record<string, unknown>): FloodThresholds | null {
  if (row.threshold_datum === null) return null;
  return {
    minor: row.minor as number | null,
    moderate: row.moderate as number | null,
    major: row.major as number | null,
    datum: row.threshold_datum as GaugeDatum,
    sourceUrl: row.threshold_source_url as string,
    retrieved: row.threshold_retrieved as string,
  };
}
