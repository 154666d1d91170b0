import type { GaugeMeasure } from '../station.js';
import { measureInUnit } from '../station.js';

/**
 * AQUARIUS parameters are named by each agency. Stage (gauge height) is read from the gauge's own
 * zero; a water level is on AHD only when its parameter, label or identifier says so; rain is
 * "Rainfall" or "Precipitation". Anything else (discharge, quality parameters) is not a gauge series.
 */
const LEVEL = /^(stage|gauge height|water level|river level|level)\b/i;
const STAGE = /^(stage|gauge height)\b/i;
const RAIN = /^(rainfall|precipitation|rain)\b/i;
const AHD = /\bAHD\b/;

export function aquariusMeasure(
  parameter: string,
  label: string,
  identifier: string,
  unit: string,
): GaugeMeasure | undefined {
  if (RAIN.test(parameter)) return measureInUnit({ variable: 'rainfall', datum: null }, unit);
  if (!LEVEL.test(parameter)) return undefined;
  const datum = [parameter, label, identifier].some((text) => AHD.test(text))
    ? 'ahd'
    : STAGE.test(parameter)
      ? 'local'
      : 'unstated';
  return measureInUnit({ variable: 'water_level', datum }, unit);
}
