import type { Shape } from '../../geo/shapes.js';
import type { EventType, FeatureType, Severity, WarningLevel } from '../../model/index.js';
import { changeId, type ChangePosition } from './position.js';

/** Every kind of change the stream and webhooks carry, by resource. */
export const STREAM_CHANGE_TYPES = [
  'incident.created',
  'incident.updated',
  'incident.retracted',
  'event.formed',
  'event.changed',
  'event.ended',
  'gauge.flood_class_changed',
  'gauge.stale',
] as const;
export type StreamChangeType = (typeof STREAM_CHANGE_TYPES)[number];

/** What filters and geofences match a change by: one set for its state after the change, one before. */
export interface ChangeFacets {
  /** Incidents: their state; events: every affected state; gauges: their state (none when unknown). */
  states: readonly string[];
  /** Incidents only. */
  featureType?: FeatureType;
  eventTypes: readonly EventType[];
  severities: readonly Severity[];
  warningLevels: readonly WarningLevel[];
  /** Local government areas by code or name, as the resource names them (gauges: both). */
  lgas: readonly string[];
  /** Where it is; undefined without a location. */
  shape: Shape | undefined;
}

/** One change, ready to send: its body is serialised once and shared by every connection. */
export interface StreamChange {
  position: ChangePosition;
  id: string;
  type: StreamChangeType;
  /** The incident, event or gauge id. */
  subject: string;
  /** After the change first, then before it when known (an update matches if either side does). */
  facets: readonly ChangeFacets[];
  /** The JSON document clients receive: the SSE `data` and the webhook body. */
  body: string;
  /** The whole Server-Sent Events frame, encoded once for every connection. */
  frame: Uint8Array;
}

/** The document a change is sent as, the same on every replica (built from the lake only). */
export interface ChangeDocument {
  id: string;
  type: StreamChangeType;
  /** When the lake first showed the change (a gauge's going stale: when it went stale). */
  timestamp: string;
  subject: string;
  /** Incidents: the version the change made. */
  version?: number;
  /** The resource after the change, as its endpoint serves it (an Incident or Event Feature, a Gauge). */
  data: unknown;
}

const UTF8 = new TextEncoder();

export function makeChange(
  position: ChangePosition,
  type: StreamChangeType,
  subject: string,
  facets: readonly ChangeFacets[],
  data: unknown,
  version?: number,
): StreamChange {
  const id = changeId(position);
  const document: ChangeDocument = {
    id,
    type,
    timestamp: new Date(position.at).toISOString(),
    subject,
    ...(version !== undefined ? { version } : {}),
    data,
  };
  const body = JSON.stringify(document);
  const frame = UTF8.encode(`event: ${type}\ndata: ${body}\nid: ${id}\n\n`);
  return { position, id, type, subject, facets, body, frame };
}
