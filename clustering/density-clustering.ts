import { distance } from 'geokdbush';
import KDBush from 'kdbush';
import { EVENT_CATEGORIES } from '../model/index.js';
import type { EventCategory } from '../model/index.js';
import type { ClusteringConfig } from '../config/clustering.js';
import type { ClusterMember } from './members.js';
import { candidatesWithin } from './great-circle-search.js';
import { compareText, epochMs, HOUR_MS } from './ordering.js';

/** One cluster of incidents: a single category, members sorted by id. */
export interface MemberCluster {
  category: EventCategory;
  members: ClusterMember[];
}

const KM2_PER_HECTARE = 0.01;

/** The radius (km) of a circle of `hectares`, capped: how much further a large fire's point reaches. */
export function sizeReachKm(hectares: number | null, maxKm: number): number {
  if (hectares === null || maxKm === 0) return 0;
  return Math.min(maxKm, Math.sqrt((hectares * KM2_PER_HECTARE) / Math.PI));
}

function isCandidate(member: ClusterMember, nowMs: number, config: ClusteringConfig): boolean {
  if (config.radiusKm[member.eventCategory] === null) return false;
  if (config.excludedEventTypes.includes(member.eventType)) return false;
  if (!(Math.abs(member.lat) <= 90 && Math.abs(member.lng) <= 180)) return false;
  const updatedMs = Date.parse(member.updatedAt);
  if (Number.isNaN(updatedMs) || Number.isNaN(Date.parse(member.reportedAt))) return false;
  // An update stamped in the future (clock skew) counts as current.
  return nowMs - updatedMs <= config.maxMemberAgeHours * HOUR_MS;
}

/** Sorted by id; of two entries with one id, the later update wins (then the text, so order never matters). */
function uniqueById(members: readonly ClusterMember[]): ClusterMember[] {
  const byId = new Map<string, ClusterMember>();
  for (const member of members) {
    const seen = byId.get(member.id);
    if (!seen || laterEntry(member, seen)) byId.set(member.id, member);
  }
  return [...byId.values()].sort((a, b) => compareText(a.id, b.id));
}

/** An unreadable time counts as the earliest, so the pick never depends on which entry came first. */
function updatedMsOf(member: ClusterMember): number {
  const ms = Date.parse(member.updatedAt);
  return Number.isNaN(ms) ? -Infinity : ms;
}

function laterEntry(candidate: ClusterMember, seen: ClusterMember): boolean {
  const [a, b] = [updatedMsOf(candidate), updatedMsOf(seen)];
  return a !== b ? a > b : JSON.stringify(candidate) > JSON.stringify(seen);
}

/**
 * Density-based clustering (DBSCAN; with size reach, the generalised form GDBSCAN, whose neighbourhood
 * may be any symmetric relation) of the members current at `now`, each category on its own with its
 * own radius. Distances are great-circle (haversine) kilometres. Border points go to the cluster of
 * their nearest core neighbour, so the result does not depend on input order.
 */
export function clusterMembers(
  members: readonly ClusterMember[],
  now: string,
  config: ClusteringConfig,
): MemberCluster[] {
  const nowMs = epochMs(now);
  const byCategory = new Map<EventCategory, ClusterMember[]>();
  // One entry per id before anything else, so an incident whose type changed is in one group only.
  for (const member of uniqueById(members)) {
    if (!isCandidate(member, nowMs, config)) continue;
    const group = byCategory.get(member.eventCategory);
    if (group) group.push(member);
    else byCategory.set(member.eventCategory, [member]);
  }
  const clusters: MemberCluster[] = [];
  for (const category of EVENT_CATEGORIES) {
    const radiusKm = config.radiusKm[category];
    const points = byCategory.get(category);
    if (radiusKm === null || !points) continue;
    const reach = points.map((point) => sizeReachKm(point.hectares, config.sizeReachMaxKm));
    for (const indices of densityClusters(points, radiusKm, reach, config.minPoints)) {
      clusters.push({ category, members: indices.map((i) => points[i]!) });
    }
  }
  return clusters.sort((a, b) => compareText(a.members[0]!.id, b.members[0]!.id));
}

/**
 * DBSCAN over `points` (a neighbour is within `radiusKm + reach[i] + reach[j]`; a point counts as its
 * own neighbour, as in the usual minPts). Returns clusters as ascending index lists, ordered by their
 * first index.
 */
export function densityClusters(
  points: readonly { lat: number; lng: number }[],
  radiusKm: number,
  reach: readonly number[],
  minPoints: number,
): number[][] {
  const count = points.length;
  if (count === 0) return [];
  const index = new KDBush(count);
  for (const point of points) index.add(point.lng, point.lat);
  index.finish();

  const maxReach = reach.reduce((max, value) => Math.max(max, value), 0);
  const neighbours = points.map((point, i) => {
    const ownReach = radiusKm + reach[i]!;
    // The widest possible search (a hair wider so float rounding cannot drop a pair at exactly the
    // limit), then each pair against its own limit.
    return candidatesWithin(index, point.lng, point.lat, ownReach + maxReach + 1e-6).filter((j) => {
      const other = points[j]!;
      return distance(point.lng, point.lat, other.lng, other.lat) <= ownReach + reach[j]!;
    });
  });
  const isCore = neighbours.map((list) => list.length >= minPoints);

  const parent = Int32Array.from({ length: count }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (let i = 0; i < count; i++) {
    if (!isCore[i]) continue;
    for (const j of neighbours[i]!) {
      if (!isCore[j]) continue;
      const [a, b] = [root(i), root(j)];
      // The smaller index becomes the root, so roots are deterministic too.
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }

  const clusterOf = new Int32Array(count).fill(-1);
  for (let i = 0; i < count; i++) if (isCore[i]) clusterOf[i] = root(i);
  for (let i = 0; i < count; i++) {
    if (isCore[i]) continue;
    const nearest = nearestCore(points, i, neighbours[i]!, isCore);
    if (nearest !== undefined) clusterOf[i] = root(nearest);
  }

  const groups = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const key = clusterOf[i]!;
    if (key < 0) continue;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  }
  return [...groups.values()].sort((a, b) => a[0]! - b[0]!);
}

/** The closest core neighbour of a border point; on a tie, the lowest index. */
function nearestCore(
  points: readonly { lat: number; lng: number }[],
  i: number,
  neighbours: readonly number[],
  isCore: readonly boolean[],
): number | undefined {
  const point = points[i]!;
  let best: number | undefined;
  let bestDistance = Infinity;
  for (const j of neighbours) {
    if (!isCore[j]) continue;
    const other = points[j]!;
    const d = distance(point.lng, point.lat, other.lng, other.lat);
    if (d < bestDistance || (d === bestDistance && j < (best ?? Infinity))) [best, bestDistance] = [j, d];
  }
  return best;
}
