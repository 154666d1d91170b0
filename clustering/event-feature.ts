import type { ClusteredEvent, EventFeature, EventGeometry } from '../model/index.js';

function copyGeometry(geometry: EventGeometry): EventGeometry {
  return geometry.type === 'Point'
    ? { type: 'Point', coordinates: [...geometry.coordinates] }
    : {
        type: 'Polygon',
        coordinates: geometry.coordinates.map((ring) => ring.map(([lng, lat]) => [lng, lat])),
      };
}

/** The spec's Event Feature of an event: only the published fields, sharing nothing with `event`. */
export function eventFeature(event: Omit<ClusteredEvent, 'lastMatchedAt'>): EventFeature {
  return {
    type: 'Feature',
    id: event.id,
    geometry: copyGeometry(event.geometry),
    properties: {
      title: event.title,
      incidentCount: event.incidentCount,
      affectedSuburbs: [...event.affectedSuburbs],
      affectedStates: [...event.affectedStates],
      agencies: [...event.agencies],
      eventTypes: [...event.eventTypes],
      maxSeverity: event.maxSeverity,
      maxWarningLevel: event.maxWarningLevel,
      estimatedHectares: event.estimatedHectares,
      summary: event.summary,
      firstDetectedAt: event.firstDetectedAt,
      lastUpdatedAt: event.lastUpdatedAt,
      isActive: event.isActive,
    },
  };
}
