import type { GaugeSeries, GaugeStation } from '../../../model/index.js';
import { gaugeStation, type GaugeMeasure, type GaugeSourceContext } from '../station.js';
import type { AquariusCorrectedData } from './corrected-data.js';
import type { AquariusSeriesDescription } from './descriptions.js';
import type { AquariusLocation } from './location-data.js';

/** The station of a series: numbered by its location identifier, named and placed by its location. */
export function aquariusStation(
  description: AquariusSeriesDescription,
  location: AquariusLocation | undefined,
  context: GaugeSourceContext,
  measure: GaugeMeasure,
): GaugeStation {
  return gaugeStation(
    context,
    {
      stationNo: description.locationIdentifier,
      name: location?.name ?? description.locationIdentifier,
      latitude: location?.latitude,
      longitude: location?.longitude,
    },
    measure,
  );
}

/**
 * A gauge series from an AQUARIUS series description, its location and its corrected points; none
 * when the series is not a level or rainfall series.
 */
export function aquariusSeries(
  description: AquariusSeriesDescription,
  location: AquariusLocation | undefined,
  data: AquariusCorrectedData,
  context: GaugeSourceContext,
): GaugeSeries | undefined {
  if (!description.measure) return undefined;
  const station = aquariusStation(description, location, context, description.measure);
  return { station, readings: data.readings, missing: data.missing };
}
