import { z } from '@hono/zod-openapi';
import { EVENT_TYPES, SEVERITIES, STATES, WARNING_LEVELS } from '../../model/index.js';
import { IncidentFeatureSchema } from '../incidents/schemas.js';
import { booleanParam, csvEnum, cursorParam, limitParam } from '../params.js';

export const EventListQuery = z.object({
  limit: limitParam('limit', { min: 1, max: 200, fallback: 50 }),
  state: csvEnum('state', STATES).openapi({
    description: `Events affecting any of these states (array overlap). Comma-separated values of: ${STATES.join(', ')}`,
  }),
  eventType: csvEnum('eventType', EVENT_TYPES).openapi({
    description: `Events holding an incident of any of these types. Comma-separated values of: ${EVENT_TYPES.join(', ')}`,
  }),
  severity: csvEnum('severity', SEVERITIES).openapi({
    description: `Events whose maximum severity is one of these. Comma-separated values of: ${SEVERITIES.join(', ')}`,
  }),
  warningLevel: csvEnum('warningLevel', WARNING_LEVELS).openapi({
    description: `Events whose maximum warning level is one of these. Comma-separated values of: ${WARNING_LEVELS.join(', ')}`,
  }),
  include_inactive: booleanParam(
    'include_inactive',
    'Also list events that have ended (kept for 7 days after they end). Default false: active events only.',
  ),
  cursor: cursorParam('Opaque token from meta.nextCursor: the next page of the same query.'),
});
export type EventListQuery = z.infer<typeof EventListQuery>;

export const EventParams = z.object({
  id: z.string().openapi({
    param: { name: 'id', in: 'path' },
    format: 'uuid',
    description: 'The event id (a UUID). Anything else is an unknown event: 404.',
    example: '6f1d3a52-8a7e-5c1b-9d2e-4b0a7c3e1f90',
  }),
});

export const SingleEventQuery = z.object({
  include_incidents: booleanParam(
    'include_incidents',
    'Embed the incidents that make up the event in properties.incidents. Default false.',
  ),
});

const Position = z.tuple([z.number(), z.number()]);
const EventGeometrySchema = z
  .union([
    z.object({ type: z.literal('Point'), coordinates: Position }),
    z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(Position)) }),
  ])
  .openapi('EventGeometry', {
    description: 'The convex hull of the incidents, or their centroid when they span no area.',
  });

const dateTime = (description: string) => z.string().openapi({ format: 'date-time', description });

export const EventFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    id: z.string().openapi({ format: 'uuid' }),
    geometry: EventGeometrySchema,
    properties: z.object({
      title: z.string().openapi({ description: 'Generated from the incidents and places.' }),
      incidentCount: z.number().int(),
      affectedSuburbs: z.array(z.string()),
      affectedStates: z.array(z.enum(STATES)),
      agencies: z.array(z.string()),
      eventTypes: z.array(z.enum(EVENT_TYPES)),
      maxSeverity: z.enum(SEVERITIES),
      maxWarningLevel: z.enum(WARNING_LEVELS),
      estimatedHectares: z
        .number()
        .nullable()
        .openapi({ description: 'Sum of the sizes the incidents report; null when none does.' }),
      summary: z.string().openapi({ description: 'Generated.' }),
      firstDetectedAt: dateTime('The earliest report of any incident the event has had.').nullable(),
      lastUpdatedAt: dateTime('The latest update of its incidents.'),
      isActive: z.boolean(),
      incidents: z.array(IncidentFeatureSchema).optional().openapi({
        description:
          'include_incidents=true only: the member incidents as Incident Features (the shape of GET /incidents/{id}), sorted by id. Members no longer among current incidents (ended more than 7 days ago) are left out; incidentCount counts every member of the last clustering.',
      }),
    }),
  })
  .openapi('Event');

export const EventCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(EventFeatureSchema),
    meta: z.object({
      totalEvents: z.number().int().openapi({ description: 'Events matching the filters, on every page.' }),
      generatedAt: dateTime('When this answer was made.'),
      nextCursor: z
        .string()
        .optional()
        .openapi({ description: 'Present when more events match: pass it back as cursor.' }),
    }),
    links: z.object({ self: z.string(), next: z.string().optional() }),
    attribution: z.string(),
  })
  .openapi('EventCollection');
