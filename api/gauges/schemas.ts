import { z } from '@hono/zod-openapi';
import {
  FEED_REPORT_STATUSES,
  FLOOD_CLASSES,
  GAUGE_DATUMS,
  GAUGE_SOURCE_KINDS,
  GAUGE_SOURCE_NAMES,
  GAUGE_VARIABLES,
  READING_STATUSES,
  STATES,
} from '../../model/index.js';
import { GAUGE_COUNT_NAMES, type GaugeCounts } from '../../gauges/index.js';
import { pollFailuresShape, pollTimesShape } from '../poller-health-schema.js';

/** Record shapes of the gauge endpoints (the spec leaves them open; these are the service's). */

export const ReadingSchema = z
  .object({
    time: z.string().openapi({
      description:
        "ISO 8601 with the source's standard-time offset (no daylight saving), as it published it.",
      example: '2026-03-01T09:15:00+10:00',
    }),
    value: z.number().openapi({ description: 'Metres (water_level) or incremental millimetres (rainfall).' }),
    quality: z.string().nullable().openapi({
      description: "The publishing agency's quality or grade code, as text; null when it gives none.",
    }),
  })
  .openapi('GaugeReading');

export const ThresholdsSchema = z
  .object({
    minor: z.number().nullable(),
    moderate: z.number().nullable(),
    major: z.number().nullable(),
    datum: z.enum(GAUGE_DATUMS),
    sourceUrl: z.string().openapi({ description: 'Where the levels were read.' }),
    retrieved: z.string().openapi({ description: 'The date (YYYY-MM-DD) the levels were read.' }),
  })
  .openapi('FloodThresholds', {
    description:
      "Published flood class levels in the gauge's unit: the national meteorological agency's, transcribed into the service's table; a source's own series thresholds fill gaps. A level not published is null.",
  });

export const GaugeSchema = z
  .object({
    id: z.string().openapi({
      example: 'nsw-hydstra:203014:level',
      description: '<source>:<station number>:<level|rain>',
    }),
    source: z.enum(GAUGE_SOURCE_NAMES),
    stationNo: z.string(),
    name: z.string(),
    state: z
      .enum(STATES)
      .nullable()
      .openapi({ description: 'Null when neither the source nor the LGA says.' }),
    lga: z
      .string()
      .nullable()
      .openapi({ description: 'ABS LGA code (2022) the station lies in; null when not placed.' }),
    lgaName: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    variable: z.enum(GAUGE_VARIABLES),
    unit: z.string().openapi({ description: 'm for water levels, mm for rainfall.' }),
    datum: z.enum(GAUGE_DATUMS).nullable().openapi({
      description:
        "What a level is measured from: the gauge's local zero, AHD, or unstated; null for rainfall.",
    }),
    latest: ReadingSchema.nullable(),
    thresholds: ThresholdsSchema.nullable().openapi({
      description: 'Null for rainfall and for gauges with no published levels.',
    }),
    floodClass: z
      .enum(FLOOD_CLASSES)
      .nullable()
      .openapi({ description: 'From the latest reading against the thresholds; null for rainfall.' }),
    readingStatus: z.enum(READING_STATUSES).openapi({
      description:
        "stale once the latest reading is older than the source's staleness horizon, or when there is none.",
    }),
    stalenessHorizonHours: z.number().int(),
  })
  .openapi('Gauge');

export const GaugeCollectionSchema = z
  .object({
    gauges: z.array(GaugeSchema),
    meta: z.object({
      totalCount: z.number().int(),
      nextCursor: z
        .string()
        .optional()
        .openapi({ description: 'Pass back as cursor; absent on the last page.' }),
      generatedAt: z.string(),
    }),
    links: z.object({ self: z.string(), next: z.string().optional() }),
    attribution: z.string(),
  })
  .openapi('GaugeCollection');

export const GaugeDetailSchema = z
  .object({
    gauge: GaugeSchema,
    recent: z
      .array(ReadingSchema)
      .openapi({ description: 'Raw readings of the trailing 6 hours, newest first.' }),
  })
  .openapi('GaugeDetail');

export const RollupReadingSchema = ReadingSchema.extend({
  time: z.string().openapi({ description: "Start of the bucket, at the source's standard-time offset." }),
  value: z.number().openapi({ description: "The bucket's peak level (water_level) or total (rainfall)." }),
  quality: z.null(),
  min: z.number(),
  max: z.number(),
  mean: z.number(),
  count: z.number().int().openapi({ description: 'Raw readings in the bucket.' }),
}).openapi('GaugeRollupReading');

export const ReadingsBodySchema = z
  .object({
    gaugeId: z.string(),
    interval: z
      .enum(['raw', 'hourly', 'daily'])
      .openapi({ description: 'The interval served (auto resolved).' }),
    readings: z
      .array(z.union([ReadingSchema, RollupReadingSchema]))
      .openapi({ description: 'Newest first.' }),
    meta: z.object({
      after: z.string(),
      before: z.string(),
      count: z.number().int(),
      nextCursor: z.string().optional().openapi({
        description: 'ISO timestamp: pass back as cursor for older readings; absent on the last page.',
      }),
    }),
  })
  .openapi('GaugeReadings');

const CountsShape = Object.fromEntries(GAUGE_COUNT_NAMES.map((name) => [name, z.number().int()])) as Record<
  keyof GaugeCounts,
  z.ZodNumber
>;

export const SummaryBodySchema = z
  .object({
    summary: z.object(CountsShape).openapi({
      description:
        'Every gauge counts in total and in one of: stale, unclassified, below minor (not shown), minor, moderate, major. Stale gauges are not counted in any class.',
    }),
    groups: z.array(
      z
        .object({
          key: z.string().openapi({
            description:
              'State code or LGA code; `unknown` for the gauges without one (the national source has no state; a gauge outside every LGA has no LGA), listed last.',
          }),
          name: z.string().nullable().openapi({
            description:
              "The LGA's name (groupBy=lga); `No LGA` or `No state` for the `unknown` group; null for a state.",
          }),
          ...CountsShape,
        })
        .openapi('GaugeSummaryGroup'),
    ),
    aboveMinorStations: z
      .array(GaugeSchema)
      .openapi({ description: 'Current gauges at or above minor, most severe first; at most 500.' }),
    meta: z.object({
      groupBy: z.enum(['state', 'lga']),
      variable: z.enum(GAUGE_VARIABLES),
      generatedAt: z.string(),
    }),
  })
  .openapi('GaugeSummary');

export const GaugeSourceHealthSchema = z
  .object({
    source: z.enum(GAUGE_SOURCE_NAMES),
    kind: z.enum(GAUGE_SOURCE_KINDS),
    agency: z.string(),
    state: z.enum(STATES).nullable(),
    status: z.enum(FEED_REPORT_STATUSES).openapi({
      description:
        'As for a feed (/v1/states): stale when the poller has missed its next poll by over 2 minutes; down when its workflow is stuck or not running.',
    }),
    ...pollTimesShape,
    gaugeCount: z.number().int(),
    newReadings: z
      .number()
      .int()
      .openapi({ description: 'Readings the last good poll brought that were new.' }),
    skippedSeries: z
      .number()
      .int()
      .openapi({ description: 'Sites or series the source reported an error for inside a good answer.' }),
    ...pollFailuresShape,
    pollIntervalSeconds: z.number().int().openapi({
      description:
        'How often the poller polls: what it runs with (POLL_INTERVAL_SECONDS may shorten it), the catalogue’s until it has polled.',
    }),
    stalenessHorizonHours: z.number().int(),
  })
  .openapi('GaugeSourceHealth');
