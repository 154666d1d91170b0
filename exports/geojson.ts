import {
  archiveProperties,
  fromRecord,
  type ArchiveFields,
  type Incident,
  type IncidentRecord,
} from '../model/index.js';

/** An incident as the GeoJSON Feature the API serves. */
export interface IncidentFeature {
  type: 'Feature';
  id: string;
  geometry: Incident['geometry'];
  properties: Omit<Incident, 'id' | 'geometry'> & {
    /** Archive snapshot results only. */
    archive?: Record<string, string | number>;
    /** Nearby results only: great-circle distance from the query point. */
    distanceKm?: number;
  };
}

export function toFeature(record: IncidentRecord): IncidentFeature {
  const { id, geometry, ...properties } = fromRecord(record);
  return { type: 'Feature', id, geometry, properties };
}

/** An archive row: the incident plus `properties.archive` with the archive's own fields. */
export function toArchiveFeature(record: IncidentRecord & ArchiveFields): IncidentFeature {
  const feature = toFeature(record);
  feature.properties.archive = archiveProperties(record);
  return feature;
}
