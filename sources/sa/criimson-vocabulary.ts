import type { EventType, IncidentStatus } from '../../model/index.js';
import { lookupIn } from '../common/vocabulary.js';

/**
 * SA CRIIMSON vocabularies: the CAD behind the CFS and MFS incident feeds (JSON, KML placemarks and the
 * 2013 RSS share the same `Type` and `Status` values). FEEDS.md section 5 "Mapping notes" and 1.3.
 * Keys are lower case (Status is written in upper case, Type in title case). A lookup that finds nothing
 * returns undefined so the parser can report the raw value.
 *
 * There is no warning level here: `Level` (1–3) is the incident level, kept in details (FEEDS.md);
 * warnings come from the warning feeds. Every CRIIMSON incident is warningLevel `none`.
 */

/** `Type` → eventType. */
const EVENT_TYPES: ReadonlyMap<string, EventType> = new Map([
  ['grass fire', 'grass_fire'],
  ['tree fire', 'bushfire'],
  ['scrub fire', 'bushfire'],
  ['bush fire', 'bushfire'],
  ['bushfire', 'bushfire'],
  ['scrub', 'bushfire'],
  ['bush', 'bushfire'],
  ['burn off', 'burn_off'],
  ['prescribed burn', 'burn_off'],
  ['building fire', 'structure_fire'],
  ['structure fire', 'structure_fire'],
  ['structure', 'structure_fire'],
  ['vehicle fire', 'vehicle_fire'],
  ['vehicle accident', 'vehicle_accident'],
  ['road crash rescue', 'vehicle_accident'],
  ['fire alarm', 'alarm'],
  ['private alarm', 'alarm'],
  ['hazmat', 'hazmat'],
  ['fuel or oil spill', 'hazmat'],
  ['gas', 'hazmat'],
  ['animal rescue', 'rescue'],
  ['rescue', 'rescue'],
  ['tree down', 'tree_down'],
  ['flooding', 'flood'],
  ['investigate smoke', 'other'],
  ['electrical', 'other'],
  ['assist other agencies', 'other'],
  // The CFS placemarks (2020) shorten "Assist Other Agencies" to this.
  ['assist agency', 'other'],
  ['other', 'other'],
  // Some records carry no type at all (an empty first description line, "()" in the RSS title).
  ['', 'other'],
]);

/** `Status` → status. */
const STATUSES: ReadonlyMap<string, IncidentStatus> = new Map([
  ['going', 'active'],
  ['responding', 'active'],
  ['contained', 'contained'],
  ['controlled', 'controlled'],
  ['monitor', 'controlled'],
  ['safe', 'safe'],
  ['complete', 'completed'],
]);

/** What unrecognised values fall back to (after being reported as unmapped). */
export { FALLBACK } from '../common/vocabulary.js';

export const eventTypeOf = lookupIn(EVENT_TYPES);

export const statusOf = lookupIn(STATUSES);
