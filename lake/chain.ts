import type { IncidentVersion } from '../model/index.js';

/**
 * The `chain` column of a current row (incidents_live, the warehouse's incident_current): every
 * version of the incident so far, oldest first, as JSON `[[version, validFrom ms, retracted], …]`.
 * The writer extends it at each new version; readers get the versions CAP messages reference from it
 * without reading version history.
 */
export type ChainLink = [version: number, validFrom: number, retracted: boolean];

export function encodeChain(chain: readonly ChainLink[]): string {
  return JSON.stringify(chain);
}

export function decodeChain(text: string): ChainLink[] {
  return JSON.parse(text) as ChainLink[];
}

/** An incident's versions from the chain its current row carries. */
export function versionsOfChain(text: string): IncidentVersion[] {
  return decodeChain(text).map(([version, validFrom, retracted]) => ({ version, validFrom, retracted }));
}
