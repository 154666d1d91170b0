import type { FloodLevel, FloodThresholds } from '../../../model/index.js';
import type { AquariusSeriesDescription, AquariusThreshold } from './descriptions.js';

/**
 * Flood class levels from an AQUARIUS series' own thresholds. A threshold counts when it is of type
 * ThresholdAbove and its name or reference code names exactly one class ("Minor Flood Level",
 * "MODERATE"); its value is the period in force at `atMs`. Two thresholds naming the same class leave
 * that class empty rather than pick one. The levels are in the series' unit and datum by construction.
 */

const CLASS_WORDS: readonly [FloodLevel, RegExp][] = [
  ['minor', /\bminor\b/i],
  ['moderate', /\bmoderate\b/i],
  ['major', /\bmajor\b/i],
];

export function aquariusFloodThresholds(
  description: AquariusSeriesDescription,
  options: { atMs: number; sourceUrl: string; retrieved: string },
): FloodThresholds | null {
  if (description.measure?.variable !== 'water_level') return null;
  const found: Record<FloodLevel, number[]> = { minor: [], moderate: [], major: [] };
  for (const threshold of description.thresholds) {
    const level = classOf(threshold);
    const value = level === undefined ? undefined : valueAt(threshold, options.atMs);
    if (level !== undefined && value !== undefined) found[level].push(value);
  }
  const only = (values: number[]): number | null => (values.length === 1 ? values[0]! : null);
  const levels = { minor: only(found.minor), moderate: only(found.moderate), major: only(found.major) };
  if (levels.minor === null && levels.moderate === null && levels.major === null) return null;
  return {
    ...levels,
    datum: description.measure.datum ?? 'unstated',
    sourceUrl: options.sourceUrl,
    retrieved: options.retrieved,
  };
}

function classOf(threshold: AquariusThreshold): FloodLevel | undefined {
  if (threshold.type !== 'ThresholdAbove') return undefined;
  const text = `${threshold.name} ${threshold.referenceCode}`;
  const named = CLASS_WORDS.filter(([, word]) => word.test(text));
  return named.length === 1 ? named[0]![0] : undefined;
}

function valueAt(threshold: AquariusThreshold, atMs: number): number | undefined {
  return threshold.periods.find((period) => period.startMs <= atMs && atMs < period.endMs)?.value;
}
