import { numberOf } from '../json-body.js';
import { normaliseInstant } from '../../../model/time/fixed-offset.js';
import {
  SOS2_FORMAT,
  attribute,
  child,
  lastSegment,
  responseMembers,
  sosTree,
  textIn,
  type XmlTree,
} from './xml-tree.js';

/**
 * GetFeatureOfInterest: monitoring points with a name and a `gml:pos` of "lat lon" (EPSG:4326 axis
 * order). GetDataAvailability: which parameter and series type a station has, over which period.
 */

export interface SosFeature {
  stationNo: string;
  name: string;
  latitude: number | undefined;
  longitude: number | undefined;
}

export function parseSosFeatures(body: Uint8Array | string): SosFeature[] {
  return sosFeaturesOf(sosTree(body, 'GetFeatureOfInterest'));
}

export function sosFeaturesOf(tree: XmlTree): SosFeature[] {
  const format = `${SOS2_FORMAT} GetFeatureOfInterest`;
  const members = responseMembers(tree, format, 'sos:GetFeatureOfInterestResponse', 'sos:featureMember');
  return members.flatMap((member): SosFeature[] => {
    const point = child(member, 'wml2:MonitoringPoint');
    const stationNo = lastSegment(textIn(child(point, 'gml:identifier')));
    if (stationNo === undefined) return [];
    const position = textIn(child(child(child(point, 'sams:shape'), 'gml:Point'), 'gml:pos'));
    const [latitude, longitude] = (position ?? '').split(/\s+/).map(numberOf);
    return [{ stationNo, name: textIn(child(point, 'gml:name')) ?? stationNo, latitude, longitude }];
  });
}

export interface SosAvailability {
  stationNo: string;
  stationName: string;
  parameterName: string;
  procedure: string;
  begin: string | undefined;
  end: string | undefined;
}

export function parseSosAvailability(body: Uint8Array | string): SosAvailability[] {
  return sosAvailabilityOf(sosTree(body, 'GetDataAvailability'));
}

export function sosAvailabilityOf(tree: XmlTree): SosAvailability[] {
  const format = `${SOS2_FORMAT} GetDataAvailability`;
  const members = responseMembers(
    tree,
    format,
    'gda:GetDataAvailabilityResponse',
    'gda:dataAvailabilityMember',
  );
  return members.flatMap((member): SosAvailability[] => {
    const feature = child(member, 'gda:featureOfInterest');
    const stationNo = lastSegment(attribute(feature, 'xlink:href'));
    if (stationNo === undefined) return [];
    const period = child(child(member, 'gda:phenomenonTime'), 'gml:TimePeriod');
    const begin = textIn(child(period, 'gml:beginPosition'));
    const end = textIn(child(period, 'gml:endPosition'));
    return [
      {
        stationNo,
        stationName: attribute(feature, 'xlink:title') ?? stationNo,
        parameterName: attribute(child(member, 'gda:observedProperty'), 'xlink:title') ?? '',
        procedure: attribute(child(member, 'gda:procedure'), 'xlink:title') ?? '',
        begin: begin === undefined ? undefined : normaliseInstant(begin),
        end: end === undefined ? undefined : normaliseInstant(end),
      },
    ];
  });
}
