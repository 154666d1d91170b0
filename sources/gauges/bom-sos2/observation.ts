import type { GaugeReading } from '../../../model/index.js';
import { malformed } from '../errors.js';
import { numberOf } from '../json-body.js';
import { normaliseInstant } from '../../../model/time/fixed-offset.js';
import {
  SOS2_FORMAT,
  attribute,
  child,
  children,
  lastSegment,
  responseMembers,
  sosTree,
  textIn,
  type XmlTree,
} from './xml-tree.js';

/**
 * GetObservation (WaterML 2.0 in SOAP 1.2): `om:OM_Observation` with the station
 * (`om:featureOfInterest`), parameter (`om:observedProperty`), series type (`om:procedure`), and a
 * `wml2:MeasurementTimeseries` of `wml2:point/wml2:MeasurementTVP{time, value, metadata/qualifier}`.
 * A point without its own qualifier takes the series' default (`wml2:defaultPointMetadata`); the
 * qualifier is the BoM quality code.
 */

export interface SosObservation {
  stationNo: string;
  stationName: string;
  parameterName: string;
  procedure: string;
  unit: string;
  readings: GaugeReading[];
  missing: number;
}

const OPERATION = 'GetObservation';
const FORMAT = `${SOS2_FORMAT} ${OPERATION}`;

export function parseSosObservation(body: Uint8Array | string): SosObservation[] {
  return sosObservationsOf(sosTree(body, OPERATION));
}

/** Observations of a GetObservation tree (read here, or converted by another XML reader). */
export function sosObservationsOf(tree: XmlTree): SosObservation[] {
  return responseMembers(tree, FORMAT, 'sos:GetObservationResponse', 'sos:observationData').map((data) => {
    const observation = child(data, 'om:OM_Observation');
    const feature = child(observation, 'om:featureOfInterest');
    const stationNo = lastSegment(attribute(feature, 'xlink:href'));
    const series = child(child(observation, 'om:result'), 'wml2:MeasurementTimeseries');
    if (stationNo === undefined || series === undefined) {
      throw malformed(FORMAT, 'an observation lacks its station or its MeasurementTimeseries');
    }
    const defaults = child(child(series, 'wml2:defaultPointMetadata'), 'wml2:DefaultTVPMeasurementMetadata');
    const defaultQuality = attribute(child(defaults, 'wml2:qualifier'), 'xlink:title') ?? null;
    const readings: GaugeReading[] = [];
    let missing = 0;
    for (const point of children(series, 'wml2:point')) {
      const tvp = child(point, 'wml2:MeasurementTVP');
      const timeText = textIn(child(tvp, 'wml2:time'));
      const time = timeText === undefined ? undefined : normaliseInstant(timeText);
      const value = numberOf(textIn(child(tvp, 'wml2:value')));
      if (time === undefined || value === undefined) {
        missing++;
        continue;
      }
      const own = child(child(child(tvp, 'wml2:metadata'), 'wml2:TVPMeasurementMetadata'), 'wml2:qualifier');
      readings.push({ time, value, quality: attribute(own, 'xlink:title') ?? defaultQuality });
    }
    return {
      stationNo,
      stationName: attribute(feature, 'xlink:title') ?? stationNo,
      parameterName: attribute(child(observation, 'om:observedProperty'), 'xlink:title') ?? '',
      procedure: attribute(child(observation, 'om:procedure'), 'xlink:title') ?? '',
      unit: attribute(child(defaults, 'wml2:uom'), 'code') ?? '',
      readings,
      missing,
    };
  });
}
