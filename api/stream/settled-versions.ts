import { RECORD_COLUMN_LIST } from '../../lake/incident-columns.js';
import type { Manifest } from '../../lake/manifest.js';
import { prunedFiles } from '../../lake/read.js';
import type { ServingStore } from '../../lake/serving/serving-store.js';
import type { IncidentRecord } from '../../model/index.js';
import { versionKey, type SettledVersions, type WantedVersion } from './incident-changes.js';

/**
 * Settled versions read in place from the manifest's incident_versions files, pruned to the states
 * wanted and to files holding a version still valid at the earliest start wanted: a read whose cost
 * follows the versions asked for, not the history.
 */
export function settledVersionsOf(store: ServingStore, manifest: Manifest): SettledVersions {
  return async (wanted: readonly WantedVersion[]) => {
    const found = new Map<string, IncidentRecord>();
    if (wanted.length === 0) return found;
    const states = [...new Set(wanted.map((version) => version.state))];
    const earliest = Math.min(...wanted.map((version) => version.validFrom));
    const files = prunedFiles(manifest, 'incident_versions', {
      states: states.includes('') ? undefined : states,
      endsAfter: new Date(earliest),
    });
    if (files.length === 0) return found;
    const rows = await store.query<IncidentRecord & { version: number }>(
      `SELECT ${RECORD_COLUMN_LIST}, version FROM ${store.filesRelation('incident_versions', files)}
       WHERE list_contains(string_split($1, chr(10)), id || '#' || version::VARCHAR)`,
      [wanted.map((version) => versionKey(version.id, version.version)).join('\n')],
    );
    for (const { version, ...record } of rows) found.set(versionKey(record.id, Number(version)), record);
    return found;
  };
}
