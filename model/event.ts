import { SEVERITIES } from './enums.js';
import type { EventCategory, EventType, Severity, StateCode, WarningLevel } from './enums.js';
import type { PointGeometry, PolygonGeometry } from './geometry.js';

/** A clustered event's outline: the convex hull of its incidents, or their centroid when they have no area. */
export type EventGeometry = PointGeometry | PolygonGeometry;

/** `properties` of the spec's Event Feature. */
export interface EventFeatureProperties {
  title: string;
  incidentCount: number;
  affectedSuburbs: string[];
  affectedStates: StateCode[];
  agencies: string[];
  eventTypes: EventType[];
  maxSeverity: Severity;
  maxWarningLevel: WarningLevel;
  /** Sum of the sizes members report, in hectares; null when none reports one. */
  estimatedHectares: number | null;
  summary: string;
  /** The earliest `reported` of any member it has had; never moves later. */
  firstDetectedAt: string | null;
  /** The latest `updated` of its members; never moves earlier. */
  lastUpdatedAt: string;
  isActive: boolean;
}

/**
 * A clustered event as the service keeps it between polls: the published fields of the spec's Event
 * plus what keeps its identity (members, when it was last matched, how it ended). Every value is
 * JSON-safe; timestamps are ISO 8601 text as the agencies gave them.
 */
export interface ClusteredEvent extends EventFeatureProperties {
  /** UUID, stable while the event lives (see docs/adr/0011-event-clustering.md). */
  id: string;
  /** Events are formed within one category, so each has exactly one. */
  eventCategory: EventCategory;
  /** Ids of the incidents that formed it at its last match, sorted. */
  memberIds: string[];
  geometry: EventGeometry;
  /** A kept event always has one (a published Feature may not). */
  firstDetectedAt: string;
  /** The poll (`now`) at which its members last formed a cluster. */
  lastMatchedAt: string;
  /** The poll at which it became inactive; null while active. */
  endedAt: string | null;
  /** When it ended by merging: the id of the event that absorbed it. */
  mergedInto: string | null;
}

/** The spec's Event resource: a GeoJSON Feature. */
export interface EventFeature {
  type: 'Feature';
  id: string;
  geometry: EventGeometry;
  properties: EventFeatureProperties;
}

/** Severities, most severe first (the enum's own order). */
export const SEVERITY_ORDER: readonly Severity[] = SEVERITIES;

/** Warning levels, most urgent first (the Australian Warning System's ladder, then none). */
export const WARNING_LEVEL_ORDER: readonly WarningLevel[] = [
  'emergency_warning',
  'watch_and_act',
  'advice',
  'none',
];

function highest<T>(order: readonly T[], values: Iterable<T>, fallback: T): T {
  let best = order.length;
  for (const value of values) {
    const rank = order.indexOf(value);
    if (rank >= 0) best = Math.min(best, rank);
  }
  return order[best] ?? fallback;
}

/** The most severe of `severities`; Unknown when there are none. */
export function highestSeverity(severities: Iterable<Severity>): Severity {
  return highest(SEVERITY_ORDER, severities, 'Unknown');
}

/** The most urgent of `levels`; none when there are none. */
export function highestWarningLevel(levels: Iterable<WarningLevel>): WarningLevel {
  return highest(WARNING_LEVEL_ORDER, levels, 'none');
}
