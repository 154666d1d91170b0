import type { DuckDBConnection } from '@duckdb/node-api';
import { join } from 'node:path';
import { gaugeSourceByName } from '../../config/gauge-sources.js';
import { DAY_MS, HOUR_MS } from '../../gauges/index.js';
import { fileRelation } from '../../lake/read.js';
import { currentManifest } from '../publication.js';
import type { GaugePlacer } from './placement.js';
import { gaugeFilesBetween } from '../../lake/gauge-files.js';
import { bucketStartSql, rollUpClosedBuckets, ROLLUP_SPANS } from './rollup-sql.js';
import { readStagedPoll, stagedReadingsPath, type StagedGaugePoll } from './staged.js';
import { withAppender } from '../appender.js';

/** Raw readings the warehouse keeps at hand: longer than the national archive's 72 h horizon. */
export const HOT_READINGS_MS = 4 * DAY_MS;

export interface GaugeCommitOutcome {
  /** Active gauges the poll listed. */
  gauges: number;
  /** Readings the poll carried (after removing repeats within the poll). */
  received: number;
  /** Readings new to the warehouse, corrected values included. */
  fresh: number;
  /** Corrected values among them (a reading already held, with another value or quality). */
  corrected: number;
  /** Rollup rows written (closed buckets, and buckets recomputed after late readings). */
  rollups: number;
}

export interface GaugeCommitRequest {
  pollId: string;
  /** The staged poll, relative to dataDir (warehouse/gauges/staged.ts). */
  stagedPath: string;
}

export interface GaugeCommitContext {
  dataDir: string;
  lakeDir: string;
  now: Date;
  placer: GaugePlacer;
}

/** Settling time before a bucket is rolled up: two poll intervals, at least an hour. */
export function rollupSettleMs(pollIntervalSeconds: number): number {
  return Math.max(HOUR_MS, 2 * pollIntervalSeconds * 1000);
}

export async function committedGaugeOutcome(
  db: DuckDBConnection,
  pollId: string,
): Promise<GaugeCommitOutcome | undefined> {
  const rows = await db.runAndReadAll('SELECT outcome FROM gauge_commit WHERE poll_id = $1 LIMIT 1', [
    pollId,
  ]);
  const outcome = rows.getRowObjectsJS()[0]?.outcome;
  return typeof outcome === 'string' ? (JSON.parse(outcome) as GaugeCommitOutcome) : undefined;
}

/**
 * Applies one staged poll to the warehouse in one transaction: the source's station list (a station
 * no longer listed stops being active), new and corrected readings into the hot and pending tables,
 * each gauge's latest reading, the series' own thresholds, and the rollups of buckets that closed or
 * that a late reading changed. A poll already committed changes nothing. Run inside `exclusive`;
 * publishing the pending rows is a separate step (publishPendingGauges).
 */
export async function applyGaugePoll(
  db: DuckDBConnection,
  request: GaugeCommitRequest,
  context: GaugeCommitContext,
): Promise<GaugeCommitOutcome> {
  const repeated = await committedGaugeOutcome(db, request.pollId);
  if (repeated) return repeated;
  const poll = await readStagedPoll(context.dataDir, request.stagedPath);
  const source = gaugeSourceByName(poll.source);
  if (!source) throw new Error(`unknown gauge source ${poll.source}`);
  const now = context.now.toISOString();

  await db.run('BEGIN TRANSACTION');
  try {
    await replaceStations(db, poll, context, now);
    const readingsFile = join(context.dataDir, stagedReadingsPath(request.stagedPath));
    const counts = await stageFreshReadings(db, readingsFile, poll.source);
    await storeFreshReadings(db, poll.source, { corrected: Number(counts.corrected) > 0, now });
    await updateLatest(db);
    await replaceSeriesThresholds(db, poll);

    const hotFrom = context.now.getTime() - HOT_READINGS_MS;
    const rollups = await rollUp(db, poll, context, {
      hotFrom,
      oldestFresh: counts.oldest === null ? null : Number(counts.oldest),
    });
    await db.run(
      'DELETE FROM gauge_reading_hot WHERE source = $1 AND reading_time < to_timestamp($2 / 1000.0)',
      [poll.source, hotFrom],
    );

    const outcome: GaugeCommitOutcome = {
      gauges: poll.stations.length,
      received: Number(counts.received),
      fresh: Number(counts.fresh),
      corrected: Number(counts.corrected),
      rollups,
    };
    await db.run('INSERT INTO gauge_commit VALUES ($1, $2, $3::TIMESTAMPTZ, $4)', [
      request.pollId,
      poll.source,
      now,
      JSON.stringify(outcome),
    ]);
    await db.run('INSERT INTO gauge_latest_dirty VALUES ($1::TIMESTAMPTZ)', [now]);
    await db.run('COMMIT');
    return outcome;
  } catch (error) {
    await db.run('ROLLBACK');
    throw error;
  }
}

/** The source's station list: a station no longer listed stops being active; listed ones are replaced. */
async function replaceStations(
  db: DuckDBConnection,
  poll: StagedGaugePoll,
  context: GaugeCommitContext,
  now: string,
): Promise<void> {
  await loadStations(db, poll, context);
  await db.run(`UPDATE gauge_station SET active = false WHERE source = $1`, [poll.source]);
  await db.run(`DELETE FROM gauge_station WHERE id IN (SELECT id FROM station_in)`);
  await db.run(
    `INSERT INTO gauge_station SELECT s.*, true, coalesce(f.first_seen, $1::TIMESTAMPTZ), $1::TIMESTAMPTZ
       FROM station_in s LEFT JOIN station_first_seen f ON f.id = s.id`,
    [now],
  );
}

/**
 * The poll's readings in reading_in and those new to the warehouse in reading_fresh; returns how many
 * were received, fresh and corrected, and the oldest fresh one (epoch ms, null when none).
 */
async function stageFreshReadings(db: DuckDBConnection, readingsFile: string, source: string) {
  // Readings of listed stations only, one per gauge and instant (the last one the file gives).
  await db.run(
    `CREATE OR REPLACE TEMP TABLE reading_in AS
       SELECT gauge_id, $2 AS source, to_timestamp(epoch_ms / 1000.0) AS reading_time,
         offset_minutes::SMALLINT AS offset_minutes, value, quality, epoch_ms
       FROM (SELECT *, row_number() OVER () AS line FROM read_csv($1, header = true, quote = '"',
         columns = {'gauge_id': 'VARCHAR', 'epoch_ms': 'BIGINT', 'offset_minutes': 'INTEGER', 'value': 'DOUBLE', 'quality': 'VARCHAR'}))
       WHERE gauge_id IN (SELECT id FROM station_in)
       QUALIFY row_number() OVER (PARTITION BY gauge_id, epoch_ms ORDER BY line DESC) = 1`,
    [readingsFile, source],
  );
  // New readings, and corrected ones (a reading held with another value or quality), in one join.
  await db.run(
    `CREATE OR REPLACE TEMP TABLE reading_fresh AS
       SELECT i.*, h.gauge_id IS NOT NULL AS corrected
       FROM reading_in i LEFT JOIN (
         SELECT gauge_id, reading_time, value, quality FROM gauge_reading_hot
         WHERE source = $1 AND reading_time >= (SELECT min(reading_time) FROM reading_in)
       ) h ON h.gauge_id = i.gauge_id AND h.reading_time = i.reading_time
       WHERE h.gauge_id IS NULL OR h.value <> i.value OR h.quality IS DISTINCT FROM i.quality`,
    [source],
  );
  return one(
    db,
    `SELECT (SELECT count(*) FROM reading_in)::INTEGER AS received,
         count(*)::INTEGER AS fresh, count(*) FILTER (WHERE corrected)::INTEGER AS corrected,
         min(epoch_ms) AS oldest FROM reading_fresh`,
  );
}

/** Fresh readings into the hot table (replacing the values they correct) and the publish queue. */
async function storeFreshReadings(
  db: DuckDBConnection,
  source: string,
  fresh: { corrected: boolean; now: string },
): Promise<void> {
  if (fresh.corrected) {
    await db.run(
      `DELETE FROM gauge_reading_hot h WHERE source = $1 AND EXISTS (
           SELECT 1 FROM reading_fresh f WHERE f.corrected AND f.gauge_id = h.gauge_id AND f.reading_time = h.reading_time)`,
      [source],
    );
  }
  await db.run(
    `INSERT INTO gauge_reading_hot
       SELECT gauge_id, source, reading_time, offset_minutes, value, quality, $1::TIMESTAMPTZ FROM reading_fresh`,
    [fresh.now],
  );
  await db.run(
    `INSERT INTO gauge_reading_pending
       SELECT gauge_id, source, reading_time, offset_minutes, value, quality, $1::TIMESTAMPTZ,
         strftime(epoch_ms(epoch_ms), '%Y-%m') FROM reading_fresh`,
    [fresh.now],
  );
}

async function one(db: DuckDBConnection, sql: string, params: (string | number)[] = []) {
  return (await db.runAndReadAll(sql, params)).getRowObjectsJS()[0] ?? {};
}

/** The listed stations, placed (LGA, state), in station_in; their first sighting in station_first_seen. */
async function loadStations(db: DuckDBConnection, poll: StagedGaugePoll, context: GaugeCommitContext) {
  await db.run(`CREATE OR REPLACE TEMP TABLE station_in (
    id VARCHAR, source VARCHAR, station_no VARCHAR, name VARCHAR, state VARCHAR, lga VARCHAR,
    lga_name VARCHAR, latitude DOUBLE, longitude DOUBLE, variable VARCHAR, unit VARCHAR, datum VARCHAR)`);
  const seen = new Set<string>();
  await withAppender(db, 'station_in', (appender) => {
    for (const station of poll.stations) {
      if (seen.has(station.id)) continue;
      seen.add(station.id);
      const place = context.placer(station);
      appender.appendVarchar(station.id);
      appender.appendVarchar(station.source);
      appender.appendVarchar(station.stationNo);
      appender.appendVarchar(station.name);
      for (const text of [place.state, place.lga, place.lgaName]) {
        if (text === null) appender.appendNull();
        else appender.appendVarchar(text);
      }
      for (const number of [station.latitude, station.longitude]) {
        if (number === null) appender.appendNull();
        else appender.appendDouble(number);
      }
      appender.appendVarchar(station.variable);
      appender.appendVarchar(station.unit);
      if (station.datum === null) appender.appendNull();
      else appender.appendVarchar(station.datum);
      appender.endRow();
    }
  });
  await db.run(
    `CREATE OR REPLACE TEMP TABLE station_first_seen AS
     SELECT id, first_seen FROM gauge_station WHERE id IN (SELECT id FROM station_in)`,
  );
}

/** Each gauge's latest reading: the newest of the one held and the fresh ones (a fresh one wins a tie). */
async function updateLatest(db: DuckDBConnection) {
  await db.run(`CREATE OR REPLACE TEMP TABLE latest_next AS
    SELECT gauge_id, arg_max({'t': reading_time, 'o': offset_minutes, 'v': value, 'q': quality}, (reading_time, fresh)) AS r
    FROM (
      SELECT gauge_id, reading_time, offset_minutes, value, quality, 0 AS fresh FROM gauge_latest
      WHERE gauge_id IN (SELECT gauge_id FROM reading_fresh)
      UNION ALL
      SELECT gauge_id, reading_time, offset_minutes, value, quality, 1 AS fresh FROM reading_fresh
    ) GROUP BY gauge_id`);
  await db.run('DELETE FROM gauge_latest WHERE gauge_id IN (SELECT gauge_id FROM latest_next)');
  await db.run('INSERT INTO gauge_latest SELECT gauge_id, r.t, r.o, r.v, r.q FROM latest_next');
}

async function replaceSeriesThresholds(db: DuckDBConnection, poll: StagedGaugePoll) {
  await db.run('DELETE FROM gauge_series_threshold WHERE gauge_id IN (SELECT id FROM station_in)');
  if (poll.seriesThresholds.length === 0) return;
  await withAppender(db, 'gauge_series_threshold', (appender) => {
    for (const [id, thresholds] of poll.seriesThresholds) {
      appender.appendVarchar(id);
      for (const level of [thresholds.minor, thresholds.moderate, thresholds.major]) {
        if (level === null) appender.appendNull();
        else appender.appendDouble(level);
      }
      appender.appendVarchar(thresholds.datum);
      appender.appendVarchar(thresholds.sourceUrl);
      appender.appendVarchar(thresholds.retrieved);
      appender.endRow();
    }
  });
}

/**
 * Rolls up the source's closed buckets from its hot readings. A fresh reading in a bucket already
 * rolled up makes that bucket dirty: it is computed again, from published readings too when it lies
 * before the hot window (a late national-archive value), so the new row covers the whole bucket.
 */
async function rollUp(
  db: DuckDBConnection,
  poll: StagedGaugePoll,
  context: GaugeCommitContext,
  window: { hotFrom: number; oldestFresh: number | null },
): Promise<number> {
  const source = gaugeSourceByName(poll.source)!;
  const offset = source.standardOffsetMinutes;
  const marks = new Map(
    (
      await db.runAndReadAll('SELECT span, done_until FROM gauge_rollup_mark WHERE source = $1', [
        poll.source,
      ])
    )
      .getRowObjectsJS()
      .map((row) => [row.span as string, Number(row.done_until)]),
  );
  const dirtySelects = ROLLUP_SPANS.flatMap((span) => {
    const mark = marks.get(span);
    return mark === undefined
      ? []
      : [
          `SELECT DISTINCT gauge_id, '${span}' AS span, ${bucketStartSql('reading_time', span, offset)} AS b
           FROM reading_fresh WHERE ${bucketStartSql('reading_time', span, offset)} < ${mark}`,
        ];
  });
  await db.run(
    `CREATE OR REPLACE TEMP TABLE rollup_dirty AS ${
      dirtySelects.length > 0
        ? dirtySelects.join(' UNION ALL ')
        : 'SELECT NULL::VARCHAR AS gauge_id, NULL::VARCHAR AS span, NULL::BIGINT AS b WHERE false'
    }`,
  );
  const hot = `(SELECT gauge_id, source, reading_time, offset_minutes, value, quality, received_at FROM gauge_reading_hot WHERE source = '${poll.source}')`;
  let relation = hot;
  // A day bucket can start up to a day before its earliest reading.
  if (window.oldestFresh !== null && window.oldestFresh - DAY_MS < window.hotFrom) {
    const manifest = await currentManifest(db, context.lakeDir);
    const files = gaugeFilesBetween(manifest, 'gauge_readings', {
      source: poll.source,
      fromMs: window.oldestFresh - DAY_MS,
      toMs: window.hotFrom + DAY_MS,
    });
    relation = `(SELECT * EXCLUDE (rank) FROM (
        SELECT *, row_number() OVER (PARTITION BY gauge_id, reading_time ORDER BY received_at DESC) AS rank
        FROM (SELECT * FROM ${hot} UNION ALL SELECT * FROM ${fileRelation(context.lakeDir, 'gauge_readings', files)})
      ) WHERE rank = 1)`;
  }
  return rollUpClosedBuckets(db, {
    source: poll.source,
    offsetMinutes: offset,
    now: context.now,
    settleMs: rollupSettleMs(source.pollIntervalSeconds),
    relation,
    dirtyTable: 'rollup_dirty',
  });
}
