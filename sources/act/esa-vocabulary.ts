import type { EventType, IncidentStatus } from '../../model/index.js';
import { lookupIn, vocabularyKey as key, vocabularyTable, warningLevelTable } from '../common/vocabulary.js';

/**
 * ACT ESA vocabularies (FEEDS.md section 9 "Mapping notes", 1.1–1.3), shared by the GeoRSS feed, the
 * website incidents feed and its polygon endpoint: all three carry the same CAD values.
 * Keys are lower case with white space folded ("VERTICAL  RESCUE" has a double space upstream).
 * A lookup that finds nothing returns undefined so the parser can report the raw value.
 */

/** CAD `type` (GeoRSS `Type:`) → eventType. */
const EVENT_TYPES = vocabularyTable<EventType>({
  bushfire: [
    // The CAD type says "grass and bush" for every vegetation fire: nothing tells the two apart.
    'grass and bush fire',
  ],
  burn_off: ['hazard reduction burn'],
  structure_fire: ['house fire', 'structure fire', 'custodial establishment fire'],
  vehicle_fire: ['car fire', 'truck fire', 'transport fire'],
  vehicle_accident: ['motor vehicle accident', 'pedestrian-pushbike-e-scooter accident', 'rail accident'],
  medical: ['ambulance response', 'southcare response'],
  storm: ['storm or tree damage'],
  flood: ['flood damage'],
  extreme_heat: ['heatwave'],
  hazmat: ['hazmat incident', 'gas pipeline incident', 'lpg cylinder incident'],
  rescue: [
    'animal rescue',
    'industrial rescue',
    'confined space rescue',
    'trench collapse rescue',
    'vertical rescue',
    'structural collapse',
  ],
  other: ['electrical threat or power lines down', 'rubbish fire', 'landfill tip fires'],
});

/** Any other "… RESCUE" the CAD may add is still a rescue. */
const EVENT_TYPE_SUFFIXES: ReadonlyArray<readonly [string, EventType]> = [[' rescue', 'rescue']];

/** CAD `status` (GeoRSS `Status:`) → status. */
const STATUSES = vocabularyTable<IncidentStatus>({
  active: [
    'out of control',
    'not yet controlled',
    'resource allocation pending',
    'units on route',
    'on scene',
    'responding',
    // Listed in the website's status vocabulary for storm jobs; an open job.
    'storm',
    // Warnings carry an empty status: active, and the raw value stays in details (FEEDS.md 1.3).
    '',
  ],
  contained: ['being controlled'],
  controlled: ['under control'],
  completed: ['out / completed', 'finished'],
});

/** `alert_level` / `warning_level` / older `alert_status` → warningLevel. */
const WARNING_LEVELS = warningLevelTable({
  emergency_warning: ['emergency'],
  none: [
    'not applicable',
    'all clear',
    // An absent or empty alert level means no warning (FEEDS.md 1.1).
    '',
  ],
});

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
