import { LIST, VARCHAR, type DuckDBAppender, type DuckDBConnection } from '@duckdb/node-api';
import {
  EVENT_COLUMNS,
  EVENT_PUBLICATION_COLUMNS,
  eventFromRow,
  eventPublicationFromRow,
  eventRow,
  type EventPublication,
  type EventRow,
} from '../lake/event-rows.js';
import { RECORD_COLUMN_LIST } from '../lake/incident-columns.js';
import { nextPublishedAt, type Manifest } from '../lake/manifest.js';
import { columnList, LAKE_TABLES } from '../lake/tables.js';
import type { ClusteredEvent, IncidentRecord } from '../model/index.js';
import { currentManifest, lakeFilePlace, publishFiles, writeLakeFile } from './publication.js';
import { withAppender } from './appender.js';

const STATE = 'event_state';
/** The next state is written here first, then swapped in with the publication that shows it. */
const STAGED = 'event_state_next';
const textList = LIST(VARCHAR);

/**
 * The point incidents that may take part in events: live (not retracted) rows of incident_current.
 * Clustering filters them further (status, category, age).
 */
export async function liveIncidentRecords(connection: DuckDBConnection): Promise<IncidentRecord[]> {
  const reader = await connection.runAndReadAll(
    `SELECT ${RECORD_COLUMN_LIST} FROM incident_current
     WHERE feature_type = 'incident' AND NOT retracted AND latitude IS NOT NULL AND longitude IS NOT NULL`,
  );
  return reader.getRowObjectsJS() as unknown as IncidentRecord[];
}

/** The events the last clustering kept, sorted by id (empty before the first). */
export async function readEventState(connection: DuckDBConnection): Promise<ClusteredEvent[]> {
  const reader = await connection.runAndReadAll(`SELECT * FROM ${STATE}`);
  return reader
    .getRowObjectsJS()
    .map((row) => ({ ...eventFromRow(row), lastMatchedAt: row.last_matched_at as string }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function appendEvent(appender: DuckDBAppender, event: ClusteredEvent, publication: EventPublication): void {
  const row = eventRow(event);
  for (const column of EVENT_COLUMNS) {
    const value: EventRow[keyof EventRow] = row[column.name];
    if (value === null) appender.appendNull();
    else if (Array.isArray(value)) appender.appendList(value, textList);
    else if (typeof value === 'boolean') appender.appendBoolean(value);
    else if (typeof value === 'string') appender.appendVarchar(value);
    else if (column.sql.startsWith('INTEGER')) appender.appendInteger(value);
    else appender.appendDouble(value);
  }
  appender.appendVarchar(event.lastMatchedAt);
  for (const column of EVENT_PUBLICATION_COLUMNS) {
    const value = publication[column.name];
    if (value === null) appender.appendNull();
    else appender.appendVarchar(value);
  }
  appender.endRow();
}

/** What a reader of the lake sees of one event, in a form two states can be compared by. */
function eventForm(event: ClusteredEvent): string {
  const row = eventRow(event);
  return JSON.stringify(EVENT_COLUMNS.map((column) => row[column.name]));
}

/** What a reader of the lake sees of the events, in a form two states can be compared by. */
function publishedForm(events: readonly ClusteredEvent[]): string {
  const sorted = [...events].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return `[${sorted.map(eventForm).join(',')}]`;
}

/** When the lake first showed each stored event and last showed it changed. */
async function readPublications(connection: DuckDBConnection): Promise<Map<string, EventPublication>> {
  const reader = await connection.runAndReadAll(
    `SELECT id, ${EVENT_PUBLICATION_COLUMNS.map((column) => column.name).join(', ')} FROM ${STATE}`,
  );
  return new Map(reader.getRowObjectsJS().map((row) => [row.id as string, eventPublicationFromRow(row)]));
}

/**
 * An event's publication times if the generation published at `publishedAt` shows `next`: a new event
 * is first shown then, a changed one changed then, an unchanged one keeps its times.
 */
function publicationOf(
  next: ClusteredEvent,
  previous: ClusteredEvent | undefined,
  kept: EventPublication | undefined,
  publishedAt: string,
): EventPublication {
  if (!previous) return { first_published_at: publishedAt, changed_published_at: publishedAt };
  const unchanged = eventForm(previous) === eventForm(next);
  return {
    first_published_at: kept?.first_published_at ?? null,
    changed_published_at: unchanged ? (kept?.changed_published_at ?? null) : publishedAt,
  };
}

export interface StoredEvents {
  /** The manifest that published the events; undefined when the published rows did not change. */
  published: Manifest | undefined;
}

/**
 * Keeps `next` as the event state. When what readers see changed (every published column; the time
 * of the last match alone does not count) or the lake has no events file yet, the `events` table is
 * written anew and published, and the state is swapped in by the same transaction that records the
 * manifest: the warehouse never keeps a state the lake does not show. Run inside `Warehouse.exclusive`.
 */
export async function storeEventState(
  connection: DuckDBConnection,
  lakeDir: string,
  change: { previous: readonly ClusteredEvent[]; next: readonly ClusteredEvent[]; now: Date },
): Promise<StoredEvents> {
  const manifest = await currentManifest(connection, lakeDir);
  // The time this publication will have, if it publishes: nothing else publishes inside `exclusive`.
  const publishedAt = nextPublishedAt(manifest, change.now);
  const kept = await readPublications(connection);
  const previous = new Map(change.previous.map((event) => [event.id, event]));
  await connection.run(`CREATE OR REPLACE TABLE ${STAGED} AS SELECT * FROM ${STATE} LIMIT 0`);
  try {
    await withAppender(connection, STAGED, (appender) => {
      for (const event of change.next) {
        const publication = publicationOf(
          event,
          previous.get(event.id),
          kept.get(event.id),
          publishedAt.toISOString(),
        );
        appendEvent(appender, event, publication);
      }
    });
    const swap = async () => {
      await connection.run(`DELETE FROM ${STATE}`);
      await connection.run(`INSERT INTO ${STATE} SELECT * FROM ${STAGED}`);
    };
    const hasFile = manifest?.files.some((file) => file.table === 'events') ?? false;
    if (hasFile && publishedForm(change.previous) === publishedForm(change.next)) {
      await inTransaction(connection, swap);
      return { published: undefined };
    }
    const table = LAKE_TABLES.events;
    const file = await writeLakeFile(
      connection,
      lakeDir,
      // The generation this publication will have: nothing else publishes inside `exclusive`.
      lakeFilePlace('events', {}, `events-${(manifest?.generation ?? 0) + 1}.parquet`),
      `SELECT ${columnList(table)} FROM ${STAGED} ORDER BY ${table.orderBy}`,
    );
    const published = await publishFiles(connection, lakeDir, {
      added: [file],
      replaced: (existing) => existing.table === 'events',
      now: publishedAt,
      alsoInside: swap,
    });
    return { published };
  } finally {
    await connection.run(`DROP TABLE IF EXISTS ${STAGED}`);
  }
}

async function inTransaction(connection: DuckDBConnection, work: () => Promise<void>): Promise<void> {
  await connection.run('BEGIN TRANSACTION');
  try {
    await work();
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}
