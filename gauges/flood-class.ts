import {
  FLOOD_LEVELS,
  type FloodClass,
  type FloodLevel,
  type FloodThresholds,
  type GaugeDatum,
  type GaugeVariable,
} from '../model/index.js';

const MOST_SEVERE_FIRST: readonly FloodLevel[] = [...FLOOD_LEVELS].reverse();

/**
 * The flood class of a level against published class levels. A level exactly at a threshold is in
 * that class (at minor is minor). Below the lowest level is below_minor only when the minor level
 * is published; with no minor level, a reading below the published ones cannot be placed and is
 * unclassified, as is every gauge without thresholds, without a reading, or whose thresholds are on
 * another datum. Rainfall carries no class (null).
 */
export function floodClass(
  gauge: { variable: GaugeVariable; datum: GaugeDatum | null },
  value: number | null | undefined,
  thresholds: FloodThresholds | null | undefined,
): FloodClass | null {
  if (gauge.variable === 'rainfall') return null;
  if (!thresholds || value === null || value === undefined || !Number.isFinite(value)) return 'unclassified';
  if (!sameDatum(gauge.datum, thresholds.datum)) return 'unclassified';
  for (const level of MOST_SEVERE_FIRST) {
    const threshold = thresholds[level];
    if (threshold !== null && value >= threshold) return level;
  }
  return thresholds.minor === null ? 'unclassified' : 'below_minor';
}

/** Levels and thresholds compare when they are on the same datum, or one side does not say. */
function sameDatum(gaugeDatum: GaugeDatum | null, thresholdDatum: GaugeDatum): boolean {
  return (
    gaugeDatum === null ||
    gaugeDatum === 'unstated' ||
    thresholdDatum === 'unstated' ||
    gaugeDatum === thresholdDatum
  );
}

const RANK: Readonly<Record<FloodClass, number>> = {
  unclassified: -1,
  below_minor: 0,
  minor: 1,
  moderate: 2,
  major: 3,
};

/** True when a class is `level` or a more severe one (GET /gauges?floodClass=…). */
export function isAtOrAbove(floodClass: FloodClass | null, level: FloodLevel): boolean {
  return floodClass !== null && RANK[floodClass] >= RANK[level];
}

/** Severity order for listing: major first, unclassified last. */
export function classRank(floodClass: FloodClass | null): number {
  return floodClass === null ? -2 : RANK[floodClass];
}

/** The lowest published level: what "at or above minor" means when minor itself is not published. */
export function lowestLevel(thresholds: FloodThresholds): number | null {
  for (const level of FLOOD_LEVELS) {
    const threshold = thresholds[level];
    if (threshold !== null) return threshold;
  }
  return null;
}
