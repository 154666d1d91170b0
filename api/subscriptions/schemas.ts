import { z } from '@hono/zod-openapi';
import { STATES } from '../../model/index.js';
import { STREAM_CHANGE_TYPES } from '../stream/change.js';
import { limitParam } from '../params.js';
import { CHANNEL_KINDS } from '../../channels/index.js';
import { ADDRESS_PATTERN, MAX_ADDRESS_LENGTH } from '../../channels/email/address.js';

const LONGITUDE = { min: -180, max: 180 };
const LATITUDE = { min: -90, max: 90 };

/** Each place of a position, as OpenAPI 3.1 (JSON Schema 2020-12) says it; the generator's types lack it. */
const POSITION_ITEMS = {
  prefixItems: [
    { type: 'number', minimum: LONGITUDE.min, maximum: LONGITUDE.max, description: 'Longitude' },
    { type: 'number', minimum: LATITUDE.min, maximum: LATITUDE.max, description: 'Latitude' },
    { type: 'number', description: 'Altitude (optional; ignored)' },
  ],
} as object;

/**
 * A GeoJSON position: longitude, latitude and, as RFC 7946 §3.1.1 allows, an altitude, which is
 * accepted and ignored (an area is matched on the ground).
 */
const Position = z
  .array(z.number())
  .min(2, 'a position is [longitude, latitude] or [longitude, latitude, altitude]')
  .max(3, 'a position is [longitude, latitude] or [longitude, latitude, altitude]')
  .refine(
    ([lng = NaN, lat = NaN]) =>
      lng >= LONGITUDE.min && lng <= LONGITUDE.max && lat >= LATITUDE.min && lat <= LATITUDE.max,
    'a position is longitude from -180 to 180, then latitude from -90 to 90',
  )
  .transform(([lng = NaN, lat = NaN]): [number, number] => [lng, lat])
  .openapi(POSITION_ITEMS);

export const AreaSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('point'),
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      radiusKm: z.number().positive().max(500),
    }),
    z.object({
      type: z.literal('polygon'),
      polygon: z.object({
        type: z.literal('Polygon'),
        coordinates: z
          .array(z.array(Position).min(4, 'a ring has at least 4 positions').max(10_000))
          .min(1)
          .max(50),
      }),
    }),
    z.object({ type: z.literal('lga'), code: z.string().regex(/^\d{5}$/, 'an ABS LGA code: 5 digits') }),
    z.object({ type: z.literal('postcode'), postcode: z.string().regex(/^\d{4}$/, 'a postcode: 4 digits') }),
    z.object({ type: z.literal('state'), state: z.enum(STATES) }),
  ])
  .openapi('SubscriptionArea', {
    description:
      'Where changes must be: a point and radius (km, ≤ 500), a GeoJSON Polygon, an ABS LGA code, a postcode (the LGAs its suburbs lie in) or a state.',
  });

export const CreateSubscriptionBody = z
  .object({
    // The scheme is checked with the target (subscriptions/target.ts), where a deployment that allows
    // loopback targets (the demo, WEBHOOK_ALLOW_LOOPBACK) also takes http://127.0.0.1; the document
    // states the rule every public target keeps.
    url: z.url({ message: 'url: an absolute https URL' }).max(2000).openapi({
      pattern: '^[Hh][Tt][Tt][Pp][Ss]://',
      description:
        'An absolute https URL on a public address (a deployment allowing loopback targets also takes http to 127.0.0.1).',
    }),
    types: z
      .array(z.enum(STREAM_CHANGE_TYPES))
      .max(STREAM_CHANGE_TYPES.length)
      .default([])
      .openapi({ description: 'The change types to receive; none or empty: every type.' }),
    area: AreaSchema,
  })
  .openapi('NewSubscription');

export const CreateEmailSubscriptionBody = z
  .object({
    email: z
      .email({ pattern: ADDRESS_PATTERN, message: 'email: one e-mail address, name@domain.example' })
      .max(MAX_ADDRESS_LENGTH)
      .openapi({
        description:
          'Where a plain-text digest of the changes goes: one message a minute at most, over the service’s SMTP server.',
      }),
    types: CreateSubscriptionBody.shape.types,
    area: AreaSchema,
  })
  .openapi('NewEmailSubscription');

/** A webhook (`url`) or an e-mail digest (`email`): one target, never both. */
export const NewSubscriptionBody = z
  .union([CreateSubscriptionBody, CreateEmailSubscriptionBody])
  .openapi({ description: 'A webhook (url) or an e-mail digest (email), never both.' });

const SubscriptionFields = {
  id: z.string(),
  url: z.string().openapi({
    description: 'The target: the webhook’s URL, or mailto: and the address of an e-mail subscription.',
  }),
  channel: z.enum(CHANNEL_KINDS).openapi({ description: 'How changes are delivered.' }),
  types: z.array(z.string()),
  area: AreaSchema,
  status: z.enum(['active', 'disabled']),
  disabledReason: z.string().nullable().openapi({ description: 'Why deliveries stopped, once disabled.' }),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
};

export const SubscriptionSchema = z.object(SubscriptionFields).openapi('Subscription');

export const CreatedSubscriptionSchema = z
  .object({
    ...SubscriptionFields,
    secret: z.string().openapi({
      description:
        'The Standard Webhooks signing secret (whsec_…): shown this once. Verify each delivery with it.',
    }),
  })
  .openapi('CreatedSubscription');

export const SubscriptionListSchema = z
  .object({ subscriptions: z.array(SubscriptionSchema) })
  .openapi('SubscriptionList');

export const DeliverySchema = z
  .object({
    changeId: z.string().openapi({ description: 'The change id: the webhook-id of every attempt.' }),
    type: z.string(),
    subject: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    queuedAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    lastStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: z.string().nullable(),
  })
  .openapi('Delivery');

export const DeliveryListSchema = z.object({ deliveries: z.array(DeliverySchema) }).openapi('DeliveryList');

export const SubscriptionParams = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export const DeliveriesQuery = z.object({
  limit: limitParam('limit', { min: 1, max: 500, fallback: 100 }),
});
