import type { EventType, IncidentStatus, WarningLevel } from '../../model/index.js';
import { lookupIn, vocabularyTable, warningLevelTable } from '../common/vocabulary.js';

/**
 * Tasmania Fire Service vocabularies (FEEDS.md section 7 and 1.1–1.3), shared by the TFS KML feeds
 * (bfKml, alertKml), the retired colBushfireSummariesRss GeoRSS and the TasALERT `type.name` / `status`
 * values (TasALERT incidents come out of the same TFS/SES dispatch system).
 * Keys are lower case with white space folded; TFS writes types in capitals ("VEGETATION FIRE").
 * A lookup that finds nothing returns undefined so the parser can report the raw value.
 */

/** `Type` (KML table row, `TYPE:` GeoRSS line, TasALERT `type.name`) → eventType. */
const EVENT_TYPES = vocabularyTable<EventType>({
  bushfire: ['vegetation fire', 'bushfire', 'bush fire', 'forest fire'],
  grass_fire: ['grass', 'grass fire'],
  burn_off: ['fuel reduction burn', 'planned burn', 'burn off'],
  structure_fire: ['structure fire'],
  alarm: ['alarm', 'fire alarm'],
  vehicle_fire: ['vehicle', 'vehicle fire'],
  hazmat: ['hazmat'],
  rescue: ['rescue'],
  vehicle_accident: ['road crash rescue', 'motor vehicle accident'],
  flood: [
    // SES types (FEEDS.md: "flood/storm from SES types").
    'flood',
  ],
  storm: ['storm', 'storm damage'],
  tree_down: ['tree down'],
  other: ['other'],
});

/**
 * Status (KML `Status` row, GeoRSS `STATUS:`, TasALERT `status`): FEEDS.md 1.3, TAS column, plus
 * `Contained` (seen in the 2013 GeoRSS). An empty status is a documented value: active, raw kept.
 */
const STATUSES = vocabularyTable<IncidentStatus>({
  active: ['going', 'not under control', 'active', 'investigating', 'mobilised', 'advised', ''],
  contained: ['contained'],
  controlled: ['patrol', 'under control'],
  completed: ['stop'],
});

/** `Alert Level` row, `ALERT LEVEL:` line and GeoRSS `<category>` → warningLevel (FEEDS.md 1.1). */
const WARNING_LEVELS = warningLevelTable({ none: ['no alert level', 'not applicable', ''] });

/** The KML `styleUrl` icons, the alert level a placemark without an `Alert Level` row falls back to. */
const STYLE_WARNING_LEVELS = vocabularyTable<WarningLevel>({
  emergency_warning: ['#emergencywarningstyle'],
  watch_and_act: ['#watchandactstyle'],
  advice: ['#advicestyle'],
  none: ['#noalertlevelstyle'],
});

/** What unrecognised values fall back to (after being reported as unmapped). */
export { FALLBACK } from '../common/vocabulary.js';

export const tfsEventTypeOf = lookupIn(EVENT_TYPES);

export const tfsStatusOf = lookupIn(STATUSES);

export const tfsWarningLevelOf = lookupIn(WARNING_LEVELS);

export const tfsStyleWarningLevelOf = lookupIn(STYLE_WARNING_LEVELS);
