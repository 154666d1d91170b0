import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { CapIssuer } from '../exports/cap/cap-alert.js';
import { capAtomFeed } from '../exports/cap/cap-atom.js';
import { capAlertUrl } from '../exports/cap/cap-document.js';
import { CAP_FEED_PATH } from '../exports/public-paths.js';
import { capEntries, inCapFeed } from '../exports/cap/cap-entries.js';
import { groupVersions, versionsQuery, type IncidentVersion } from '../exports/cap/incident-versions.js';
import { RECORD_COLUMN_LIST, type IncidentRecord } from '../model/index.js';

export interface CapExportOptions {
  file: string;
  issuer: CapIssuer;
  /** Absolute base for links; '' keeps them relative to wherever the file is served from. */
  baseUrl: string;
  now: Date;
}

/**
 * Writes the whole CAP Atom feed (every feature type, every live incident, and retractions of the last
 * 7 days as Cancels) from the warehouse, under a temporary name renamed into place, so the API serves
 * either the previous file or the complete new one. Returns the number of entries.
 */
export async function publishCapFeed(
  connection: DuckDBConnection,
  options: CapExportOptions,
): Promise<number> {
  const current = await connection.runAndReadAll(
    `SELECT ${RECORD_COLUMN_LIST} FROM incident_current ORDER BY id`,
  );
  const records = (current.getRowObjectsJS() as unknown as IncidentRecord[]).filter((record) =>
    inCapFeed(record, options.now),
  );
  const rows = await connection.runAndReadAll(versionsQuery('incident_version'));
  const versions = groupVersions(rows.getRowObjectsJS() as unknown as ({ id: string } & IncidentVersion)[]);
  const base = options.baseUrl.replace(/\/+$/, '');
  const xml = capAtomFeed(capEntries(records, versions), options.issuer, {
    title: 'Emergency incidents (CAP-AU), all current incidents and areas',
    feedKey: CAP_FEED_PATH,
    selfUrl: `${base}${CAP_FEED_PATH}`,
    alertUrl: (record) => capAlertUrl(base, record),
    updated: options.now,
  });
  await mkdir(dirname(options.file), { recursive: true });
  const temporary = `${options.file}.tmp`;
  await writeFile(temporary, xml);
  await rename(temporary, options.file);
  return records.length;
}
