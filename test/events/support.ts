import { normalise } from '../../model/index.js';
import { toRecord, type IncidentRecord } from '../../model/index.js';
import { renderNswMajorIncidents, type SyntheticIncident } from '../../replay/generators/nsw-rfs.js';
import { parseNswRfsMajorIncidents } from '../../sources/nsw/rfs-major-incidents.js';

export const FEED = 'nsw-rfs-major-incidents';
/**
 * When the made-up fires were last updated (two hours before the suite runs, in whole minutes);
 * clustering runs shortly after. Relative to now, so retention windows hold on any day.
 */
export const UPDATED = new Date(Math.floor((Date.now() - 2 * 3_600_000) / 60_000) * 60_000);

/** A point-only bushfire of the NSW RFS feed at (lng, lat), out of control. */
export function fire(id: number, lng: number, lat: number, changes: Partial<SyntheticIncident> = {}) {
  const incident: SyntheticIncident = {
    id,
    title: `Ridge Rd, Place${id}`,
    alertLevel: 'Advice',
    status: 'Out of control',
    type: 'Bush Fire',
    location: `1 Ridge Rd, Place${id}, NSW 2800`,
    councilArea: 'Made Up Shire',
    lng,
    lat,
    sizeHa: 10,
    updated: UPDATED,
    ...changes,
  };
  return incident;
}

/** The records the warehouse would commit for a poll listing `fires`. */
export function recordsOf(fires: SyntheticIncident[], fetchedAt: string): IncidentRecord[] {
  const body = new TextEncoder().encode(renderNswMajorIncidents(fires));
  return parseNswRfsMajorIncidents(body).incidents.map((draft) => toRecord(normalise(draft, fetchedAt)));
}

export const idOf = (fireId: number) => `nsw-rfs-${fireId}`;
