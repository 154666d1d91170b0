import type { DuckDBConnection } from '@duckdb/node-api';
import { bucketSizeMs, rollupWatermark } from '../../gauges/index.js';
import type { RollupInterval } from '../../model/index.js';

/** Spans rolled up, and the bucket start of a reading in SQL (aligned to the source's standard time). */
export const ROLLUP_SPANS: readonly RollupInterval[] = ['hourly', 'daily'];

export function bucketStartSql(column: string, span: RollupInterval, offsetMinutes: number): string {
  const size = bucketSizeMs(span);
  const shift = offsetMinutes * 60_000;
  return `((floor((epoch_ms(${column}) + ${shift}) / ${size}) * ${size}) - ${shift})::BIGINT`;
}

/**
 * Rollups of `relation` (raw reading columns, one row per gauge and time) as rows of
 * gauge_rollup_pending: min, max, mean, last, sum and count per gauge and bucket. Mean and sum are
 * rounded to 1e-6 so that recomputing a bucket gives the same row whatever order the sum ran in.
 * `where` filters on `b`, the bucket start in epoch milliseconds, and the reading columns.
 */
export function rollupSelect(options: {
  relation: string;
  span: RollupInterval;
  offsetMinutes: number;
  computedAtParam: string;
  where: string;
}): string {
  const { span, offsetMinutes } = options;
  return `SELECT gauge_id, source, '${span}' AS span, to_timestamp(b / 1000.0) AS bucket_start,
      ${offsetMinutes}::SMALLINT AS offset_minutes,
      min(value) AS value_min, max(value) AS value_max, round(avg(value), 6) AS value_mean,
      arg_max(value, reading_time) AS value_last, round(sum(value), 6) AS value_sum,
      count(*)::INTEGER AS reading_count, ${options.computedAtParam}::TIMESTAMPTZ AS computed_at,
      strftime(epoch_ms(b), '%Y-%m') AS month
    FROM (SELECT *, ${bucketStartSql('reading_time', span, offsetMinutes)} AS b FROM ${options.relation}) r
    WHERE ${options.where}
    GROUP BY gauge_id, source, b`;
}

export interface RollupPass {
  source: string;
  offsetMinutes: number;
  now: Date;
  /** Readings can still arrive for this long after a bucket ends; it is rolled up once this has passed. */
  settleMs: number;
  /** Raw readings of the source, hot ones and (when late readings reach further back) published ones. */
  relation: string;
  /** Table of (gauge_id, span, b) buckets to compute again because a late or corrected reading fell in them. */
  dirtyTable: string;
}

/**
 * Rolls up the source's closed buckets not yet done, and recomputes the dirty ones, into
 * gauge_rollup_pending; moves each span's mark to the start of the first bucket still open. Returns
 * the rows written. Run inside the commit's transaction.
 */
export async function rollUpClosedBuckets(db: DuckDBConnection, pass: RollupPass): Promise<number> {
  let written = 0;
  for (const span of ROLLUP_SPANS) {
    const closeBefore = rollupWatermark(pass.now.getTime() - pass.settleMs, span, pass.offsetMinutes);
    const markRows = await db.runAndReadAll(
      'SELECT done_until FROM gauge_rollup_mark WHERE source = $1 AND span = $2',
      [pass.source, span],
    );
    const mark = markRows.getRowObjectsJS()[0]?.done_until;
    const from = mark === undefined ? null : Number(mark);
    const before = await countPending(db);
    // Closed buckets not yet done: only readings from the mark on can fall in them.
    const since = from === null ? '' : `AND reading_time >= to_timestamp(${from} / 1000.0)`;
    await db.run(
      `INSERT INTO gauge_rollup_pending ${rollupSelect({
        relation: `(SELECT * FROM ${pass.relation} WHERE source = '${pass.source}' ${since})`,
        span,
        offsetMinutes: pass.offsetMinutes,
        computedAtParam: '$1',
        where: `b + ${bucketSizeMs(span)} <= ${closeBefore}${from === null ? '' : ` AND b >= ${from}`}`,
      })}`,
      [pass.now.toISOString()],
    );
    // Buckets done before that a late or corrected reading changed: computed again, whole.
    await db.run(
      `INSERT INTO gauge_rollup_pending ${rollupSelect({
        relation: `(SELECT r.* FROM ${pass.relation} r SEMI JOIN (SELECT DISTINCT gauge_id FROM ${pass.dirtyTable} WHERE span = '${span}') g ON g.gauge_id = r.gauge_id)`,
        span,
        offsetMinutes: pass.offsetMinutes,
        computedAtParam: '$1',
        where: `EXISTS (SELECT 1 FROM ${pass.dirtyTable} d WHERE d.gauge_id = r.gauge_id AND d.span = '${span}' AND d.b = r.b)`,
      })}`,
      [pass.now.toISOString()],
    );
    written += (await countPending(db)) - before;
    const next = Math.max(from ?? -Infinity, closeBefore);
    await db.run('DELETE FROM gauge_rollup_mark WHERE source = $1 AND span = $2', [pass.source, span]);
    await db.run('INSERT INTO gauge_rollup_mark VALUES ($1, $2, $3)', [pass.source, span, next]);
  }
  return written;
}

async function countPending(db: DuckDBConnection): Promise<number> {
  const rows = await db.runAndReadAll('SELECT count(*)::INTEGER AS n FROM gauge_rollup_pending');
  return Number(rows.getRowObjectsJS()[0]?.n ?? 0);
}
