import { RECORD_COLUMN_LIST } from '../incident-columns.js';
import type { Manifest } from '../manifest.js';
import { archiveRelation, fileRelation, prunedFiles, type LakeSlice } from '../read.js';
import { LIVE_TABLE } from './live-set.js';

/** What the serving layer reads of a version: the record and its validity (not the feed that keeps it). */
const versionColumns = `${RECORD_COLUMN_LIST}, version, valid_from, valid_to`;

/**
 * Every version of the incidents in the slice, as a relation: settled versions read in place from
 * the lake's files (pruned by state and time), plus the open versions of live incidents (the reader's
 * live table). A settled retraction that was later closed appears twice in the files; the closed copy
 * wins.
 */
export function versionsView(lakeDir: string, manifest: Manifest | undefined, slice: LakeSlice): string {
  const files = prunedFiles(manifest, 'incident_versions', slice);
  const settled = fileRelation(lakeDir, 'incident_versions', files);
  // Only retractions can have two copies, so only they pass through the window: the query's own
  // filters still reach the Parquet scan of everything else.
  return `(
      SELECT ${versionColumns} FROM ${settled} WHERE NOT retracted
      UNION ALL
      SELECT ${versionColumns} FROM ${settled} WHERE retracted
        QUALIFY row_number() OVER (PARTITION BY id, version ORDER BY valid_to DESC NULLS LAST) = 1
      UNION ALL
      SELECT ${RECORD_COLUMN_LIST}, version, valid_from, NULL::TIMESTAMPTZ AS valid_to
      FROM ${LIVE_TABLE.name} WHERE NOT retracted
    )`;
}

/** The historical archive in the slice, read in place from the lake's files (geometry built from points). */
export function archiveView(lakeDir: string, manifest: Manifest | undefined, slice: LakeSlice): string {
  return archiveRelation(lakeDir, prunedFiles(manifest, 'archive', slice));
}
