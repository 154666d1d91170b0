import { numberOf, textOf } from '../json-body.js';
import { AQUARIUS_FORMAT, aquariusResponse, utcOffsetMinutes } from './envelope.js';
import { malformed } from '../errors.js';

/** `GetLocationData`: a location's name, coordinates (WGS 84 decimal degrees) and UTC offset. */
export interface AquariusLocation {
  identifier: string;
  name: string;
  latitude: number | undefined;
  longitude: number | undefined;
  utcOffsetMinutes: number | undefined;
}

const OPERATION = 'GetLocationData';

export function parseAquariusLocation(body: Uint8Array | string): AquariusLocation {
  const document = aquariusResponse(body, OPERATION);
  const identifier = textOf(document.Identifier);
  if (identifier === undefined) throw malformed(`${AQUARIUS_FORMAT} ${OPERATION}`, 'no Identifier');
  return {
    identifier,
    name: textOf(document.LocationName) ?? identifier,
    latitude: numberOf(document.Latitude),
    longitude: numberOf(document.Longitude),
    utcOffsetMinutes: utcOffsetMinutes(document.UtcOffset),
  };
}
