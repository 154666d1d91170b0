import { v5 as uuidV5 } from 'uuid';
import type { ClusteredEvent } from '../model/index.js';
import type { ClusteringConfig } from '../config/clustering.js';
import { clusterMembers } from './density-clustering.js';
import type { MemberCluster } from './density-clustering.js';
import { eventFieldsOf } from './event-fields.js';
import type { EventFields } from './event-fields.js';
import type { ClusterMember } from './members.js';
import { compareInstants, compareText, earliest, epochMs, HOUR_MS, latest, MINUTE_MS } from './ordering.js';

/** Namespace of event ids (chosen once at random; changing it would change every id ever issued). */
export const EVENT_ID_NAMESPACE = '962af28b-9042-47f9-9242-4f78d94b4e70';

/**
 * A new event's id: UUID v5 over its sorted member ids, so a replay of the same polls issues the same
 * ids. When that id is already held (the same incidents formed an event that has since ended), a
 * counter is added to the name until the id is free.
 */
export function eventIdFor(memberIds: readonly string[], taken: ReadonlySet<string>): string {
  const name = [...memberIds].sort(compareText).join('\n');
  let id = uuidV5(name, EVENT_ID_NAMESPACE);
  for (let n = 2; taken.has(id); n++) id = uuidV5(`${name}\n#${n}`, EVENT_ID_NAMESPACE);
  return id;
}

const byId = (a: ClusteredEvent, b: ClusteredEvent): number => compareText(a.id, b.id);

/** Earliest detected first; the id settles a tie. */
const byDetection = (a: ClusteredEvent, b: ClusteredEvent): number =>
  compareInstants(a.firstDetectedAt, b.firstDetectedAt) || byId(a, b);

/**
 * The cluster an event continues as: the one holding most of its previous members (then the larger
 * cluster, then the earlier in cluster order), provided it holds at least `matchShare` of them. When an
 * event splits, this is its largest part.
 */
function successorOf(
  event: ClusteredEvent,
  clusters: readonly MemberCluster[],
  clusterOfMember: ReadonlyMap<string, number>,
  matchShare: number,
): number | undefined {
  const overlaps = new Map<number, number>();
  for (const id of event.memberIds) {
    const k = clusterOfMember.get(id);
    if (k !== undefined) overlaps.set(k, (overlaps.get(k) ?? 0) + 1);
  }
  let best: { k: number; overlap: number; size: number } | undefined;
  for (const [k, overlap] of overlaps) {
    const size = clusters[k]!.members.length;
    if (
      !best ||
      overlap > best.overlap ||
      (overlap === best.overlap && (size > best.size || (size === best.size && k < best.k)))
    ) {
      best = { k, overlap, size };
    }
  }
  return best && best.overlap >= matchShare * event.memberIds.length ? best.k : undefined;
}

function continued(event: ClusteredEvent, fields: EventFields, now: string): ClusteredEvent {
  return {
    id: event.id,
    ...fields,
    firstDetectedAt: earliest([event.firstDetectedAt, fields.firstDetectedAt])!,
    lastUpdatedAt: latest([event.lastUpdatedAt, fields.lastUpdatedAt])!,
    isActive: true,
    lastMatchedAt: now,
    endedAt: null,
    mergedInto: null,
  };
}

function ended(event: ClusteredEvent, now: string, mergedInto: string | null): ClusteredEvent {
  return { ...event, isActive: false, endedAt: now, mergedInto };
}

/**
 * The events after one poll: `previous` is the last state (every event it returned), `members` the
 * point incidents live at `now`. Pure and deterministic: inputs are never mutated and their order
 * never matters; the same input gives the same ids.
 *
 * - Each active event continues as its successor cluster (see successorOf), keeping its id.
 * - Several events continuing as one cluster merge: the earliest detected keeps its id, the others
 *   end with `mergedInto` naming it.
 * - A cluster no event continues as is a new event (id from eventIdFor).
 * - An active event with no successor ends at once when at least `matchShare` of its members now
 *   belong to other events (it dispersed); otherwise its members vanished and it stays active, as it
 *   was, for `graceMinutes` after its last match, then ends.
 * - Ended events stay for `retainInactiveHours`, then drop out. They never come back to life.
 *
 * Returned sorted by id.
 */
export function nextEventState(
  previous: readonly ClusteredEvent[],
  members: readonly ClusterMember[],
  now: string,
  config: ClusteringConfig,
): ClusteredEvent[] {
  const nowMs = epochMs(now);
  const clusters = clusterMembers(members, now, config);
  const clusterOfMember = new Map<string, number>();
  clusters.forEach((cluster, k) => {
    for (const member of cluster.members) clusterOfMember.set(member.id, k);
  });

  const earlier = [...previous].sort(byId);
  const claimants: ClusteredEvent[][] = clusters.map(() => []);
  const unmatched: ClusteredEvent[] = [];
  for (const event of earlier) {
    if (!event.isActive) continue;
    const k = successorOf(event, clusters, clusterOfMember, config.matchShare);
    if (k === undefined) unmatched.push(event);
    else claimants[k]!.push(event);
  }

  const next: ClusteredEvent[] = [];
  const taken = new Set(earlier.map((event) => event.id));
  clusters.forEach((cluster, k) => {
    const fields = eventFieldsOf(cluster);
    const [survivor, ...absorbed] = claimants[k]!.sort(byDetection);
    if (!survivor) {
      const id = eventIdFor(fields.memberIds, taken);
      taken.add(id);
      next.push({ id, ...fields, isActive: true, lastMatchedAt: now, endedAt: null, mergedInto: null });
      return;
    }
    next.push(continued(survivor, fields, now));
    for (const event of absorbed) next.push(ended(event, now, survivor.id));
  });

  for (const event of unmatched) {
    const stillClustered = event.memberIds.filter((id) => clusterOfMember.has(id)).length;
    const dispersed = stillClustered >= config.matchShare * event.memberIds.length;
    const graceOver = nowMs - epochMs(event.lastMatchedAt) >= config.graceMinutes * MINUTE_MS;
    next.push(dispersed || graceOver ? ended(event, now, null) : event);
  }

  const retainMs = config.retainInactiveHours * HOUR_MS;
  for (const event of earlier) {
    if (!event.isActive && nowMs - epochMs(event.endedAt ?? event.lastMatchedAt) < retainMs) next.push(event);
  }
  return next.sort(byId);
}
