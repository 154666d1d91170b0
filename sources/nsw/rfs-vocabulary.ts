import type { EventType, IncidentStatus, WarningLevel } from '../../model/index.js';
import { lookupIn, vocabularyKey as key } from '../common/vocabulary.js';

/**
 * NSW RFS majorIncidents.json vocabularies (FEEDS.md section 2 "Mapping notes", 1.1–1.3).
 * Keys are lower case: capitalisation drifted across years ("Out of Control" in 2011/2013).
 * A lookup that finds nothing returns undefined so the parser can report the raw value.
 */

/** Description `TYPE:` → eventType. */
const EVENT_TYPES: ReadonlyMap<string, EventType> = new Map([
  ['bush fire', 'bushfire'],
  ['grass fire', 'grass_fire'],
  ['scrub/grass fire', 'grass_fire'],
  ['hazard reduction', 'burn_off'],
  ['burn off', 'burn_off'],
  ['structure fire', 'structure_fire'],
  ['haystack fire', 'other'],
  ['vehicle/equipment fire', 'vehicle_fire'],
  ['mva/transport', 'vehicle_accident'],
  ['mva (motor vehicle accident)', 'vehicle_accident'],
  ['hazmat', 'hazmat'],
  ['search/rescue', 'rescue'],
  ['flood/storm/tree down', 'storm'],
  ['fire alarm', 'alarm'],
  ['medical', 'medical'],
  ['assist other agency', 'other'],
  ['other', 'other'],
]);

/**
 * `TYPE:` spellings of the 2011–2014 GeoRSS and CAP feeds that majorIncidents.json does not use.
 * FEEDS.md does not name them; they are read from the samples (2013 GeoRSS, 2014 CAP) and the RFS map
 * legend ("Bush Fire: Forest and/or Scrub Fire"). Only {@link legacyEventTypeOf} reads them.
 */
const LEGACY_EVENT_TYPES: ReadonlyMap<string, EventType> = new Map([
  // Scrub is bush: the legend files scrub fires under Bush Fire ("Scrub/Grass fire" stays grass_fire).
  ['scrub fire', 'bushfire'],
  ['bush/scrub fire', 'bushfire'],
  ['bush/scrub/grass fire', 'bushfire'],
  ['motor vehicle accident', 'vehicle_accident'],
]);

/** Older feeds append a free-text description: "Structure fire (house, 2 storey)". */
const EVENT_TYPE_PREFIXES: ReadonlyArray<readonly [string, EventType]> = [
  ['structure fire', 'structure_fire'],
];

/** Description `STATUS:` → status. */
const STATUSES: ReadonlyMap<string, IncidentStatus> = new Map([
  ['out of control', 'active'],
  ['being controlled', 'contained'],
  ['under control', 'controlled'],
]);

/** `category` (or `ALERT LEVEL:`) → warningLevel. Planned burns carry no AWS warning. */
const WARNING_LEVELS: ReadonlyMap<string, WarningLevel> = new Map([
  ['emergency warning', 'emergency_warning'],
  ['watch and act', 'watch_and_act'],
  ['watch & act', 'watch_and_act'],
  ['advice', 'advice'],
  ['not applicable', 'none'],
  ['planned burn', 'none'],
  // An absent alert level means no warning (FEEDS.md 1.1).
  ['', 'none'],
]);

/** What unrecognised values fall back to (after being reported as unmapped). */
export { FALLBACK } from '../common/vocabulary.js';

export function eventTypeOf(type: string): EventType | undefined {
  const normalised = key(type);
  return (
    EVENT_TYPES.get(normalised) ?? EVENT_TYPE_PREFIXES.find(([prefix]) => normalised.startsWith(prefix))?.[1]
  );
}

/** For the legacy GeoRSS and CAP feeds: the current vocabulary first, then the legacy spellings. */
export function legacyEventTypeOf(type: string): EventType | undefined {
  return eventTypeOf(type) ?? LEGACY_EVENT_TYPES.get(key(type));
}

export const statusOf = lookupIn(STATUSES);

export const warningLevelOf = lookupIn(WARNING_LEVELS);
