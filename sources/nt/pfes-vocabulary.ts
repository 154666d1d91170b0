import type { EventType, IncidentStatus } from '../../model/index.js';
import { lookupIn, vocabularyKey as key, vocabularyTable, warningLevelTable } from '../common/vocabulary.js';

/**
 * NT PFES incident map vocabularies (FEEDS.md section 8 "Mapping notes", 1.1–1.3).
 * Keys are lower case with white space folded. A lookup that finds nothing returns undefined so the
 * parser can report the raw value.
 */

/** `eventtype` (or `properties["Fire Type"]`) → eventType. */
const EVENT_TYPES = vocabularyTable<EventType>({
  grass_fire: ['grass and scrub fire'],
  burn_off: ['permit burn', 'strategic burn'],
  alarm: ['automatic fire alarm', 'alarm bells ringing'],
  vehicle_fire: ['vehicle fire'],
  structure_fire: ['structure fire'],
  vehicle_accident: ['road crash'],
  rescue: ['rescue'],
  other: ['non structure fire', 'power lines down'],
});

/**
 * `category`: the map's legend groups. Only `advice` changes the mapping (planned burns, no AWS
 * warning); each also names the event to fall back on when `eventtype` is unknown.
 */
const CATEGORIES = vocabularyTable<EventType>({
  other: ['fire', 'other'],
  burn_off: ['advice'],
  alarm: ['alarm'],
  vehicle_accident: ['roadcrash'],
});

/** `status` (or `properties.Status`). Closed means completed, never safe (FEEDS.md 1.3 caveat). */
const STATUSES = vocabularyTable<IncidentStatus>({
  active: ['active'],
  completed: ['closed'],
});

/** `properties["Alert Level"]` → warningLevel (SecureNT's levels included). */
const WARNING_LEVELS = warningLevelTable({
  advice: ['planned burn advice'],
  none: [
    'not applicable',
    // No alert level: no warning (FEEDS.md 1.1).
    '',
  ],
});

/** What unrecognised values fall back to (after being reported as unmapped). */
export { FALLBACK } from '../common/vocabulary.js';

export const eventTypeOf = lookupIn(EVENT_TYPES);

/** The event a category stands for, or undefined for an unknown category. */
export const categoryEventType = lookupIn(CATEGORIES);

export function isPlannedBurnCategory(category: string): boolean {
  return key(category) === 'advice';
}

export const statusOf = lookupIn(STATUSES);

export const warningLevelOf = lookupIn(WARNING_LEVELS);
