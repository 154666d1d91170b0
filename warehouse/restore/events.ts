import type { DuckDBConnection } from '@duckdb/node-api';
import { filesOf, type Manifest } from '../../lake/manifest.js';
import { fileRelation } from '../../lake/read.js';
import { sqlString } from '../sql.js';

/**
 * The clustered events the lake shows, as the event clusterer's state. When an event last matched an
 * incident is not published: it is taken as the generation's publication, so an event keeps its grace
 * and retention from then (at most one grace period longer than it would have).
 */
export async function restoreEvents(
  db: DuckDBConnection,
  lakeDir: string,
  manifest: Manifest,
): Promise<void> {
  const events = fileRelation(lakeDir, 'events', filesOf(manifest, 'events'));
  await db.run(
    `INSERT INTO event_state BY NAME SELECT *, ${sqlString(manifest.publishedAt)} AS last_matched_at FROM ${events}`,
  );
}
