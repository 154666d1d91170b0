/**
 * Every enumerated value of the public interface, defined once.
 * Arrays are the source of truth; the union types are derived from them.
 */

export const STATES = ['nsw', 'vic', 'qld', 'sa', 'wa', 'tas', 'nt', 'act'] as const;
export type StateCode = (typeof STATES)[number];

export const EVENT_TYPES = [
  'bushfire',
  'burn_off',
  'fire_ban',
  'structure_fire',
  'vehicle_fire',
  'grass_fire',
  'hazmat',
  'rescue',
  'flood',
  'storm',
  'tree_down',
  'cyclone',
  'earthquake',
  'extreme_heat',
  'vehicle_accident',
  'medical',
  'alarm',
  'other',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_CATEGORIES = [
  'fire',
  'weather',
  'rescue',
  'hazmat',
  'medical',
  'alarm',
  'planned',
  'earth',
  'hazard',
  'other',
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export const FEATURE_TYPES = ['incident', 'incident_area', 'warning_area', 'fire_ban_area'] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];

export const INCIDENT_STATUSES = ['active', 'contained', 'controlled', 'safe', 'completed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const WARNING_LEVELS = ['advice', 'watch_and_act', 'emergency_warning', 'none'] as const;
export type WarningLevel = (typeof WARNING_LEVELS)[number];

export const SEVERITIES = ['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const URGENCIES = ['Immediate', 'Expected', 'Future', 'Past', 'Unknown'] as const;
export type Urgency = (typeof URGENCIES)[number];

export const CERTAINTIES = ['Observed', 'Likely', 'Possible', 'Unlikely', 'Unknown'] as const;
export type Certainty = (typeof CERTAINTIES)[number];

export const PRECISIONS = ['exact', 'postcode', 'lga'] as const;
export type Precision = (typeof PRECISIONS)[number];

export const OUTPUT_FORMATS = ['geojson', 'json', 'csv', 'cap-au', 'cap-atom'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Formats of the single-incident endpoint. */
export const SINGLE_INCIDENT_FORMATS = ['geojson', 'cap-au'] as const;
export type SingleIncidentFormat = (typeof SINGLE_INCIDENT_FORMATS)[number];

/** Feed health as reported by GET /v1/states. */
export const FEED_STATUSES = ['healthy', 'degraded', 'down', 'unknown'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

/** Feed health as reported by GET /v1/status, where age of the last poll adds `stale`. */
export const FEED_REPORT_STATUSES = ['healthy', 'degraded', 'down', 'stale', 'unknown'] as const;
export type FeedReportStatus = (typeof FEED_REPORT_STATUSES)[number];
