import type { StateCode } from './enums.js';

/**
 * River and rain gauges: the values, limits and record shapes of the interface, defined once.
 * Parsers (sources/gauges), the pure rules (gauges/), the warehouse and the API all use these.
 */

export const GAUGE_VARIABLES = ['water_level', 'rainfall'] as const;
export type GaugeVariable = (typeof GAUGE_VARIABLES)[number];

export const FLOOD_CLASSES = ['below_minor', 'minor', 'moderate', 'major', 'unclassified'] as const;
export type FloodClass = (typeof FLOOD_CLASSES)[number];

/** The classes a filter can ask for "at or above" (the floodClass and above parameters), lowest first. */
export const FLOOD_LEVELS = ['minor', 'moderate', 'major'] as const;
export type FloodLevel = (typeof FLOOD_LEVELS)[number];

/** readingStatus: `stale` once the latest reading is older than its source's staleness horizon. */
export const READING_STATUSES = ['current', 'stale'] as const;
export type ReadingStatus = (typeof READING_STATUSES)[number];

/**
 * What a water level is measured from: the gauge's own zero (`local`), the Australian Height Datum
 * (`ahd`), or `unstated` when the source does not say. Rainfall has no datum (null).
 */
export const GAUGE_DATUMS = ['local', 'ahd', 'unstated'] as const;
export type GaugeDatum = (typeof GAUGE_DATUMS)[number];

/** The unit every gauge of a variable is published in (levels in metres, rainfall in incremental mm). */
export const GAUGE_UNITS: Readonly<Record<GaugeVariable, string>> = { water_level: 'm', rainfall: 'mm' };

/** Readings intervals of GET /gauges/{id}/readings; `auto` picks the finest one the window still has. */
export const READING_INTERVALS = ['raw', 'hourly', 'daily', 'auto'] as const;
export type ReadingInterval = (typeof READING_INTERVALS)[number];
export type RollupInterval = 'hourly' | 'daily';

/** The kind of polling source, which sets how old a reading may be before it is stale. */
export const GAUGE_SOURCE_KINDS = ['telemetry', 'national_archive', 'council_event'] as const;
export type GaugeSourceKind = (typeof GAUGE_SOURCE_KINDS)[number];

/** Staleness horizons (spec, Limits): archive-type national source 72 h, council loggers 48 h, others 24 h. */
export const STALENESS_HORIZON_HOURS: Readonly<Record<GaugeSourceKind, number>> = {
  telemetry: 24,
  national_archive: 72,
  council_event: 48,
};

/** The eight polling sources (spec: GET /gauges `source`). Their details are in config/gauge-sources.ts. */
export const GAUGE_SOURCE_NAMES = [
  'nsw-hydstra',
  'vic-hydstra',
  'qld-hydstra',
  'sa-aquarius',
  'tas-aquarius',
  'nt-aquarius',
  'bom-kiwis',
  'bcc-telemetry',
] as const;
export type GaugeSourceName = (typeof GAUGE_SOURCE_NAMES)[number];

/** Numeric limits of the gauge endpoints (spec, Limits). */
export const GAUGE_LIMITS = {
  listDefault: 100,
  listMax: 500,
  readingsDefault: 500,
  readingsMax: 1000,
  recentWindowHours: 6,
  summaryStationCap: 500,
} as const;

/** Retention of gauge history (spec, Limits), and the margin kept around a flood event's raw readings. */
export const GAUGE_RETENTION = {
  rawDays: 30,
  hourlyDays: 90,
  /** Raw readings this long before the first and after the last reading at or above minor stay forever. */
  floodWindowMarginHours: 24,
} as const;

/** One reading: an ISO 8601 time with the source's offset, the value, and the source's quality code. */
export interface GaugeReading {
  time: string;
  value: number;
  /** The publishing agency's quality or grade code as text, or null when the source gives none. */
  quality: string | null;
}

/** A gauge station and what it measures. One station that measures level and rain is two gauges. */
export interface GaugeStation {
  /** Stable and source-qualified: `<source>:<station number>:<level|rain>` (see {@link gaugeId}). */
  id: string;
  source: GaugeSourceName;
  /** The publishing agency's own station (or sensor) number. */
  stationNo: string;
  name: string;
  /** Null where the source does not say (the national archive); set later from the coordinates. */
  state: StateCode | null;
  latitude: number | null;
  longitude: number | null;
  variable: GaugeVariable;
  unit: string;
  /** Null for rainfall. */
  datum: GaugeDatum | null;
}

/** A station's readings as one document gave them, oldest first. */
export interface GaugeSeries {
  station: GaugeStation;
  readings: GaugeReading[];
  /** Points the document listed without a usable value (gaps, nulls, "-"). */
  missing: number;
}

/** Published flood class levels of one gauge, in the gauge's unit, with where they came from. */
export interface FloodThresholds {
  minor: number | null;
  moderate: number | null;
  major: number | null;
  /** The datum the levels are on; `unstated` only for levels taken from the series itself (AQUARIUS). */
  datum: GaugeDatum;
  sourceUrl: string;
  /** The date (YYYY-MM-DD) the levels were read from their source. */
  retrieved: string;
}

/** A gauge as the API shows it: the station, its latest reading, thresholds and derived status. */
export interface Gauge extends GaugeStation {
  /** ABS LGA code, set when the warehouse places the gauge; null until then or outside every LGA. */
  lga: string | null;
  latest: GaugeReading | null;
  thresholds: FloodThresholds | null;
  /** Null for rainfall, which carries no flood classification. */
  floodClass: FloodClass | null;
  readingStatus: ReadingStatus;
}

/** One hourly or daily rollup bucket of a gauge's raw readings. */
export interface GaugeRollup {
  gaugeId: string;
  interval: RollupInterval;
  /** Bucket start, ISO 8601 with the offset the buckets are aligned to. */
  start: string;
  min: number;
  max: number;
  mean: number;
  last: number;
  count: number;
}

const VARIABLE_TAGS: Readonly<Record<GaugeVariable, string>> = { water_level: 'level', rainfall: 'rain' };

/** The gauge id for a source's station and variable, e.g. `nsw-hydstra:422004:level`. */
export function gaugeId(source: GaugeSourceName, stationNo: string, variable: GaugeVariable): string {
  return `${source}:${stationNo}:${VARIABLE_TAGS[variable]}`;
}
