import { z } from '@hono/zod-openapi';
import {
  CERTAINTIES,
  EVENT_CATEGORIES,
  EVENT_TYPES,
  FEATURE_TYPES,
  INCIDENT_STATUSES,
  OUTPUT_FORMATS,
  PRECISIONS,
  SEVERITIES,
  SINGLE_INCIDENT_FORMATS,
  STATES,
  URGENCIES,
  WARNING_LEVELS,
} from '../../model/index.js';
import {
  cursorParam,
  bboxParam,
  booleanParam,
  csvEnum,
  csvString,
  dateTimeParam,
  limitParam,
  numberParam,
} from '../params.js';

/** Collections other than the current list: no CAP formats. */
const collectionFormat = z
  .enum(['geojson', 'json', 'csv'], { message: 'format: allowed values are geojson, json, csv' })
  .default('geojson')
  .openapi({ param: { name: 'format', in: 'query' } });

const CURSOR_TEXT = 'Opaque token from meta.next_cursor: the next page of the same query.';

/** Filters on how an incident is classed, taken alike by the list and the nearby search. */
const classificationFilters = {
  severity: csvEnum('severity', SEVERITIES),
  urgency: csvEnum('urgency', URGENCIES),
  certainty: csvEnum('certainty', CERTAINTIES),
  warningLevel: csvEnum('warningLevel', WARNING_LEVELS),
  status: csvEnum('status', INCIDENT_STATUSES),
  agency: csvString('agency', 'Comma-separated agency codes (e.g. rfs)'),
};

export const IncidentListQuery = z.object({
  state: csvEnum('state', STATES),
  eventType: csvEnum('eventType', EVENT_TYPES),
  category: csvEnum('category', EVENT_CATEGORIES),
  featureType: csvEnum('featureType', FEATURE_TYPES),
  ...classificationFilters,
  bbox: bboxParam('bbox'),
  limit: limitParam('limit', { min: 1, max: 500, fallback: 100 }),
  cursor: cursorParam(CURSOR_TEXT),
  after: cursorParam('Alias of cursor; wins if both are given.', 'after'),
  format: z
    .enum(OUTPUT_FORMATS, { message: `format: allowed values are ${OUTPUT_FORMATS.join(', ')}` })
    .default('geojson')
    .openapi({ param: { name: 'format', in: 'query' } }),
  include_retracted: booleanParam('include_retracted', 'Include incidents upstream no longer publishes.'),
});
export type IncidentListQuery = z.infer<typeof IncidentListQuery>;

export const IncidentParams = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'nsw-rfs-394730' }),
});

export const SingleIncidentQuery = z.object({
  format: z
    .enum(SINGLE_INCIDENT_FORMATS, {
      message: `format: allowed values are ${SINGLE_INCIDENT_FORMATS.join(', ')}`,
    })
    .default('geojson')
    .openapi({ param: { name: 'format', in: 'query' } }),
});

const Position = z.tuple([z.number(), z.number()]);
const Geometry = z
  .union([
    z.object({ type: z.literal('Point'), coordinates: Position }),
    z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(Position)) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(Position))) }),
  ])
  .nullable()
  .openapi('Geometry');

export const IncidentFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    id: z.string(),
    geometry: Geometry,
    properties: z.object({
      featureType: z.enum(FEATURE_TYPES),
      parentId: z
        .string()
        .optional()
        .openapi({ description: 'For area features: the incident they belong to.' }),
      source: z.object({ state: z.enum(STATES), agency: z.string(), feedId: z.string() }),
      title: z.string(),
      eventType: z.enum(EVENT_TYPES),
      eventCategory: z.enum(EVENT_CATEGORIES),
      status: z.enum(INCIDENT_STATUSES),
      warningLevel: z.enum(WARNING_LEVELS),
      severity: z.enum(SEVERITIES),
      urgency: z.enum(URGENCIES),
      certainty: z.enum(CERTAINTIES),
      location: z.object({
        address: z.string(),
        suburb: z.string(),
        state: z.string(),
        lga: z.string(),
        latitude: z.number().optional(),
        longitude: z.number().optional(),
        precision: z.enum(PRECISIONS).optional(),
      }),
      details: z.record(z.string(), z.unknown()),
      timestamps: z.object({ reported: z.string(), updated: z.string(), fetched: z.string() }),
      retraction: z.object({
        retracted: z.boolean(),
        retractedAt: z.string().optional(),
        reason: z.string().optional(),
      }),
      archive: z
        .record(z.string(), z.union([z.string(), z.number()]))
        .optional()
        .openapi({ description: 'Archive snapshot results only; each key present only when populated.' }),
      distanceKm: z
        .number()
        .optional()
        .openapi({ description: 'Nearby results only: kilometres from the point.' }),
    }),
  })
  .openapi('Incident');

export const IncidentCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(IncidentFeatureSchema),
    meta: z.object({
      total_count: z.number().int(),
      has_more: z.boolean(),
      next_cursor: z.string().optional(),
      generatedAt: z.string(),
      source: z.enum(['live', 'archive']),
    }),
    links: z.object({ self: z.string(), next: z.string().optional() }),
    attribution: z.string(),
  })
  .openapi('IncidentCollection');

export const NearbyQuery = z.object({
  lat: numberParam('lat', { min: -90, max: 90 }, 'Latitude of the centre, degrees'),
  lng: numberParam('lng', { min: -180, max: 180 }, 'Longitude of the centre, degrees'),
  radius: numberParam('radius', { min: 0, max: 500 }, 'Radius in kilometres, at most 500'),
  limit: limitParam('limit', { min: 1, max: 500, fallback: 100 }),
  state: csvEnum('state', STATES),
  eventType: csvEnum('eventType', EVENT_TYPES),
  eventCategory: csvEnum('eventCategory', EVENT_CATEGORIES),
  ...classificationFilters,
  include_retracted: booleanParam('include_retracted', 'Include incidents upstream no longer publishes.'),
  format: collectionFormat,
});
export type NearbyQuery = z.infer<typeof NearbyQuery>;

export const SnapshotQuery = z.object({
  datetime: dateTimeParam('datetime').openapi({
    param: { name: 'datetime', in: 'query', required: true },
    example: '2026-11-20T10:00:00+11:00',
  }),
  state: csvEnum('state', STATES),
  event_type: csvEnum('event_type', EVENT_TYPES),
  limit: limitParam('limit', { min: 1, max: 500, fallback: 500 }),
  cursor: cursorParam(CURSOR_TEXT),
  after: cursorParam('Alias of cursor; wins if both are given.', 'after'),
  format: collectionFormat,
});
export type SnapshotQuery = z.infer<typeof SnapshotQuery>;

export const HistoryQuery = z.object({
  state: csvEnum('state', STATES),
  eventType: csvEnum('eventType', EVENT_TYPES),
  after: dateTimeParam('after')
    .optional()
    .openapi({
      param: { name: 'after', in: 'query' },
      description: 'Inclusive start of the window (tier-limited). Paging uses `cursor`.',
    }),
  before: dateTimeParam('before')
    .optional()
    .openapi({
      param: { name: 'before', in: 'query' },
      description:
        'Exclusive end of the window, default now; later than `after` (a 400 names both otherwise).',
    }),
  limit: limitParam('limit', { min: 1, max: 500, fallback: 100 }),
  cursor: cursorParam(CURSOR_TEXT),
  format: collectionFormat,
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;
