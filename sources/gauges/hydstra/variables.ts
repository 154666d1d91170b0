import type { GaugeMeasure } from '../station.js';
import { measureInUnit } from '../station.js';

/**
 * Hydstra variable numbers that are gauge variables. 100.00 is stream water level on the gauge's
 * own datum, 130.00 reservoir level on AHD, 10.00 rainfall; derived variants (100.09 externally
 * supplied peaks, 141.01 monthly max…) and flows (140, 141) are not gauge readings.
 */
const MEASURES: ReadonlyMap<string, GaugeMeasure> = new Map([
  ['100.00', { variable: 'water_level', datum: 'local' }],
  ['130.00', { variable: 'water_level', datum: 'ahd' }],
  ['10.00', { variable: 'rainfall', datum: null }],
]);

/** "100" and "100.0" name the same variable as "100.00". */
export function canonicalVariable(variable: string): string {
  const number = Number(variable);
  return Number.isFinite(number) ? number.toFixed(2) : variable.trim();
}

/** What a Hydstra variable measures, when it is a gauge variable in a fitting unit. */
export function hydstraMeasure(variable: string, units: string): GaugeMeasure | undefined {
  return measureInUnit(MEASURES.get(canonicalVariable(variable)), units);
}
