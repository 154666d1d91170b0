import { pointShape, shapeOfGeometry, type Shape } from '../../geo/shapes.js';
import type { PublishedEvent } from '../../lake/event-rows.js';
import type { IncidentGeometry, IncidentRecord } from '../../model/index.js';
import type { CatalogueGauge } from '../gauges/catalogue.js';
import type { ChangeFacets } from './change.js';

function geometryShape(text: string | null): Shape | undefined {
  if (text === null) return undefined;
  try {
    return shapeOfGeometry(JSON.parse(text) as IncidentGeometry);
  } catch {
    return undefined;
  }
}

/** An incident record's facets: its point, else its geometry (area features). */
export function incidentFacets(record: IncidentRecord): ChangeFacets {
  const shape =
    record.longitude !== null && record.latitude !== null
      ? pointShape(record.longitude, record.latitude)
      : geometryShape(record.geometry);
  return {
    states: [record.state],
    featureType: record.feature_type,
    eventTypes: [record.event_type],
    severities: [record.severity],
    warningLevels: [record.warning_level],
    lgas: record.lga === '' ? [] : [record.lga],
    shape,
  };
}

/** An event's facets: every affected state and incident type, its highest severity and level, its hull. */
export function eventFacets(event: PublishedEvent): ChangeFacets {
  return {
    states: event.affectedStates,
    eventTypes: event.eventTypes,
    severities: [event.maxSeverity],
    warningLevels: [event.maxWarningLevel],
    lgas: [],
    shape: shapeOfGeometry(event.geometry),
  };
}

/** A gauge's facets: its state, LGA (code and name) and point; no event type, severity or level. */
export function gaugeFacets(gauge: CatalogueGauge): ChangeFacets {
  return {
    states: gauge.state === null ? [] : [gauge.state],
    eventTypes: [],
    severities: [],
    warningLevels: [],
    lgas: [gauge.lga, gauge.lgaName].filter((value): value is string => value !== null && value !== ''),
    shape:
      gauge.longitude !== null && gauge.latitude !== null
        ? pointShape(gauge.longitude, gauge.latitude)
        : undefined,
  };
}
