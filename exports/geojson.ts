import { fromRecord, type Incident, type IncidentRecord } from '../model/index.js';

/** An incident as the GeoJSON Feature the API serves. */
export interface IncidentFeature {
  type: 'Feature';
  id: string;
  geometry: Incident['geometry'];
  properties: Omit<Incident, 'id' | 'geometry'>;
}

export function toFeature(record: IncidentRecord): IncidentFeature {
  const { id, geometry, ...properties } = fromRecord(record);
  return { type: 'Feature', id, geometry, properties };
}
