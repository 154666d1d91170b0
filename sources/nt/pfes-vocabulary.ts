import type { EventType, IncidentStatus, WarningLevel } from '../../model/index.js';
import { lookupIn, vocabularyKey as key } from '../common/vocabulary.js';

/**
 * NT PFES incident map vocabularies (FEEDS.md section 8 "Mapping notes", 1.1–1.3).
 * Keys are lower case with white space folded. A lookup that finds nothing returns undefined so the
 * parser can report the raw value.
 */

/** `eventtype` (or `properties["Fire Type"]`) → eventType. */
const EVENT_TYPES: ReadonlyMap<string, EventType> = new Map([
  ['grass and scrub fire', 'grass_fire'],
  ['permit burn', 'burn_off'],
  ['strategic burn', 'burn_off'],
  ['automatic fire alarm', 'alarm'],
  ['alarm bells ringing', 'alarm'],
  ['vehicle fire', 'vehicle_fire'],
  ['structure fire', 'structure_fire'],
  ['road crash', 'vehicle_accident'],
  ['rescue', 'rescue'],
  ['non structure fire', 'other'],
  ['power lines down', 'other'],
]);

/**
 * `category`: the map's legend groups. Only `advice` changes the mapping (planned burns, no AWS
 * warning); each also names the event to fall back on when `eventtype` is unknown.
 */
const CATEGORIES: ReadonlyMap<string, EventType> = new Map([
  ['fire', 'other'],
  ['advice', 'burn_off'],
  ['alarm', 'alarm'],
  ['other', 'other'],
  ['roadcrash', 'vehicle_accident'],
]);

/** `status` (or `properties.Status`). Closed means completed, never safe (FEEDS.md 1.3 caveat). */
const STATUSES: ReadonlyMap<string, IncidentStatus> = new Map([
  ['active', 'active'],
  ['closed', 'completed'],
]);

/** `properties["Alert Level"]` → warningLevel (SecureNT's levels included). */
const WARNING_LEVELS: ReadonlyMap<string, WarningLevel> = new Map([
  ['emergency warning', 'emergency_warning'],
  ['watch and act', 'watch_and_act'],
  ['watch & act', 'watch_and_act'],
  ['advice', 'advice'],
  ['planned burn advice', 'advice'],
  ['not applicable', 'none'],
  // No alert level: no warning (FEEDS.md 1.1).
  ['', 'none'],
]);

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
