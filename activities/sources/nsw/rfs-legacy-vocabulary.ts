import type { EventType } from '../../../model/index.js';
import { eventTypeOf } from './rfs-vocabulary.js';

/**
 * NSW RFS `TYPE:` spellings of the 2011–2014 GeoRSS and CAP feeds that the current vocabulary
 * (rfs-vocabulary.ts, majorIncidents.json) does not list. FEEDS.md does not name them; they are read
 * from the samples (2013 GeoRSS, 2014 CAP) and the RFS map legend ("Bush Fire: Forest and/or Scrub
 * Fire"). Candidates to merge into rfs-vocabulary.ts. Keys are lower case.
 */
const LEGACY_EVENT_TYPES: ReadonlyMap<string, EventType> = new Map([
  // Scrub is bush: the legend files scrub fires under Bush Fire ("Scrub/Grass fire" stays grass_fire).
  ['scrub fire', 'bushfire'],
  ['bush/scrub fire', 'bushfire'],
  ['bush/scrub/grass fire', 'bushfire'],
  ['motor vehicle accident', 'vehicle_accident'],
]);

/** The current vocabulary first, then the legacy spellings; undefined when neither knows the value. */
export function legacyEventTypeOf(type: string): EventType | undefined {
  return eventTypeOf(type) ?? LEGACY_EVENT_TYPES.get(type.trim().replace(/\s+/g, ' ').toLowerCase());
}
