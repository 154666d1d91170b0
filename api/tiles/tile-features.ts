import type { Feature, Geometry } from 'geojson';
import type { PublishedEvent } from '../../lake/event-rows.js';
import type { IncidentRecord } from '../../model/index.js';
import type { GaugeView } from '../gauges/catalogue.js';

/**
 * What each live layer's tile features carry: the geometry, the id (to open the full record) and the
 * few properties the map styles and filters by. Anything else is read from /v1 when a feature is
 * opened, so tiles stay small. Sets are written `,a,b,` so that a filter can look for `,a,`.
 */
export type TileFeature = Feature<Geometry, Record<string, string | number>>;

/**
 * Each live layer's fields and their types (TileJSON `vector_layers`), in the order the tiles carry
 * the layers; the features below write exactly these.
 */
export const LIVE_FIELDS = {
  events: {
    id: 'String',
    title: 'String',
    level: 'String',
    incidentCount: 'Number',
    states: 'String',
    types: 'String',
  },
  gauges: { id: 'String', title: 'String', state: 'String', floodClass: 'String' },
  incidents: { id: 'String', title: 'String', state: 'String', eventType: 'String', warningLevel: 'String' },
} as const;

const setText = (values: readonly string[]) => `,${values.join(',')},`;

/** A current incident, drawn at its point (or its shape when it has no point); undefined when neither. */
export function incidentTileFeature(record: IncidentRecord): TileFeature | undefined {
  const geometry: Geometry | undefined =
    record.longitude !== null && record.latitude !== null
      ? { type: 'Point', coordinates: [record.longitude, record.latitude] }
      : record.geometry
        ? (JSON.parse(record.geometry) as Geometry)
        : undefined;
  if (!geometry) return undefined;
  return {
    type: 'Feature',
    geometry,
    properties: {
      id: record.id,
      title: record.title,
      state: record.state,
      eventType: record.event_type,
      warningLevel: record.warning_level,
    },
  };
}

/** An active event: its hull (or its one point). */
export function eventTileFeature(event: PublishedEvent): TileFeature {
  return {
    type: 'Feature',
    geometry: event.geometry,
    properties: {
      id: event.id,
      title: event.title,
      level: event.maxWarningLevel,
      incidentCount: event.incidentCount,
      states: setText(event.affectedStates),
      types: setText(event.eventTypes),
    },
  };
}

/** A placed water-level gauge, by flood class (a stale reading shows unclassified). */
export function gaugeTileFeature(gauge: GaugeView): TileFeature | undefined {
  if (gauge.latitude === null || gauge.longitude === null) return undefined;
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [gauge.longitude, gauge.latitude] },
    properties: {
      id: gauge.id,
      title: gauge.name,
      state: gauge.state ?? '',
      floodClass: gauge.readingStatus === 'stale' ? 'unclassified' : (gauge.floodClass ?? 'unclassified'),
    },
  };
}
