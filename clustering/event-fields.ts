import { highestSeverity, highestWarningLevel } from '../model/index.js';
import type { ClusteredEvent } from '../model/index.js';
import type { MemberCluster } from './density-clustering.js';
import { eventGeometry } from './event-geometry.js';
import { compareText, earliest, latest, sortedUnique } from './ordering.js';
import { eventSummary, eventTitle, rankedPlaces } from './wording.js';

/** What a cluster's members alone determine of an event. */
export type EventFields = Pick<
  ClusteredEvent,
  | 'eventCategory'
  | 'memberIds'
  | 'geometry'
  | 'title'
  | 'summary'
  | 'incidentCount'
  | 'affectedSuburbs'
  | 'affectedStates'
  | 'agencies'
  | 'eventTypes'
  | 'maxSeverity'
  | 'maxWarningLevel'
  | 'estimatedHectares'
  | 'firstDetectedAt'
  | 'lastUpdatedAt'
>;

/** Sum of the reported sizes, to the hundredth of a hectare (float sums carry noise below that). */
function totalHectares(sizes: readonly (number | null)[]): number | null {
  const given = sizes.filter((size) => size !== null);
  if (given.length === 0) return null;
  return Math.round(given.reduce((sum, size) => sum + size, 0) * 100) / 100;
}

/** The derived fields of a cluster (members sorted by id, as clusterMembers gives them). */
export function eventFieldsOf(cluster: MemberCluster): EventFields {
  const { members, category } = cluster;
  if (members.length === 0) throw new RangeError('A cluster has at least one member');
  const affectedStates = sortedUnique(members.map((member) => member.state));
  const agencies = sortedUnique(members.map((member) => member.agency));
  const eventTypes = sortedUnique(members.map((member) => member.eventType));
  const maxSeverity = highestSeverity(members.map((member) => member.severity));
  const maxWarningLevel = highestWarningLevel(members.map((member) => member.warningLevel));
  const estimatedHectares = totalHectares(members.map((member) => member.hectares));
  const places = rankedPlaces(members);
  const wording = {
    category,
    members,
    places,
    eventTypes,
    affectedStates,
    agencies,
    maxSeverity,
    maxWarningLevel,
    estimatedHectares,
  };
  return {
    eventCategory: category,
    memberIds: members.map((member) => member.id),
    geometry: eventGeometry(members.map((member) => [member.lng, member.lat])),
    title: eventTitle(wording),
    summary: eventSummary(wording),
    incidentCount: members.length,
    affectedSuburbs: [...places].sort(compareText),
    affectedStates,
    agencies,
    eventTypes,
    maxSeverity,
    maxWarningLevel,
    estimatedHectares,
    firstDetectedAt: earliest(members.map((member) => member.reportedAt))!,
    lastUpdatedAt: latest(members.map((member) => member.updatedAt))!,
  };
}
