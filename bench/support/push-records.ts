import { normalise, toRecord, type IncidentRecord } from '../../model/index.js';
import { renderNswMajorIncidents, type SyntheticIncident } from '../../replay/generators/nsw-rfs.js';
import { parseNswRfsMajorIncidents } from '../../sources/nsw/rfs-major-incidents.js';

/** The records a poll of the NSW RFS feed listing `incidents` commits (through the real parser). */
export function nswRecords(incidents: readonly SyntheticIncident[], fetchedAt: string): IncidentRecord[] {
  const body = new TextEncoder().encode(renderNswMajorIncidents([...incidents]));
  return parseNswRfsMajorIncidents(body).incidents.map((draft) => toRecord(normalise(draft, fetchedAt)));
}

export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}
