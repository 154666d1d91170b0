import type { IncidentVersion } from './cap-messages.js';

export type { IncidentVersion } from './cap-messages.js';

/**
 * An incident's versions from the chain its live row carries (`[version, validFrom ms, retracted]`
 * per version, oldest first): what its CAP messages reference, without reading version history.
 */
export function versionsOfChain(chain: string): IncidentVersion[] {
  return (JSON.parse(chain) as [number, number, boolean][]).map(([version, validFrom, retracted]) => ({
    version,
    validFrom,
    retracted,
  }));
}
