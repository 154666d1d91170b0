import { asRecord, numberOf, textOf } from '../json-body.js';
import { measureInUnit, type GaugeMeasure } from '../station.js';
import { odsRecords } from './envelope.js';

/**
 * The sensors dataset: `{sensor_id: "E1809", location_id, location_name, sensor_type: "Rainfall" |
 * "Stream Height AHD" | …, unit_of_measure: "mm" | "m", latitude, longitude, geopoint{lat, lon}}`.
 */

export interface BccSensor {
  sensorId: string;
  locationId: string;
  locationName: string;
  sensorType: string;
  unit: string;
  latitude: number | undefined;
  longitude: number | undefined;
  measure: GaugeMeasure | undefined;
}

/** "Stream Height AHD" is on AHD; another stream height is on the gauge's own zero. */
function sensorMeasure(sensorType: string, unit: string): GaugeMeasure | undefined {
  const type = sensorType.trim().toLowerCase();
  if (type === 'rainfall') return measureInUnit({ variable: 'rainfall', datum: null }, unit);
  if (!type.startsWith('stream height')) return undefined;
  return measureInUnit({ variable: 'water_level', datum: /\bahd\b/.test(type) ? 'ahd' : 'local' }, unit);
}

export function parseBccSensors(body: Uint8Array | string): BccSensor[] {
  return odsRecords(body, 'sensors').flatMap((record): BccSensor[] => {
    const sensorId = textOf(record.sensor_id);
    if (sensorId === undefined) return [];
    const geopoint = asRecord(record.geopoint);
    const sensorType = textOf(record.sensor_type) ?? '';
    const unit = textOf(record.unit_of_measure) ?? '';
    return [
      {
        sensorId,
        locationId: textOf(record.location_id) ?? '',
        locationName: textOf(record.location_name) ?? sensorId,
        sensorType,
        unit,
        latitude: numberOf(record.latitude) ?? numberOf(geopoint?.lat),
        longitude: numberOf(record.longitude) ?? numberOf(geopoint?.lon),
        measure: sensorMeasure(sensorType, unit),
      },
    ];
  });
}
