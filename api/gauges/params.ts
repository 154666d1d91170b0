import { z } from '@hono/zod-openapi';
import {
  FLOOD_LEVELS,
  GAUGE_LIMITS,
  GAUGE_SOURCE_NAMES,
  GAUGE_VARIABLES,
  READING_INTERVALS,
  STATES,
} from '../../model/index.js';
import { bboxParam, cursorParam, dateTimeParam, limitParam } from '../params.js';

/** Query parameters of the gauge endpoints, each error naming its parameter and what it allows. */

/** Where a gauge bbox may lie: the continent, Tasmania and the near islands. */
export const AUSTRALIA_BOUNDS = { minLon: 112, minLat: -44.5, maxLon: 154.5, maxLat: -9 } as const;

const enumParam = <const T extends readonly [string, ...string[]]>(
  name: string,
  values: T,
  description: string,
) =>
  z
    .enum(values, { message: `${name}: must be one of ${values.join(', ')}` })
    .optional()
    .openapi({ param: { name, in: 'query' }, description });

const variable = z
  .enum(GAUGE_VARIABLES, { message: `variable: must be one of ${GAUGE_VARIABLES.join(', ')}` })
  .default('water_level')
  .openapi({ param: { name: 'variable', in: 'query' }, description: 'water_level (default) or rainfall.' });

const state = enumParam('state', STATES, 'Lowercase state code.');

const australianBbox = bboxParam('bbox').refine(
  (box) =>
    box === undefined ||
    (box.minLon >= AUSTRALIA_BOUNDS.minLon &&
      box.maxLon <= AUSTRALIA_BOUNDS.maxLon &&
      box.minLat >= AUSTRALIA_BOUNDS.minLat &&
      box.maxLat <= AUSTRALIA_BOUNDS.maxLat),
  {
    message: `bbox: must lie within Australia (${AUSTRALIA_BOUNDS.minLon},${AUSTRALIA_BOUNDS.minLat},${AUSTRALIA_BOUNDS.maxLon},${AUSTRALIA_BOUNDS.maxLat})`,
  },
);

const dateTime = (name: string, description: string) =>
  dateTimeParam(name)
    .optional()
    .openapi({ param: { name, in: 'query' }, description });

export const GaugeListQuery = z.object({
  variable,
  state,
  floodClass: enumParam(
    'floodClass',
    FLOOD_LEVELS,
    'Gauges whose current reading is at or above this class (water_level only; not with variable=rainfall).',
  ),
  lga: z
    .string()
    .regex(/^\d{5}$/, 'lga: must be a five-digit ABS LGA code')
    .optional()
    .openapi({ param: { name: 'lga', in: 'query' }, description: 'ABS LGA code (2022).' }),
  source: enumParam('source', GAUGE_SOURCE_NAMES, 'Polling source.'),
  bbox: australianBbox.openapi({ description: 'minLng,minLat,maxLng,maxLat within Australia.' }),
  limit: limitParam('limit', { min: 1, max: GAUGE_LIMITS.listMax, fallback: GAUGE_LIMITS.listDefault }),
  cursor: cursorParam('meta.nextCursor of the previous page.'),
});
export type GaugeListQuery = z.infer<typeof GaugeListQuery>;

export const GaugeParams = z.object({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'nsw-hydstra:203014:level' }),
});

export const ReadingsQuery = z.object({
  after: dateTime('after', 'Inclusive start (tier-limited); default 7 days before `before`.'),
  before: dateTime('before', 'Exclusive end; default now; later than `after` (a 400 names both otherwise).'),
  interval: z
    .enum(READING_INTERVALS, { message: `interval: must be one of ${READING_INTERVALS.join(', ')}` })
    .default('auto')
    .openapi({
      param: { name: 'interval', in: 'query' },
      description:
        'raw, hourly, daily, or auto (default): raw when `after` is within 30 days, hourly within 90, else daily.',
    }),
  above: enumParam(
    'above',
    FLOOD_LEVELS,
    'Only readings at or above this class level (for rollups: the bucket peak); water_level only.',
  ),
  limit: limitParam('limit', {
    min: 1,
    max: GAUGE_LIMITS.readingsMax,
    fallback: GAUGE_LIMITS.readingsDefault,
  }),
  cursor: dateTimeParam('cursor', 'cursor: must be the ISO timestamp from meta.nextCursor')
    .optional()
    .openapi({
      param: { name: 'cursor', in: 'query' },
      description: 'meta.nextCursor: readings before this instant.',
    }),
});
export type ReadingsQuery = z.infer<typeof ReadingsQuery>;

export const SummaryQuery = z.object({
  variable,
  groupBy: z
    .enum(['state', 'lga'], { message: 'groupBy: must be state or lga' })
    .default('state')
    .openapi({
      param: { name: 'groupBy', in: 'query' },
      description: 'state (default), or lga (needs state).',
    }),
  state,
});
export type SummaryQuery = z.infer<typeof SummaryQuery>;
