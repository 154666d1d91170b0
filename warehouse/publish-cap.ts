import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { CapIssuer } from '../exports/cap/cap-alert.js';
import { assembleAtomFeed, renderAtomEntry, type CapAtomOptions } from '../exports/cap/cap-atom.js';
import { capAlertUrl } from '../exports/cap/cap-document.js';
import { latestMessage } from '../exports/cap/cap-messages.js';
import { CAP_FEED_PATH } from '../exports/public-paths.js';
import { versionsOfChain } from '../lake/chain.js';
import { RECORD_COLUMN_LIST } from '../lake/incident-columns.js';
import { CANCEL_WINDOW_MS, type IncidentRecord } from '../model/index.js';
import { withAppender } from './appender.js';

export interface CapExportOptions {
  file: string;
  issuer: CapIssuer;
  /** Absolute base for links; '' keeps them relative to wherever the file is served from. */
  baseUrl: string;
  now: Date;
}

function feedOptions(options: CapExportOptions): CapAtomOptions {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    title: 'Emergency incidents (CAP-AU), all current incidents and areas',
    feedKey: CAP_FEED_PATH,
    selfUrl: `${base}${CAP_FEED_PATH}`,
    alertUrl: (record) => capAlertUrl(base, record),
    updated: options.now,
  };
}

/**
 * Refreshes the whole CAP Atom feed (every feature type, every live incident, and retractions of the
 * last 7 days as Cancels). Each incident's entry is rendered once per version, when its row changes,
 * and kept in `cap_entry`; the file is assembled from kept entries, written under a temporary name and
 * renamed into place. Cost follows the changed rows and the live set, never the version history.
 * Returns the number of entries. Runs inside `Warehouse.exclusive`.
 */
export async function publishCapFeed(
  connection: DuckDBConnection,
  options: CapExportOptions,
): Promise<number> {
  const feed = feedOptions(options);
  const changed = await connection.runAndReadAll(
    `SELECT ${RECORD_COLUMN_LIST}, chain FROM incident_current WHERE id IN (SELECT id FROM cap_changed)`,
  );
  const rendered = changed.getRowObjectsJS().map((row) => {
    const { chain, ...rest } = row;
    const record = rest as unknown as IncidentRecord;
    const message = latestMessage(record, versionsOfChain(chain as string));
    return {
      id: record.id,
      retractedAt: record.retracted ? record.retracted_at : null,
      xml: renderAtomEntry({ record, message }, options.issuer, feed),
    };
  });
  const cutoff = new Date(options.now.getTime() - CANCEL_WINDOW_MS).toISOString();
  await connection.run('BEGIN TRANSACTION');
  try {
    await connection.run('DELETE FROM cap_entry WHERE id IN (SELECT id FROM cap_changed)');
    await withAppender(connection, 'cap_entry', (appender) => {
      for (const entry of rendered) {
        appender.appendVarchar(entry.id);
        if (entry.retractedAt === null) appender.appendNull();
        else appender.appendVarchar(entry.retractedAt);
        appender.appendVarchar(entry.xml);
        appender.endRow();
      }
    });
    await connection.run('DELETE FROM cap_changed');
    await connection.run('DELETE FROM cap_entry WHERE retracted_at::TIMESTAMPTZ < $1::TIMESTAMPTZ', [cutoff]);
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
  const entries = (await connection.runAndReadAll('SELECT xml FROM cap_entry ORDER BY id'))
    .getRowObjectsJS()
    .map((row) => row.xml as string);
  const xml = assembleAtomFeed(entries, options.issuer, feed);
  await mkdir(dirname(options.file), { recursive: true });
  const temporary = `${options.file}.tmp`;
  await writeFile(temporary, xml);
  await rename(temporary, options.file);
  return entries.length;
}
