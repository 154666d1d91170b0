import type { DuckDBConnection } from '@duckdb/node-api';
import type { EventType, Severity, StateCode, WarningLevel } from '../../model/index.js';
import { eventFromRow, type PublishedEvent } from '../event-rows.js';
import { columnList, LAKE_TABLES } from '../tables.js';

/** Filters of the event list. */
export interface EventFilters {
  /** Any of these among the event's affected states (array overlap). */
  state?: StateCode[] | undefined;
  /** Any of these among the event's incident types (array overlap). */
  eventType?: EventType[] | undefined;
  /** Its maximum severity is one of these. */
  severity?: Severity[] | undefined;
  /** Its maximum warning level is one of these. */
  warningLevel?: WarningLevel[] | undefined;
  /** Ended events (retained for 7 days) too; active ones only otherwise. */
  includeInactive: boolean;
}

/** Where a page resumes: the last event served, in list order. */
export interface ListKey {
  updatedMs: number;
  id: string;
}

export function listKeyOf(event: PublishedEvent): ListKey {
  return { updatedMs: Date.parse(event.lastUpdatedAt), id: event.id };
}

/** List order: most recently updated first, then by id. */
function compareKeys(a: ListKey, b: ListKey): number {
  return b.updatedMs - a.updatedMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

const overlaps = <T>(wanted: readonly T[] | undefined, values: readonly T[]) =>
  !wanted || wanted.length === 0 || values.some((value) => wanted.includes(value));
const within = <T>(wanted: readonly T[] | undefined, value: T) =>
  !wanted || wanted.length === 0 || wanted.includes(value);

/**
 * The events of one serving generation, in memory (a few hundred at most: active events plus a week
 * of ended ones), in list order, with a lookup by id.
 */
export class EventSet {
  private readonly byId: ReadonlyMap<string, PublishedEvent>;
  private readonly ordered: readonly { key: ListKey; event: PublishedEvent }[];

  constructor(events: readonly PublishedEvent[]) {
    this.byId = new Map(events.map((event) => [event.id, event]));
    this.ordered = events
      .map((event) => ({ key: listKeyOf(event), event }))
      .sort((a, b) => compareKeys(a.key, b.key));
  }

  get(id: string): PublishedEvent | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** The matching events after `after` (exclusive), up to `limit`, and how many match in all. */
  page(
    filters: EventFilters,
    after: ListKey | undefined,
    limit: number,
  ): { events: PublishedEvent[]; total: number; more: boolean } {
    const events: PublishedEvent[] = [];
    let total = 0;
    let more = false;
    for (const { key, event } of this.ordered) {
      if (!filters.includeInactive && !event.isActive) continue;
      if (!overlaps(filters.state, event.affectedStates)) continue;
      if (!overlaps(filters.eventType, event.eventTypes)) continue;
      if (!within(filters.severity, event.maxSeverity)) continue;
      if (!within(filters.warningLevel, event.maxWarningLevel)) continue;
      total++;
      if (after && compareKeys(key, after) <= 0) continue;
      if (events.length < limit) events.push(event);
      else more = true;
    }
    return { events, total, more };
  }
}

/** The events file of a generation, read whole (it is small). */
export async function readEventSet(connection: DuckDBConnection, path: string): Promise<EventSet> {
  const reader = await connection.runAndReadAll(
    `SELECT ${columnList(LAKE_TABLES.events)} FROM read_parquet($1)`,
    [path],
  );
  return new EventSet(reader.getRowObjectsJS().map(eventFromRow));
}
