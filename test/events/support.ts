import { normalise } from '../../activities/ingest.js';
import { toRecord, type IncidentRecord } from '../../model/index.js';
import { renderNswMajorIncidents, type SyntheticIncident } from '../../replay/generators/nsw-rfs.js';
import { parseNswRfsMajorIncidents } from '../../sources/nsw/rfs-major-incidents.js';

export const FEED = 'nsw-rfs-major-incidents';
/** When the made-up fires were last updated; clustering runs shortly after. */
export const UPDATED = new Date('2026-11-19T23:00:00Z');

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
