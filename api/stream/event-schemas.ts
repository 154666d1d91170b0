import { z } from '@hono/zod-openapi';
import { FLOOD_CLASSES } from '../../model/index.js';
import { EventFeatureSchema } from '../events/schemas.js';
import { GaugeSchema } from '../gauges/schemas.js';
import { IncidentFeatureSchema } from '../incidents/schemas.js';
import { STREAM_CHANGE_TYPES, type StreamChangeType } from './change.js';
import { RESET_REASONS } from './frames.js';

/**
 * The data of each event the stream sends, and the body of each webhook delivery (the same change
 * document), as JSON Schemas in the OpenAPI document: `x-stream-events` on GET /v1/stream names the
 * schema of each event type.
 */

type Kind = 'incident' | 'event' | 'gauge';

function typesOf(kind: Kind): [StreamChangeType, ...StreamChangeType[]] {
  return STREAM_CHANGE_TYPES.filter((type) => type.startsWith(`${kind}.`)) as [
    StreamChangeType,
    ...StreamChangeType[],
  ];
}

function changeOf<S extends z.ZodType>(kind: Kind, data: S, description: string) {
  return z.object({
    id: z
      .string()
      .openapi({ description: 'Orders every change; the same on every replica. Resume from it.' }),
    type: z.enum(typesOf(kind)),
    timestamp: z.iso
      .datetime({ offset: true })
      .openapi({ description: 'When the lake first showed the change.' }),
    subject: z.string().openapi({ description: `The ${kind}'s id.` }),
    version: z
      .number()
      .int()
      .min(1)
      .optional()
      .openapi({ description: 'Incidents: the version the change made.' }),
    data: data.openapi({ description }),
  });
}

export const IncidentChangeSchema = changeOf(
  'incident',
  IncidentFeatureSchema,
  'The incident after the change, as /v1/incidents/{id} serves it.',
).openapi('IncidentChange');

export const EventChangeSchema = changeOf(
  'event',
  EventFeatureSchema,
  'The clustered event after the change, as /v1/events/{id} serves it.',
).openapi('EventChange');

export const GaugeChangeSchema = changeOf(
  'gauge',
  GaugeSchema.extend({
    previousFloodClass: z.enum(FLOOD_CLASSES).nullable().optional().openapi({
      description: 'gauge.flood_class_changed: the flood class before the change (null: none, or not known).',
    }),
  }),
  'The gauge after the change, as /v1/gauges/{id} serves it; a change of class says the class it had before.',
).openapi('GaugeChange');

export const StreamReadySchema = z
  .object({
    id: z.string().openapi({ description: 'Where the stream stands: the newest change id.' }),
    resumed: z
      .number()
      .int()
      .min(0)
      .openapi({ description: 'Changes sent first because Last-Event-ID asked.' }),
    resumeWindowHours: z.number().int().min(1),
  })
  .openapi('StreamReady');

export const StreamResetSchema = z
  .object({
    reason: z.enum(RESET_REASONS),
    detail: z.string(),
    id: z
      .string()
      .openapi({ description: 'Carry on from this id (as Last-Event-ID) after fetching the lists.' }),
  })
  .openapi('StreamReset');

/** Each event type the stream sends, with the component naming its data. */
export const STREAM_EVENT_SCHEMAS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(typesOf('incident').map((type) => [type, 'IncidentChange'])),
  ...Object.fromEntries(typesOf('event').map((type) => [type, 'EventChange'])),
  ...Object.fromEntries(typesOf('gauge').map((type) => [type, 'GaugeChange'])),
  ready: 'StreamReady',
  reset: 'StreamReset',
  'quota-exceeded': 'Problem',
};

/** The schemas above, to register with the document. */
export const STREAM_EVENT_COMPONENTS = {
  IncidentChange: IncidentChangeSchema,
  EventChange: EventChangeSchema,
  GaugeChange: GaugeChangeSchema,
  StreamReady: StreamReadySchema,
  StreamReset: StreamResetSchema,
} as const;

/**
 * One event of the stream as a whole: its name, its id and its data, JSON of the component its name
 * names. Tools reading OpenAPI 3.1 take the `schema` of `text/event-stream` as each event's (3.2 names
 * it `itemSchema`), so the stream's 200 carries this rather than a bare string.
 */
export function streamEventSchema() {
  const eventsOf = new Map<string, string[]>();
  for (const [event, component] of Object.entries(STREAM_EVENT_SCHEMAS)) {
    eventsOf.set(component, [...(eventsOf.get(component) ?? []), event]);
  }
  return {
    oneOf: [...eventsOf].map(([component, events]) => ({
      type: 'object' as const,
      required: ['event', 'data'],
      properties: {
        event: { type: 'string' as const, enum: events },
        id: { type: 'string' as const, description: 'The change id to resume from (Last-Event-ID).' },
        retry: { type: 'integer' as const, minimum: 0 },
        data: {
          type: 'string' as const,
          contentMediaType: 'application/json',
          contentSchema: { $ref: `#/components/schemas/${component}` },
        },
      },
    })),
  };
}
