import type { EventType, IncidentStatus } from '../../model/index.js';
import { lookupIn, vocabularyTable } from '../common/vocabulary.js';

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
const EVENT_TYPES = vocabularyTable<EventType>({
  grass_fire: ['grass fire'],
  bushfire: ['tree fire', 'scrub fire', 'bush fire', 'bushfire', 'scrub', 'bush'],
  burn_off: ['burn off', 'prescribed burn'],
  structure_fire: ['building fire', 'structure fire', 'structure'],
  vehicle_fire: ['vehicle fire'],
  vehicle_accident: ['vehicle accident', 'road crash rescue'],
  alarm: ['fire alarm', 'private alarm'],
  hazmat: ['hazmat', 'fuel or oil spill', 'gas'],
  rescue: ['animal rescue', 'rescue'],
  tree_down: ['tree down'],
  flood: ['flooding'],
  other: [
    'investigate smoke',
    'electrical',
    'assist other agencies',
    // The CFS placemarks (2020) shorten "Assist Other Agencies" to this.
    'assist agency',
    'other',
    // Some records carry no type at all (an empty first description line, "()" in the RSS title).
    '',
  ],
});

/** `Status` → status. */
const STATUSES = vocabularyTable<IncidentStatus>({
  active: ['going', 'responding'],
  contained: ['contained'],
  controlled: ['controlled', 'monitor'],
  safe: ['safe'],
  completed: ['complete'],
});

/** What unrecognised values fall back to (after being reported as unmapped). */
export { FALLBACK } from '../common/vocabulary.js';

export const eventTypeOf = lookupIn(EVENT_TYPES);

export const statusOf = lookupIn(STATUSES);
