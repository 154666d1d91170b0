import {
  GAUGE_UNITS,
  gaugeId,
  type GaugeDatum,
  type GaugeSourceName,
  type GaugeStation,
  type GaugeVariable,
  type StateCode,
} from '../../model/index.js';

/**
 * What a parser knows from the catalogue about the source of the document it reads; a catalogue
 * entry (config/gauge-sources.ts) is one.
 */
export interface GaugeSourceContext {
  name: GaugeSourceName;
  state: StateCode | null;
  /** Offset used for times written without one (standard time, no daylight saving). */
  standardOffsetMinutes: number;
}

/** What a series measures, when it is a gauge variable at all (discharge, pH… are not). */
export interface GaugeMeasure {
  variable: GaugeVariable;
  /** Null for rainfall. */
  datum: GaugeDatum | null;
}

export interface StationFields {
  stationNo: string;
  name: string;
  latitude: number | null | undefined;
  longitude: number | null | undefined;
}

/** The gauge station for a source's station and measure; unusable coordinates become null. */
export function gaugeStation(
  context: GaugeSourceContext,
  fields: StationFields,
  measure: GaugeMeasure,
): GaugeStation {
  const located = usableCoordinates(fields.latitude, fields.longitude);
  return {
    id: gaugeId(context.name, fields.stationNo, measure.variable),
    source: context.name,
    stationNo: fields.stationNo,
    name: fields.name,
    state: context.state,
    latitude: located ? fields.latitude! : null,
    longitude: located ? fields.longitude! : null,
    variable: measure.variable,
    unit: GAUGE_UNITS[measure.variable],
    datum: measure.variable === 'rainfall' ? null : measure.datum,
  };
}

/** Both coordinates present, in range, and not the (0, 0) that stands for "unknown" in some exports. */
function usableCoordinates(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): boolean {
  if (latitude === null || latitude === undefined || longitude === null || longitude === undefined)
    return false;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  if (latitude === 0 && longitude === 0) return false;
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

const METRES = /^(m|metres?|meters?|meter|metre)$/i;
const MILLIMETRES = /^(mm|millimet(re|er)s?)$/i;

/** True when a unit label means metres (`m`, `Metres`, `meter`). */
export const isMetres = (unit: string): boolean => METRES.test(unit.trim());
/** True when a unit label means millimetres (`mm`, `Millimetres`). */
export const isMillimetres = (unit: string): boolean => MILLIMETRES.test(unit.trim());

/** A measure whose unit fits its variable (levels in metres, rain in millimetres), else undefined. */
export function measureInUnit(measure: GaugeMeasure | undefined, unit: string): GaugeMeasure | undefined {
  if (!measure) return undefined;
  const fits = measure.variable === 'water_level' ? isMetres(unit) : isMillimetres(unit);
  return fits ? measure : undefined;
}
