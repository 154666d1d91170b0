import type {
  ClusteredEvent,
  EventCategory,
  EventGeometry,
  EventType,
  Severity,
  StateCode,
  WarningLevel,
} from '../model/index.js';
import type { LakeColumn } from './columns.js';

/** An event as the lake publishes it: everything the service keeps but the time of its last match. */
export type PublishedEvent = Omit<ClusteredEvent, 'lastMatchedAt'>;

/** The row form of a published event: lists as lists, geometry as GeoJSON text. */
export interface EventRow {
  id: string;
  event_category: string;
  title: string;
  summary: string;
  incident_count: number;
  affected_suburbs: string[];
  affected_states: string[];
  agencies: string[];
  event_types: string[];
  max_severity: string;
  max_warning_level: string;
  estimated_hectares: number | null;
  first_detected_at: string;
  last_updated_at: string;
  is_active: boolean;
  ended_at: string | null;
  merged_into: string | null;
  member_ids: string[];
  geometry: string;
}

/** Columns of the `events` table, in order. Times stay ISO 8601 text, as the agencies gave them. */
export const EVENT_COLUMNS: readonly (LakeColumn & { name: keyof EventRow })[] = [
  { name: 'id', sql: 'VARCHAR NOT NULL' },
  { name: 'event_category', sql: 'VARCHAR NOT NULL' },
  { name: 'title', sql: 'VARCHAR NOT NULL' },
  { name: 'summary', sql: 'VARCHAR NOT NULL' },
  { name: 'incident_count', sql: 'INTEGER NOT NULL' },
  { name: 'affected_suburbs', sql: 'VARCHAR[] NOT NULL' },
  { name: 'affected_states', sql: 'VARCHAR[] NOT NULL' },
  { name: 'agencies', sql: 'VARCHAR[] NOT NULL' },
  { name: 'event_types', sql: 'VARCHAR[] NOT NULL' },
  { name: 'max_severity', sql: 'VARCHAR NOT NULL' },
  { name: 'max_warning_level', sql: 'VARCHAR NOT NULL' },
  { name: 'estimated_hectares', sql: 'DOUBLE' },
  { name: 'first_detected_at', sql: 'VARCHAR NOT NULL' },
  { name: 'last_updated_at', sql: 'VARCHAR NOT NULL' },
  { name: 'is_active', sql: 'BOOLEAN NOT NULL' },
  { name: 'ended_at', sql: 'VARCHAR' },
  { name: 'merged_into', sql: 'VARCHAR' },
  { name: 'member_ids', sql: 'VARCHAR[] NOT NULL' },
  { name: 'geometry', sql: 'VARCHAR NOT NULL' },
];

export function eventRow(event: PublishedEvent): EventRow {
  return {
    id: event.id,
    event_category: event.eventCategory,
    title: event.title,
    summary: event.summary,
    incident_count: event.incidentCount,
    affected_suburbs: [...event.affectedSuburbs],
    affected_states: [...event.affectedStates],
    agencies: [...event.agencies],
    event_types: [...event.eventTypes],
    max_severity: event.maxSeverity,
    max_warning_level: event.maxWarningLevel,
    estimated_hectares: event.estimatedHectares,
    first_detected_at: event.firstDetectedAt,
    last_updated_at: event.lastUpdatedAt,
    is_active: event.isActive,
    ended_at: event.endedAt,
    merged_into: event.mergedInto,
    member_ids: [...event.memberIds],
    geometry: JSON.stringify(event.geometry),
  };
}

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A row as DuckDB reads it back (`getRowObjectsJS`) into the published event. */
export function eventFromRow(row: Record<string, unknown>): PublishedEvent {
  const hectares = row.estimated_hectares;
  return {
    id: String(row.id),
    eventCategory: row.event_category as EventCategory,
    memberIds: texts(row.member_ids),
    geometry: JSON.parse(String(row.geometry)) as EventGeometry,
    title: String(row.title),
    summary: String(row.summary),
    incidentCount: Number(row.incident_count),
    affectedSuburbs: texts(row.affected_suburbs),
    affectedStates: texts(row.affected_states) as StateCode[],
    agencies: texts(row.agencies),
    eventTypes: texts(row.event_types) as EventType[],
    maxSeverity: row.max_severity as Severity,
    maxWarningLevel: row.max_warning_level as WarningLevel,
    estimatedHectares: hectares === null || hectares === undefined ? null : Number(hectares),
    firstDetectedAt: String(row.first_detected_at),
    lastUpdatedAt: String(row.last_updated_at),
    isActive: Boolean(row.is_active),
    endedAt: textOrNull(row.ended_at),
    mergedInto: textOrNull(row.merged_into),
  };
}
