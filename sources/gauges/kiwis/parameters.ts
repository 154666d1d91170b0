import type { GaugeMeasure } from '../station.js';
import { measureInUnit } from '../station.js';

/**
 * KiWIS parameter types that are gauge variables. Water Data Online does not flag the datum of a
 * level (Lock 9 on the Murray reads about 23.6 m, AHD; most stations read on their local zero), so
 * levels are `unstated`.
 */
const MEASURES: ReadonlyMap<string, GaugeMeasure> = new Map([
  ['water course level', { variable: 'water_level', datum: 'unstated' }],
  ['rainfall', { variable: 'rainfall', datum: null }],
]);

export function kiwisMeasure(parameterTypeName: string, unitSymbol: string): GaugeMeasure | undefined {
  return measureInUnit(MEASURES.get(parameterTypeName.trim().toLowerCase()), unitSymbol);
}
