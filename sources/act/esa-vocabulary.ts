import type { EventType, IncidentStatus, WarningLevel } from '../../model/index.js';
import { lookupIn, vocabularyKey as key } from '../common/vocabulary.js';

/**
 * ACT ESA vocabularies (FEEDS.md section 9 "Mapping notes", 1.1–1.3), shared by the GeoRSS feed, the
 * website incidents feed and its polygon endpoint: all three carry the same CAD values.
 * Keys are lower case with white space folded ("VERTICAL  RESCUE" has a double space upstream).
 * A lookup that finds nothing returns undefined so the parser can report the raw value.
 */

/** CAD `type` (GeoRSS `Type:`) → eventType. */
const EVENT_TYPES: ReadonlyMap<string, EventType> = new Map([
  // The CAD type says "grass and bush" for every vegetation fire: nothing tells the two apart.
  ['grass and bush fire', 'bushfire'],
  ['hazard reduction burn', 'burn_off'],
  ['house fire', 'structure_fire'],
  ['structure fire', 'structure_fire'],
  ['custodial establishment fire', 'structure_fire'],
  ['car fire', 'vehicle_fire'],
  ['truck fire', 'vehicle_fire'],
  ['transport fire', 'vehicle_fire'],
  ['motor vehicle accident', 'vehicle_accident'],
  ['pedestrian-pushbike-e-scooter accident', 'vehicle_accident'],
  ['rail accident', 'vehicle_accident'],
  ['ambulance response', 'medical'],
  ['southcare response', 'medical'],
  ['storm or tree damage', 'storm'],
  ['flood damage', 'flood'],
  ['heatwave', 'extreme_heat'],
  ['hazmat incident', 'hazmat'],
  ['gas pipeline incident', 'hazmat'],
  ['lpg cylinder incident', 'hazmat'],
  ['animal rescue', 'rescue'],
  ['industrial rescue', 'rescue'],
  ['confined space rescue', 'rescue'],
  ['trench collapse rescue', 'rescue'],
  ['vertical rescue', 'rescue'],
  ['structural collapse', 'rescue'],
  ['electrical threat or power lines down', 'other'],
  ['rubbish fire', 'other'],
  ['landfill tip fires', 'other'],
]);

/** Any other "… RESCUE" the CAD may add is still a rescue. */
const EVENT_TYPE_SUFFIXES: ReadonlyArray<readonly [string, EventType]> = [[' rescue', 'rescue']];

/** CAD `status` (GeoRSS `Status:`) → status. */
const STATUSES: ReadonlyMap<string, IncidentStatus> = new Map([
  ['out of control', 'active'],
  ['not yet controlled', 'active'],
  ['resource allocation pending', 'active'],
  ['units on route', 'active'],
  ['on scene', 'active'],
  ['responding', 'active'],
  // Listed in the website's status vocabulary for storm jobs; an open job.
  ['storm', 'active'],
  ['being controlled', 'contained'],
  ['under control', 'controlled'],
  ['out / completed', 'completed'],
  ['finished', 'completed'],
  // Warnings carry an empty status: active, and the raw value stays in details (FEEDS.md 1.3).
  ['', 'active'],
]);

/** `alert_level` / `warning_level` / older `alert_status` → warningLevel. */
const WARNING_LEVELS: ReadonlyMap<string, WarningLevel> = new Map([
  ['emergency warning', 'emergency_warning'],
  ['emergency', 'emergency_warning'],
  ['watch and act', 'watch_and_act'],
  ['watch & act', 'watch_and_act'],
  ['advice', 'advice'],
  ['not applicable', 'none'],
  ['all clear', 'none'],
  // An absent or empty alert level means no warning (FEEDS.md 1.1).
  ['', 'none'],
]);

/** What unrecognised values fall back to (after being reported as unmapped). */
export { FALLBACK } from '../common/vocabulary.js';

/** The 2013 CAD wrote qualifiers in brackets: "HOUSE FIRE (NO INJURIES)" is a house fire. */
function withoutQualifier(normalised: string): string {
  return normalised.replace(/\s*\([^)]*\)$/, '');
}

export function eventTypeOf(type: string): EventType | undefined {
  const normalised = key(type);
  const bare = withoutQualifier(normalised);
  return (
    EVENT_TYPES.get(normalised) ??
    EVENT_TYPES.get(bare) ??
    EVENT_TYPE_SUFFIXES.find(([suffix]) => bare.endsWith(suffix))?.[1]
  );
}

export const statusOf = lookupIn(STATUSES);

export const warningLevelOf = lookupIn(WARNING_LEVELS);
