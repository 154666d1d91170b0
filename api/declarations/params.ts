import { z } from '@hono/zod-openapi';
import { DateTime } from 'luxon';
import { decodeListCursor, LIST_STATUSES } from '../../declarations/index.js';
import { DISASTER_TYPES, INSTRUMENT_TYPES, JURISDICTIONS, jurisdictionOf } from '../../model/index.js';
import { booleanParam, limitParam } from '../params.js';

/** Request schemas of the declaration endpoints; every message names its parameter and what it allows. */

const today = { minute: Number.NaN, date: '' };

/** `today` for as_at and active_on: the date in eastern Australia, where most declarations are made. */
export function todayInAustralia(now: Date): string {
  // Offsets change on the minute: the date is worked out once a minute, not per request.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== today.minute) {
    today.minute = minute;
    today.date =
      DateTime.fromJSDate(now, { zone: 'Australia/Sydney' }).toISODate() ?? now.toISOString().slice(0, 10);
  }
  return today.date;
}

export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value, { zone: 'utc' }).isValid;
}

function dateParam(name: string, description: string) {
  return z
    .string()
    .refine(isIsoDate, { message: `${name}: must be a calendar date, YYYY-MM-DD` })
    .optional()
    .openapi({ param: { name, in: 'query' }, format: 'date', description, example: '2025-06-01' });
}

function enumParam<const T extends readonly [string, ...string[]]>(
  name: string,
  allowed: T,
  description: string,
) {
  return z
    .enum(allowed, { message: `${name}: must be one of ${allowed.join(', ')}` })
    .optional()
    .openapi({ param: { name, in: 'query' }, description });
}

const asAt = dateParam('as_at', 'The date the answer is for (default today in eastern Australia).');
const includeExpired = booleanParam(
  'include_expired',
  'List expired records too (default false); never changes the status.',
);
const instrumentType = enumParam(
  'instrument_type',
  INSTRUMENT_TYPES,
  'Trim record lists to one instrument type; never changes the status.',
);

export const PostcodeParams = z.object({
  postcode: z
    .string()
    .regex(/^\d{4}$/, { message: 'postcode: must be exactly four digits' })
    .openapi({ param: { name: 'postcode', in: 'path' }, example: '2480' }),
});

export const PostcodeQuery = z.object({
  as_at: asAt,
  include_expired: includeExpired,
  instrument_type: instrumentType,
  suburb: z
    .string()
    .max(100, { message: 'suburb: at most 100 characters' })
    .optional()
    .openapi({
      param: { name: 'suburb', in: 'query' },
      description:
        'Narrow to the LGAs this suburb of the postcode lies in (exact match after normalisation; `Suburb, STATE` picks a state). An unmatched suburb answers the whole postcode with narrowing.applied false.',
      example: 'Lismore',
    }),
});

/**
 * The point body. Every message is fixed text: a 400 never repeats what was sent, since the body is
 * a location (and unknown fields are ignored, not named).
 */
const coordinate = (name: string, limit: number) => {
  const message = `${name}: must be a number of degrees from -${limit} to ${limit}`;
  return z.number({ error: message }).min(-limit, { error: message }).max(limit, { error: message });
};

export const PointBody = z
  .object(
    {
      lat: coordinate('lat', 90).openapi({
        description: 'Latitude (WGS84 / GDA2020 degrees)',
        example: -28.81,
      }),
      lng: coordinate('lng', 180).openapi({ description: 'Longitude', example: 153.28 }),
      as_at: z
        .string({ error: 'as_at: must be a calendar date, YYYY-MM-DD' })
        .refine(isIsoDate, { error: 'as_at: must be a calendar date, YYYY-MM-DD' })
        .optional()
        .openapi({
          format: 'date',
          description: 'The date the answer is for (default today in eastern Australia).',
        }),
      include_expired: z.boolean({ error: 'include_expired: must be true or false' }).optional(),
      instrument_type: z
        .enum(INSTRUMENT_TYPES, { error: `instrument_type: must be one of ${INSTRUMENT_TYPES.join(', ')}` })
        .optional(),
    },
    { error: 'body: must be a JSON object {"lat", "lng", "as_at"?}' },
  )
  .openapi('PointQuery');

export const ListQuery = z.object({
  jurisdiction: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return undefined;
      const jurisdiction = jurisdictionOf(raw);
      if (jurisdiction) return jurisdiction;
      ctx.addIssue({ code: 'custom', message: `jurisdiction: must be one of ${JURISDICTIONS.join(', ')}` });
      return z.NEVER;
    })
    .openapi({
      param: { name: 'jurisdiction', in: 'query' },
      type: 'string',
      enum: [...JURISDICTIONS],
      description: `One of ${JURISDICTIONS.join(', ')} (ot: Other Territories); the server also takes them in capitals, the state's name, or its ABS code.`,
    }),
  status: z
    .enum(LIST_STATUSES, { message: `status: must be one of ${LIST_STATUSES.join(', ')}` })
    .default('active')
    .openapi({
      param: { name: 'status', in: 'query' },
      description: 'Record status on active_on (default active).',
    }),
  instrument_type: enumParam('instrument_type', INSTRUMENT_TYPES, 'Only this instrument type.'),
  disaster_type: enumParam('disaster_type', DISASTER_TYPES, 'Only instruments naming this hazard.'),
  active_on: dateParam(
    'active_on',
    'The date statuses are derived for (default today); later instruments are left out.',
  ),
  limit: limitParam('limit', { min: 1, max: 500, fallback: 100 }),
  cursor: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return undefined;
      const position = decodeListCursor(raw);
      if (position) return position;
      ctx.addIssue({
        code: 'custom',
        message: 'cursor: not a cursor this service issued (take it from links.next)',
      });
      return z.NEVER;
    })
    .openapi({ param: { name: 'cursor', in: 'query' }, type: 'string', description: 'From links.next.' }),
});

export const AgrnParams = z.object({
  agrn: z
    .string()
    .regex(/^\d{1,6}$/, { message: 'agrn: must be a number of 1 to 6 digits' })
    .openapi({ param: { name: 'agrn', in: 'path' }, example: '1011' }),
});

export const AgrnQuery = z.object({ as_at: asAt });
