import type { GaugeSeries } from '../../../model/index.js';
import { gaugeStation, type GaugeSourceContext } from '../station.js';
import type { AquariusCorrectedData } from './corrected-data.js';
import type { AquariusSeriesDescription } from './descriptions.js';
import type { AquariusLocation } from './location-data.js';

/**
 * A gauge series from an AQUARIUS series description, its location and its corrected points; none
 * when the series is not a level or rainfall series. The station number is the location identifier.
 */
export function aquariusSeries(
  description: AquariusSeriesDescription,
  location: AquariusLocation | undefined,
  data: AquariusCorrectedData,
  context: GaugeSourceContext,
): GaugeSeries | undefined {
  if (!description.measure) return undefined;
  const station = gaugeStation(
    context,
    {
      stationNo: description.locationIdentifier,
      name: location?.name ?? description.locationIdentifier,
      latitude: location?.latitude,
      longitude: location?.longitude,
    },
    description.measure,
  );
  return { station, readings: data.readings, missing: data.missing };
}
