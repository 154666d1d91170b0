import { gaugeFilesBetween } from '../../lake/gauge-files.js';
import type { GaugeReading, RollupInterval } from '../../model/index.js';
import { formatAtOffset } from '../../model/time/fixed-offset.js';
import type { ServingStore } from '../../lake/serving/serving-store.js';
import type { CatalogueGauge } from './catalogue.js';

export interface RollupView extends GaugeReading {
  quality: null;
  min: number;
  max: number;
  mean: number;
  count: number;
}

export interface ReadingsWindow {
  afterMs: number;
  /** Exclusive: the window's end, or the cursor of the page before. */
  beforeMs: number;
  /** Only readings (rollups: bucket peaks) at or above this level. */
  atLeast?: number | undefined;
  limit: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** $1 the gauge, $2 and $3 the window's bounds, $4 the least value when one is asked for. */
function windowParams(gaugeId: string, window: ReadingsWindow): (string | number)[] {
  return [
    gaugeId,
    iso(window.afterMs),
    iso(window.beforeMs),
    ...(window.atLeast === undefined ? [] : [window.atLeast]),
  ];
}

/** The query's end: the last copy of each time, the least value when asked, newest first, one past the page. */
function newestFirst(window: ReadingsWindow, valueColumn: string): string {
  const atLeast = window.atLeast === undefined ? '' : `AND ${valueColumn} >= $4`;
  return `WHERE copy = 1 ${atLeast} ORDER BY t DESC LIMIT ${window.limit + 1}`;
}

/** A page of the rows read (one past it): their views, and whether a next page exists. */
function pageOf<Row, View>(
  rows: Row[],
  window: ReadingsWindow,
  view: (row: Row) => View,
): { readings: View[]; more: boolean } {
  return { readings: rows.slice(0, window.limit).map(view), more: rows.length > window.limit };
}

const localTime = (row: { t: number; offset_minutes: number }) =>
  formatAtOffset(Number(row.t), Number(row.offset_minutes));

/**
 * Raw readings of one gauge in [after, before), newest first, read in place from the files of its
 * source that can hold the window (a corrected value supersedes the earlier copy). One more row than
 * the limit is read to know whether a next page exists.
 */
export async function rawReadings(
  store: ServingStore,
  gauge: CatalogueGauge,
  window: ReadingsWindow,
): Promise<{ readings: GaugeReading[]; more: boolean }> {
  const files = gaugeFilesBetween(store.manifest, 'gauge_readings', {
    source: gauge.source,
    fromMs: window.afterMs,
    toMs: window.beforeMs,
  });
  if (files.length === 0) return { readings: [], more: false };
  const rows = await store.query<{
    t: number;
    offset_minutes: number;
    value: number;
    quality: string | null;
  }>(
    `SELECT epoch_ms(reading_time)::DOUBLE AS t, offset_minutes, value, quality FROM (
       SELECT reading_time, offset_minutes, value, quality,
         row_number() OVER (PARTITION BY reading_time ORDER BY received_at DESC) AS copy
       FROM ${store.filesRelation('gauge_readings', files)}
       WHERE gauge_id = $1 AND reading_time >= $2::TIMESTAMPTZ AND reading_time < $3::TIMESTAMPTZ
     ) ${newestFirst(window, 'value')}`,
    windowParams(gauge.id, window),
  );
  return pageOf(rows, window, (row) => ({ time: localTime(row), value: row.value, quality: row.quality }));
}

/**
 * Hourly or daily rollups of one gauge whose bucket starts in [after, before), newest first. A
 * reading's value is the bucket's peak level (water_level) or its total (rainfall).
 */
export async function rollupReadings(
  store: ServingStore,
  gauge: CatalogueGauge,
  span: RollupInterval,
  window: ReadingsWindow,
): Promise<{ readings: RollupView[]; more: boolean }> {
  const files = gaugeFilesBetween(store.manifest, 'gauge_rollups', {
    span,
    fromMs: window.afterMs,
    toMs: window.beforeMs,
  });
  if (files.length === 0) return { readings: [], more: false };
  const valueColumn = gauge.variable === 'rainfall' ? 'value_sum' : 'value_max';
  const rows = await store.query<{
    t: number;
    offset_minutes: number;
    value: number;
    value_min: number;
    value_max: number;
    value_mean: number;
    reading_count: number;
  }>(
    `SELECT epoch_ms(bucket_start)::DOUBLE AS t, offset_minutes, ${valueColumn} AS value,
       value_min, value_max, value_mean, reading_count FROM (
       SELECT *, row_number() OVER (PARTITION BY bucket_start ORDER BY computed_at DESC) AS copy
       FROM ${store.filesRelation('gauge_rollups', files)}
       WHERE gauge_id = $1 AND span = '${span}'
         AND bucket_start >= $2::TIMESTAMPTZ AND bucket_start < $3::TIMESTAMPTZ
     ) ${newestFirst(window, 'value_max')}`,
    windowParams(gauge.id, window),
  );
  return pageOf(rows, window, (row) => ({
    time: localTime(row),
    value: row.value,
    quality: null,
    min: row.value_min,
    max: row.value_max,
    mean: row.value_mean,
    count: Number(row.reading_count),
  }));
}
