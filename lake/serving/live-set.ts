import type { DuckDBConnection } from '@duckdb/node-api';
import type { IncidentRecord, IncidentVersion } from '../../model/index.js';
import { decodeChain, type ChainLink } from '../chain.js';
import type { LakeFile } from '../manifest.js';
import { fileRelation } from '../read.js';
import { RECORD_COLUMN_LIST } from '../incident-columns.js';
import { columnsDdl, LAKE_TABLES } from '../tables.js';
import { CurrentIncidents } from './current-incidents.js';

/** The reader's in-memory copy of the loaded generation's incidents_live file, named as the table. */
export const LIVE_TABLE = LAKE_TABLES.incidents_live;

/** The live set of one generation: its current incidents and each one's versions, from its chain. */
export interface LiveSet {
  incidents: CurrentIncidents;
  versions: ReadonlyMap<string, IncidentVersion[]>;
  /** Each incident's chain as stored, with the publication time of every version (lake/chain.ts). */
  chains: ReadonlyMap<string, readonly ChainLink[]>;
}

/** Creates the (empty) live table of a reader's in-memory database. */
export async function createLiveTable(connection: DuckDBConnection): Promise<void> {
  await connection.run(`CREATE TABLE ${LIVE_TABLE.name} (${columnsDdl(LIVE_TABLE)})`);
}

/**
 * Replaces the live table with the rows of a live file (none without one) and reads them into memory.
 * The next table is built beside the serving one, then swapped in one transaction: queries see one or
 * the other.
 */
export async function loadLiveSet(
  connection: DuckDBConnection,
  lakeDir: string,
  file: LakeFile | undefined,
): Promise<LiveSet> {
  await connection.run('DROP TABLE IF EXISTS incidents_live_next');
  await connection.run(`CREATE TABLE incidents_live_next (${columnsDdl(LIVE_TABLE)})`);
  if (file !== undefined) {
    // The service's columns from a file of any version (lake/read.ts): typed forms turned back, a
    // column added after the file was written (its `since`) NULL.
    await connection.run(
      `INSERT INTO incidents_live_next BY NAME SELECT * FROM ${fileRelation(lakeDir, 'incidents_live', [file])}`,
    );
  }
  const reader = await connection.runAndReadAll(
    `SELECT ${RECORD_COLUMN_LIST}, chain FROM incidents_live_next ORDER BY id`,
  );
  const records = reader.getRowObjectsJS() as unknown as (IncidentRecord & { chain: string })[];
  await connection.run('BEGIN TRANSACTION');
  try {
    await connection.run(`DROP TABLE ${LIVE_TABLE.name}`);
    await connection.run(`ALTER TABLE incidents_live_next RENAME TO ${LIVE_TABLE.name}`);
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
  // Sorted here, not in SQL, so that paging compares ids exactly as this sort does.
  records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const versions = new Map<string, IncidentVersion[]>();
  const chains = new Map<string, ChainLink[]>();
  const plain = records.map(({ chain, ...record }) => {
    const links = decodeChain(chain);
    chains.set(record.id, links);
    versions.set(
      record.id,
      links.map(([version, validFrom, retracted]) => ({ version, validFrom, retracted })),
    );
    return record;
  });
  return { incidents: new CurrentIncidents(plain), versions, chains };
}
