import {
  CERTAINTIES,
  EVENT_CATEGORIES,
  EVENT_TYPES,
  FEATURE_TYPES,
  FLOOD_CLASSES,
  GAUGE_DATUMS,
  GAUGE_SOURCE_NAMES,
  GAUGE_VARIABLES,
  INCIDENT_STATUSES,
  PRECISIONS,
  SEVERITIES,
  STATES,
  URGENCIES,
  WARNING_LEVELS,
} from '../model/index.js';
import { DISASTER_TYPES, DRFA_CATEGORIES, INSTRUMENT_TYPES, JURISDICTIONS } from '../model/declaration.js';
import type { LakeTableName } from './tables.js';

/** What a column means to someone who downloads it: its meaning, unit and the values it takes. */
export interface ColumnMeaning {
  description: string;
  /** The unit of a quantity (SI or the source's, as written). */
  unit?: string;
  /** Every value the column takes (an array column: each element's). */
  values?: readonly string[];
}

/** An instant stored typed (lake/stored-columns.ts). */
const INSTANT = 'an instant, UTC; in local time with its offset in the `_local` column beside it';

/** The point geometry files of a table with a point add (lake/stored-columns.ts). */
const POINT_GEOMETRY =
  'The point (`longitude`, `latitude`) as GeoParquet 1.1 geometry: WKB on WGS 84 (OGC:CRS84); empty when there is none.';
const POINT_BBOX =
  'The point as the geometry’s bbox covering (xmin = xmax, ymin = ymax), for readers that prune by area.';

/** The text column beside a typed instant. */
const localMeaning = (column: string) =>
  `\`${column}\` as the API serves it: ISO 8601 in the local time of the incident’s state, with its offset from UTC (+10:00 for AEST, +11:00 for AEDT).`;

/**
 * The meaning of each published column, by name: a name means the same in every table that has it.
 * A column whose meaning depends on its table is in TABLE_COLUMN_MEANINGS instead, which wins.
 */
const COLUMN_MEANINGS: Readonly<Record<string, ColumnMeaning>> = {
  feature_type: {
    description:
      'What the row is: an incident, or an area belonging to one (its warning area, its burnt or affected area, a fire ban area).',
    values: FEATURE_TYPES,
  },
  parent_id: { description: 'For an area: the id of the incident it belongs to; empty for an incident.' },
  state: { description: 'The state or territory whose agency published the row.', values: STATES },
  agency: { description: 'The publishing agency, by its short name in lower case (e.g. rfs, cfa, qfd).' },
  feed_id: { description: 'The id the agency itself gives the incident in its feed.' },
  title: { description: 'The title the agency gives the incident or event.' },
  event_type: { description: 'The kind of hazard, in the service’s vocabulary.', values: EVENT_TYPES },
  event_category: {
    description: 'The CAP category of the hazard (CAP 1.2 `category`).',
    values: EVENT_CATEGORIES,
  },
  status: { description: 'How far the response has come, as the agency says it.', values: INCIDENT_STATUSES },
  warning_level: {
    description: 'The Australian Warning System level of the incident (none when it carries no warning).',
    values: WARNING_LEVELS,
  },
  severity: { description: 'CAP 1.2 `severity`.', values: SEVERITIES },
  urgency: { description: 'CAP 1.2 `urgency`.', values: URGENCIES },
  certainty: { description: 'CAP 1.2 `certainty`.', values: CERTAINTIES },
  address: { description: 'The address or place the agency gives (may be empty).' },
  suburb: { description: 'The suburb or locality (may be empty).' },
  lga: { description: 'The local government area the point falls in (may be empty).' },
  location_state: {
    description: 'The state or territory the location is in (an agency may report across a border).',
  },
  latitude: {
    description: 'Latitude of the incident’s point (WGS 84); empty when it has none.',
    unit: 'degree',
  },
  longitude: {
    description: 'Longitude of the incident’s point (WGS 84); empty when it has none.',
    unit: 'degree',
  },
  precision: {
    description: 'How the point was placed: exactly by the agency, or at the centre of a postcode or an LGA.',
    values: PRECISIONS,
  },
  geometry: {
    description:
      'The shape (a point, polygon or multipolygon) as GeoParquet 1.1 geometry: WKB, longitude and latitude on WGS 84 (OGC:CRS84); empty when none.',
  },
  geometry_geojson: {
    description: 'The same geometry as GeoJSON text, as the API serves it; empty when none.',
  },
  bbox: {
    description:
      'The geometry’s bounding box (xmin, ymin, xmax, ymax: west, south, east, north), the GeoParquet covering column readers filter row groups by.',
    unit: 'degree',
  },
  details: {
    description:
      'Everything else the agency published for the row, as JSON text: per-agency fields (size, resources, source_url, …) kept as given.',
  },
  reported_at: { description: `When the agency first reported the incident (${INSTANT}).` },
  reported_at_local: { description: localMeaning('reported_at') },
  updated_at: { description: `When the agency last updated the incident (${INSTANT}).` },
  updated_at_local: { description: localMeaning('updated_at') },
  fetched_at: { description: `When the service fetched the feed that listed this version (${INSTANT}).` },
  fetched_at_local: { description: localMeaning('fetched_at') },
  retracted: {
    description: 'Whether the incident has left its feed (kept for 7 days after, then no longer current).',
  },
  retracted_at: { description: `When the service saw the incident leave its feed (${INSTANT}).` },
  retracted_at_local: { description: localMeaning('retracted_at') },
  retraction_reason: {
    description: 'Why the incident was retracted (e.g. it left the feed, or was cancelled).',
  },
  version: { description: 'The version of the incident this row holds, from 1, one more at each change.' },
  valid_from: { description: 'When this version became current (UTC).' },
  feed_key: {
    description:
      'The service’s key of the feed this incident comes from (the first to list it when several do).',
  },
  chain: {
    description:
      'Every version’s start, as JSON text (`[[version, valid_from], …]`): what CAP `references` are built from.',
  },
  event_start_date: {
    description: 'The day the historical event began, as the archive’s source gives it (a date).',
  },
  event_end_date: { description: 'The day it ended (a date); empty when the source gives none.' },
  magnitude: { description: 'An earthquake’s magnitude, on `magnitude_scale`.' },
  magnitude_scale: { description: 'The scale of `magnitude` (e.g. ML, Mw).' },
  impact_deaths: { description: 'Deaths the source attributes to the event.', unit: 'person' },
  impact_affected: { description: 'People the source counts as affected.', unit: 'person' },
  impact_economic: {
    description: 'The economic cost the source gives, in Australian dollars of its day.',
    unit: 'AUD',
  },
  glide_number: { description: 'The event’s GLIDE number, when the source gives one.' },
  summary: { description: 'A one-sentence summary of the event, made by the service.' },
  incident_count: { description: 'How many current incidents the event holds.' },
  affected_suburbs: { description: 'The suburbs of its incidents.' },
  affected_states: { description: 'The states and territories of its incidents.', values: STATES },
  agencies: { description: 'The agencies that reported its incidents.' },
  event_types: { description: 'The kinds of hazard among its incidents.', values: EVENT_TYPES },
  max_severity: { description: 'The highest CAP severity among its incidents.', values: SEVERITIES },
  max_warning_level: {
    description: 'The highest warning level among its incidents.',
    values: WARNING_LEVELS,
  },
  estimated_hectares: {
    description: 'The area its incidents report as burnt or affected, summed.',
    unit: 'ha',
  },
  first_detected_at: { description: `When its first incident was reported (${INSTANT}).` },
  first_detected_at_local: { description: localMeaning('first_detected_at') },
  last_updated_at: { description: `When one of its incidents last changed (${INSTANT}).` },
  last_updated_at_local: { description: localMeaning('last_updated_at') },
  is_active: { description: 'Whether the event still holds a current incident.' },
  ended_at: { description: 'When it ended (an instant, UTC); empty while active.' },
  merged_into: { description: 'The event it was merged into, when two grew together; empty otherwise.' },
  member_ids: { description: 'The ids of its incidents.' },
  first_published_at: { description: 'When the lake first showed the event (an instant, UTC).' },
  changed_published_at: { description: 'When the lake last showed it changed (an instant, UTC).' },
  instrument_type: {
    description: 'The kind of instrument: a state declaration, a DRFA activation, or emergency powers.',
    values: INSTRUMENT_TYPES,
  },
  jurisdiction: {
    description: 'The jurisdiction that made it (`ot`: other territories).',
    values: JURISDICTIONS,
  },
  agrn: { description: 'The Australian Government Reference Number of the event.' },
  event_name: { description: 'The event’s name as the source gives it.' },
  disaster_types: { description: 'The hazards named, in the service’s vocabulary.', values: DISASTER_TYPES },
  hazards: { description: 'The hazards as the source names them.' },
  area_type: {
    description: 'The kind of area: a local government area, or a suburb and locality (ABS SAL).',
    values: ['lga', 'sal'],
  },
  area_code: { description: 'The ABS code of the area (LGA 2023 or SAL 2021).' },
  area_name: { description: 'The area’s name.' },
  start_date: { description: 'The day the instrument took effect.' },
  end_date: { description: 'The day it ends; empty when open-ended or not stated.' },
  drfa_categories: { description: 'The DRFA categories of assistance activated.', values: DRFA_CATEGORIES },
  drfa_agdrp: { description: 'Whether the Australian Government Disaster Recovery Payment was activated.' },
  drfa_dra: { description: 'Whether the Disaster Recovery Allowance was activated.' },
  assistance: { description: 'Other assistance named by the source, as text.' },
  source_url: { description: 'The page the record was read from.' },
  content_sha256: { description: 'The SHA-256 (hex) of the source’s content as read.' },
  records: { description: 'Records read from the source in that refresh.' },
  rejected: { description: 'Records set aside as unreadable in that refresh.' },
  unmapped_hazards: { description: 'Hazard names the service could not map to its vocabulary.' },
  document_urls: { description: 'The documents read.' },
  document_sha256: { description: 'The SHA-256 (hex) of each document, in the order of `document_urls`.' },
  station_no: { description: 'The station number the source uses.' },
  name: { description: 'The station’s name as the source gives it.' },
  lga_name: { description: 'The name of the local government area the gauge is in.' },
  variable: { description: 'What the gauge measures.', values: GAUGE_VARIABLES },
  unit: { description: 'The unit of its values (e.g. m for a water level, mm for rainfall).' },
  datum: { description: 'The datum of water levels: local gauge zero, or AHD.', values: GAUGE_DATUMS },
  latest_time: { description: 'When the latest reading was taken (UTC).' },
  latest_offset: { description: 'The offset the source wrote that time in.', unit: 'minute east of UTC' },
  latest_value: { description: 'The latest reading, in `unit`.' },
  latest_quality: { description: 'The source’s quality code of the latest reading, as given.' },
  minor: { description: 'The minor flood level at this gauge, in `unit` on `threshold_datum`.' },
  moderate: { description: 'The moderate flood level, in `unit` on `threshold_datum`.' },
  major: { description: 'The major flood level, in `unit` on `threshold_datum`.' },
  threshold_datum: { description: 'The datum of the flood levels.', values: GAUGE_DATUMS },
  threshold_source_url: { description: 'Where the flood levels come from.' },
  threshold_retrieved: { description: 'When the flood levels were read from there (YYYY-MM-DD).' },
  flood_class: {
    description: 'The latest reading against the flood levels (unclassified without levels).',
    values: FLOOD_CLASSES,
  },
  first_seen: { description: 'When the service first saw the gauge (UTC).' },
  class_published_at: { description: 'When the lake first showed the current flood class (UTC).' },
  previous_flood_class: { description: 'The flood class before the current one.', values: FLOOD_CLASSES },
  gauge_id: { description: 'The gauge’s id (`gauges_latest.id`).' },
  reading_time: { description: 'When the reading was taken (UTC).' },
  offset_minutes: {
    description: 'The offset the source wrote the time in, to show it as published.',
    unit: 'minute east of UTC',
  },
  value: { description: 'The reading, in the gauge’s `unit`.' },
  quality: { description: 'The source’s quality code, as given.' },
  received_at: {
    description: 'When the service received it (UTC): a later row for the same time corrects it.',
  },
  span: { description: 'The bucket’s length.', values: ['hourly', 'daily'] },
  bucket_start: { description: 'The bucket’s start, aligned to the source’s standard time (UTC).' },
  value_min: { description: 'The lowest reading in the bucket, in the gauge’s `unit`.' },
  value_max: { description: 'The highest reading in the bucket.' },
  value_mean: { description: 'The mean of the bucket’s readings.' },
  value_last: { description: 'The last reading in the bucket.' },
  value_sum: { description: 'The sum of the bucket’s readings (rainfall: the total).' },
  reading_count: { description: 'How many readings the bucket holds.' },
  computed_at: {
    description: 'When the bucket was computed (UTC): a later row for the same bucket replaces it.',
  },
};

/** Meanings that depend on the table. */
const TABLE_COLUMN_MEANINGS: Partial<Record<LakeTableName, Readonly<Record<string, ColumnMeaning>>>> = {
  incidents_live: {
    id: { description: 'The incident’s id: `<state>-<agency>-<the agency’s id>`, the same in every poll.' },
  },
  incident_versions: {
    id: {
      description: 'The incident’s id: `<state>-<agency>-<the agency’s id>`, the same in every version.',
    },
    valid_to: {
      description: 'When the next version replaced this one (UTC); empty for a retraction still in force.',
    },
  },
  archive: {
    id: { description: 'The historical event’s id: `<state>-<agency>-<the id its source gives it>`.' },
    fetched_at: { description: `When the archive load read the record (${INSTANT}).` },
    reported_at: { description: `When the source says the event was first reported (${INSTANT}).` },
    updated_at: { description: `When the source last updated the record (${INSTANT}).` },
    geometry: { description: POINT_GEOMETRY },
    bbox: { description: POINT_BBOX, unit: 'degree' },
    retracted_at: { description: 'Empty: archive records are never retracted.' },
    retracted_at_local: { description: 'Empty: archive records are never retracted.' },
    valid_from: { description: 'The start of the event’s first local day (UTC).' },
    valid_to: { description: 'The end of its last local day (UTC).' },
  },
  events: {
    id: { description: 'The event’s id (a UUID), the same while it lasts.' },
    event_category: { description: 'The CAP category of its incidents.', values: EVENT_CATEGORIES },
    title: { description: 'The event’s title, made by the service from its incidents.' },
    geometry: {
      description:
        'Its hull (or its one point) as GeoParquet 1.1 geometry: WKB, longitude and latitude on WGS 84 (OGC:CRS84).',
    },
  },
  declarations: {
    id: { description: 'The record’s id: `<source>:<agrn>:<area_type>:<area_code>`.' },
    source: { description: 'The source the record was read from.' },
  },
  declaration_sources: {
    source: { description: 'The source.' },
    fetched_at: { description: 'When it was last read whole (UTC).' },
  },
  gauges_latest: {
    geometry: { description: POINT_GEOMETRY },
    bbox: { description: POINT_BBOX, unit: 'degree' },
    id: {
      description: 'The gauge’s id: `<source>:<station_no>:<level|rain>` (e.g. `nsw-hydstra:422004:level`).',
    },
    source: { description: 'The gauge network.', values: GAUGE_SOURCE_NAMES },
    state: {
      description: 'The state or territory the gauge is in (empty for national stations).',
      values: STATES,
    },
    lga: { description: 'The code of the local government area the gauge is in.' },
    latitude: { description: 'Latitude of the gauge (WGS 84).', unit: 'degree' },
    longitude: { description: 'Longitude of the gauge (WGS 84).', unit: 'degree' },
  },
  gauge_readings: { source: { description: 'The gauge network.', values: GAUGE_SOURCE_NAMES } },
  gauge_rollups: { source: { description: 'The gauge network.', values: GAUGE_SOURCE_NAMES } },
};

/** What each table holds, for the dictionary's headings. */
export const TABLE_MEANINGS: Readonly<Record<LakeTableName, string>> = {
  incidents_live:
    'Current incidents and areas, with those retracted in the last 7 days: one row each, at its current version. Replaced whole when it changes.',
  incident_versions:
    'Every settled version of every incident, append-only, partitioned by state and month of `valid_from`.',
  archive:
    'Historical events from before the live service (archive loads), one row each, partitioned by state and source.',
  events: 'Clustered events: every active one and those ended in the last 7 days.',
  declarations: 'Disaster declarations and DRFA activations, one row per instrument and area.',
  declaration_sources: 'Each declaration source’s last good refresh.',
  gauges_latest: 'Every river and rain gauge with its latest reading and flood class.',
  gauge_readings: 'Raw gauge readings, append-only, partitioned by source and month.',
  gauge_rollups: 'Hourly and daily summaries of gauge readings, append-only, partitioned by span and month.',
};

/** The values a column of a table takes, when the dictionary states them (its enumerations). */
export function statedValues(table: string, column: string): readonly string[] | undefined {
  return (TABLE_COLUMN_MEANINGS[table as LakeTableName]?.[column] ?? COLUMN_MEANINGS[column])?.values;
}

/** A column's meaning in a table; throws for a column the dictionary does not describe. */
export function columnMeaning(table: LakeTableName, column: string): ColumnMeaning {
  const meaning = TABLE_COLUMN_MEANINGS[table]?.[column] ?? COLUMN_MEANINGS[column];
  if (!meaning?.description) throw new Error(`the data dictionary has no meaning for ${table}.${column}`);
  return meaning;
}

/** Every column name the dictionary describes, for the check that it names no column the lake lacks. */
export function describedColumns(): { table?: LakeTableName; column: string }[] {
  const shared = Object.keys(COLUMN_MEANINGS).map((column) => ({ column }));
  const own = Object.entries(TABLE_COLUMN_MEANINGS).flatMap(([table, columns]) =>
    Object.keys(columns).map((column) => ({ table: table as LakeTableName, column })),
  );
  return [...shared, ...own];
}
