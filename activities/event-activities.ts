import { clusterMembersFromRecords, nextEventState } from '../clustering/index.js';
import { type ClusteringConfig } from '../config/clustering.js';
import { liveIncidentRecords, readEventState, storeEventState } from '../warehouse/events.js';
import type { Warehouse } from '../warehouse/warehouse.js';
import { heartbeating } from './heartbeat.js';

export interface EventDeps {
  lakeDir: string;
  warehouse: Warehouse;
  clustering: ClusteringConfig;
  /** The clock of a clustering run (member age, grace periods, retention). */
  now?: () => Date;
}

/** What one clustering run did: small, for the workflow's history and the Web UI. */
export interface ClusterEventsResult {
  /** When it ran (the `now` of the step). */
  clusteredAt: string;
  /** Live point incidents it read. */
  incidents: number;
  active: number;
  /** Ended events still retained. */
  inactive: number;
  /** The lake generation that published the events; null when what readers see did not change. */
  publishedGeneration: number | null;
}

/**
 * Activities of event clustering, on the warehouse task queue (they read and write the warehouse).
 * One step reads the live incidents and the kept state, computes the next state (clustering/, pure)
 * and keeps it, publishing the `events` table when it changed.
 */
export function createEventActivities({ lakeDir, warehouse, clustering, now = () => new Date() }: EventDeps) {
  return {
    clusterEvents(): Promise<ClusterEventsResult> {
      return heartbeating(() =>
        warehouse.exclusive(async () => {
          const at = now();
          const records = await liveIncidentRecords(warehouse.db);
          const previous = await readEventState(warehouse.db);
          const members = clusterMembersFromRecords(records, clustering);
          const next = nextEventState(previous, members, at.toISOString(), clustering);
          const { published } = await storeEventState(warehouse.db, lakeDir, { previous, next, now: at });
          const active = next.filter((event) => event.isActive).length;
          return {
            clusteredAt: at.toISOString(),
            incidents: records.length,
            active,
            inactive: next.length - active,
            publishedGeneration: published?.generation ?? null,
          };
        }),
      );
    },
  };
}

export type EventActivities = ReturnType<typeof createEventActivities>;
