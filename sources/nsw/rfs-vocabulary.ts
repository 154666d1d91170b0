import type { EventType, IncidentStatus } from '../../model/index.js';
import { lookupIn, vocabularyKey as key, vocabularyTable, warningLevelTable } from '../common/vocabulary.js';

/**
 * NSW RFS majorIncidents.json vocabularies (FEEDS.md section 2 "Mapping notes", 1.1–1.3).
 * Keys are lower case: capitalisation drifted across years ("Out of Control" in 2011/2013).
 * A lookup that finds nothing returns undefined so the parser can report the raw value.
 */

/** Description `TYPE:` → eventType. */
const EVENT_TYPES = vocabularyTable<EventType>({
  bushfire: ['bush fire'],
  grass_fire: ['grass fire', 'scrub/grass fire'],
  burn_off: ['hazard reduction', 'burn off'],
  structure_fire: ['structure fire'],
  other: ['haystack fire', 'assist other agency', 'other'],
  vehicle_fire: ['vehicle/equipment fire'],
  vehicle_accident: ['mva/transport', 'mva (motor vehicle accident)'],
  hazmat: ['hazmat'],
  rescue: ['search/rescue'],
  storm: ['flood/storm/tree down'],
  alarm: ['fire alarm'],
  medical: ['medical'],
});

/**
 * `TYPE:` spellings of the 2011–2014 GeoRSS and CAP feeds that majorIncidents.json does not use.
 * FEEDS.md does not name them; they are read from the samples (2013 GeoRSS, 2014 CAP) and the RFS map
 * legend ("Bush Fire: Forest and/or Scrub Fire"). Only {@link legacyEventTypeOf} reads them.
 */
const LEGACY_EVENT_TYPES = vocabularyTable<EventType>({
  bushfire: [
    // Scrub is bush: the legend files scrub fires under Bush Fire ("Scrub/Grass fire" stays grass_fire).
    'scrub fire',
    'bush/scrub fire',
    'bush/scrub/grass fire',
  ],
  vehicle_accident: ['motor vehicle accident'],
});

/** Older feeds append a free-text description: "Structure fire (house, 2 storey)". */
const EVENT_TYPE_PREFIXES: ReadonlyArray<readonly [string, EventType]> = [
  ['structure fire', 'structure_fire'],
];

/** Description `STATUS:` → status. */
const STATUSES = vocabularyTable<IncidentStatus>({
  active: ['out of control'],
  contained: ['being controlled'],
  controlled: ['under control'],
});

/** `category` (or `ALERT LEVEL:`) → warningLevel. Planned burns carry no AWS warning. */
const WARNING_LEVELS = warningLevelTable({
  none: [
    'not applicable',
    'planned burn',
    // An absent alert level means no warning (FEEDS.md 1.1).
    '',
  ],
});

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
