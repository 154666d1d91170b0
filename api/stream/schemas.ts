import { z } from '@hono/zod-openapi';
import { EVENT_TYPES, FEATURE_TYPES, SEVERITIES, STATES, WARNING_LEVELS } from '../../model/index.js';
import { bboxParam, csvEnum, optionalNumberParam } from '../params.js';
import { STREAM_CHANGE_TYPES } from './change.js';

/** The filters of a stream (and of a stream token): those of the lists, a point and radius, and types. */
export const StreamFilterQuery = z.object({
  types: csvEnum('types', STREAM_CHANGE_TYPES),
  state: csvEnum('state', STATES),
  featureType: csvEnum('featureType', FEATURE_TYPES),
  eventType: csvEnum('eventType', EVENT_TYPES),
  severity: csvEnum('severity', SEVERITIES),
  warningLevel: csvEnum('warningLevel', WARNING_LEVELS),
  bbox: bboxParam('bbox'),
  lat: optionalNumberParam(
    'lat',
    { min: -90, max: 90 },
    'Latitude of a centre, degrees (with lng and radius)',
  ),
  lng: optionalNumberParam(
    'lng',
    { min: -180, max: 180 },
    'Longitude of a centre, degrees (with lat and radius)',
  ),
  radius: optionalNumberParam(
    'radius',
    { min: 0, max: 500 },
    'Radius around lat/lng in kilometres, at most 500 (with lat and lng: all three or none)',
  ),
});
export type StreamFilterQuery = z.infer<typeof StreamFilterQuery>;

/** The names of the filter parameters, which a stream token carries. */
export const STREAM_FILTER_NAMES = Object.keys(StreamFilterQuery.shape) as (keyof StreamFilterQuery)[];

export const StreamQuery = StreamFilterQuery.extend({
  token: z
    .string()
    .max(2000)
    .optional()
    .openapi({
      param: { name: 'token', in: 'query' },
      description:
        "A stream token from POST /v1/stream/tokens, in place of the Authorization header (for EventSource): it carries the stream's filters, so none may be given beside it.",
    }),
  lastEventId: z
    .string()
    .max(100)
    .optional()
    .openapi({
      param: { name: 'lastEventId', in: 'query' },
      description:
        'Where to resume, for clients that cannot send the `Last-Event-ID` header (the header wins when both are sent).',
    }),
});

export const StreamHeaders = z.object({
  'last-event-id': z
    .string()
    .max(100)
    .optional()
    .openapi({
      param: { name: 'last-event-id', in: 'header' },
      description:
        'The id of the last event received: every change after it is sent first (within 24 hours), then live ones. An older or unknown id gets a `reset` event.',
    }),
});

export const STREAM_DESCRIPTION = `Server-Sent Events (text/event-stream) of every change the service publishes, filtered as the lists are.

Event types: ${STREAM_CHANGE_TYPES.map((type) => `\`${type}\``).join(', ')}; plus \`ready\` (sent once the stream is live, naming where it stands) and \`reset\` (\`reason\` \`unknown-id\` or \`too-old\`: the Last-Event-ID cannot be resumed, fetch the lists again and carry on from its id; \`slow-client\`: the client stopped taking what it was sent, the stream ends, and reconnecting with its id resumes with nothing lost).

Each change's \`data\` is a JSON document \`{id, type, timestamp, subject, version?, data}\`: \`data\` is the resource after the change as its endpoint serves it (an Incident Feature, an Event Feature, a Gauge with \`previousFloodClass\`). Its \`id\` orders every change and is the same on every API replica: the publication time (ms) of the lake generation that first showed the change, a hash of what changed, and the incident's version (\`<ms>-<hash>-<version>\`). Reconnecting with \`Last-Event-ID\` (EventSource does so by itself) sends every change missed within the last 24 hours, from the lake, then live ones. A comment line \`: keep-alive\` with the stream's current id comes every 15 s.

Quota: opening a stream is one request, and every 100 changes it delivers one more; when the quota runs out mid-stream a \`quota-exceeded\` event (the 429 problem document) ends it. From a browser, open it with a stream token (POST /v1/stream/tokens) as \`?token=\` instead of the Authorization header.

An update is sent when the incident matches the filters before or after it, so a client sees an incident leave its area. Gauges carry no event type, severity or warning level: filtering on those leaves gauges out. \`featureType\` applies to incidents (default: point incidents only, as on the list).

Each API process holds a bounded number of streams: past it, a new stream is refused with 503 and \`Retry-After\`, and a load balancer places it on another replica.`;

export const StreamTokenSchema = z
  .object({
    token: z.string().openapi({ description: 'Pass as `?token=` to GET /v1/stream.' }),
    expiresAt: z.string().openapi({ description: 'After this instant the token opens no stream.' }),
    stream: z.string().openapi({ description: "The stream's address with the token, relative to the API." }),
  })
  .openapi('StreamToken');
