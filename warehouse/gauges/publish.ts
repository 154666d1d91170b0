import type { DuckDBConnection } from '@duckdb/node-api';
import type { ThresholdsTable } from '../../gauges/index.js';
import type { LakeFile, Manifest } from '../../lake/manifest.js';
import { columnList, LAKE_TABLES } from '../../lake/tables.js';
import { sqlString } from '../sql.js';
import { lakeFilePlace, nextGeneration, publishFiles, writeLakeFile } from '../publication.js';
import { keepShownClasses, latestGaugesSelect } from './latest.js';

async function distinct(db: DuckDBConnection, sql: string): Promise<Record<string, string>[]> {
  return (await db.runAndReadAll(sql)).getRowObjectsJS() as Record<string, string>[];
}

/**
 * Publishes what gauge commits queued, as one generation of the lake: a segment of readings per
 * (source, month) and of rollups per (span, month), and gauges_latest replaced whole when a commit
 * changed it. The queues are drained in the transaction that records the manifest, so a publish
 * killed half way leaves them to the next one. Nothing queued: nothing published (undefined).
 * Run inside `Warehouse.exclusive`.
 */
export async function publishPendingGauges(
  db: DuckDBConnection,
  options: { lakeDir: string; now: Date; thresholds: ThresholdsTable },
): Promise<Manifest | undefined> {
  const readingParts = await distinct(
    db,
    'SELECT DISTINCT source, month FROM gauge_reading_pending ORDER BY ALL',
  );
  const rollupParts = await distinct(
    db,
    'SELECT DISTINCT span, month FROM gauge_rollup_pending ORDER BY ALL',
  );
  const latestDirty = (await distinct(db, 'SELECT 1 FROM gauge_latest_dirty LIMIT 1')).length > 0;
  if (readingParts.length === 0 && rollupParts.length === 0 && !latestDirty) return undefined;

  // Names carry the generation about to be published: unique, and the same if a killed publish runs
  // again; gauges_latest stamps the flood classes it first shows with that generation's time.
  const next = await nextGeneration(db, options.lakeDir, options.now);
  const segment = (table: SegmentTable, part: Record<string, string>) =>
    writeSegment(db, options.lakeDir, next.generation, table, part);
  const added: LakeFile[] = [];
  for (const part of readingParts) added.push(await segment('gauge_readings', part));
  for (const part of rollupParts) added.push(await segment('gauge_rollups', part));
  if (latestDirty) {
    added.push(
      await writeLakeFile(
        db,
        options.lakeDir,
        lakeFilePlace('gauges_latest', {}, `latest-${next.generation}.parquet`),
        await latestGaugesSelect(db, options.thresholds, next.publishedAt),
      ),
    );
  }
  return publishFiles(db, options.lakeDir, {
    added,
    replaced: (file) => latestDirty && file.table === 'gauges_latest',
    now: next.publishedAt,
    next,
    alsoInside: async () => {
      await db.run('DELETE FROM gauge_reading_pending');
      await db.run('DELETE FROM gauge_rollup_pending');
      await db.run('DELETE FROM gauge_latest_dirty');
      if (latestDirty) await keepShownClasses(db);
    },
  });
}

type SegmentTable = 'gauge_readings' | 'gauge_rollups';
const QUEUE_OF: Record<SegmentTable, string> = {
  gauge_readings: 'gauge_reading_pending',
  gauge_rollups: 'gauge_rollup_pending',
};

/** A segment of one partition of a history table: the rows queued for it. */
function writeSegment(
  db: DuckDBConnection,
  lakeDir: string,
  generation: number,
  table: SegmentTable,
  part: Record<string, string>,
): Promise<LakeFile> {
  const definition = LAKE_TABLES[table];
  const where = Object.entries(part).map(([key, value]) => `${key} = ${sqlString(value)}`);
  return writeLakeFile(
    db,
    lakeDir,
    lakeFilePlace(table, part, `seg-${generation}.parquet`),
    `SELECT ${columnList(definition)} FROM ${QUEUE_OF[table]} WHERE ${where.join(' AND ')} ORDER BY ${definition.orderBy}`,
  );
}
