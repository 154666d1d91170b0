import type { EventType, IncidentStatus, WarningLevel } from '../../model/index.js';
import { lookupIn } from '../common/vocabulary.js';

/**
 * Tasmania Fire Service vocabularies (FEEDS.md section 7 and 1.1–1.3), shared by the TFS KML feeds
 * (bfKml, alertKml), the retired colBushfireSummariesRss GeoRSS and the TasALERT `type.name` / `status`
 * values (TasALERT incidents come out of the same TFS/SES dispatch system).
 * Keys are lower case with white space folded; TFS writes types in capitals ("VEGETATION FIRE").
 * A lookup that finds nothing returns undefined so the parser can report the raw value.
 */

/** `Type` (KML table row, `TYPE:` GeoRSS line, TasALERT `type.name`) → eventType. */
const EVENT_TYPES: ReadonlyMap<string, EventType> = new Map([
  ['vegetation fire', 'bushfire'],
  ['bushfire', 'bushfire'],
  ['bush fire', 'bushfire'],
  ['forest fire', 'bushfire'],
  ['grass', 'grass_fire'],
  ['grass fire', 'grass_fire'],
  ['fuel reduction burn', 'burn_off'],
  ['planned burn', 'burn_off'],
  ['burn off', 'burn_off'],
  ['structure fire', 'structure_fire'],
  ['alarm', 'alarm'],
  ['fire alarm', 'alarm'],
  ['vehicle', 'vehicle_fire'],
  ['vehicle fire', 'vehicle_fire'],
  ['hazmat', 'hazmat'],
  ['rescue', 'rescue'],
  ['road crash rescue', 'vehicle_accident'],
  ['motor vehicle accident', 'vehicle_accident'],
  // SES types (FEEDS.md: "flood/storm from SES types").
  ['flood', 'flood'],
  ['storm', 'storm'],
  ['storm damage', 'storm'],
  ['tree down', 'tree_down'],
  ['other', 'other'],
]);

/**
 * Status (KML `Status` row, GeoRSS `STATUS:`, TasALERT `status`): FEEDS.md 1.3, TAS column, plus
 * `Contained` (seen in the 2013 GeoRSS). An empty status is a documented value: active, raw kept.
 */
const STATUSES: ReadonlyMap<string, IncidentStatus> = new Map([
  ['going', 'active'],
  ['not under control', 'active'],
  ['active', 'active'],
  ['investigating', 'active'],
  ['mobilised', 'active'],
  ['advised', 'active'],
  ['contained', 'contained'],
  ['patrol', 'controlled'],
  ['under control', 'controlled'],
  ['stop', 'completed'],
  ['', 'active'],
]);

/** `Alert Level` row, `ALERT LEVEL:` line and GeoRSS `<category>` → warningLevel (FEEDS.md 1.1). */
const WARNING_LEVELS: ReadonlyMap<string, WarningLevel> = new Map([
  ['emergency warning', 'emergency_warning'],
  ['watch and act', 'watch_and_act'],
  ['watch & act', 'watch_and_act'],
  ['advice', 'advice'],
  ['no alert level', 'none'],
  ['not applicable', 'none'],
  ['', 'none'],
]);

/** The KML `styleUrl` icons, the alert level a placemark without an `Alert Level` row falls back to. */
const STYLE_WARNING_LEVELS: ReadonlyMap<string, WarningLevel> = new Map([
  ['#emergencywarningstyle', 'emergency_warning'],
  ['#watchandactstyle', 'watch_and_act'],
  ['#advicestyle', 'advice'],
  ['#noalertlevelstyle', 'none'],
]);

/** What unrecognised values fall back to (after being reported as unmapped). */
export { FALLBACK } from '../common/vocabulary.js';

export const tfsEventTypeOf = lookupIn(EVENT_TYPES);

export const tfsStatusOf = lookupIn(STATUSES);

export const tfsWarningLevelOf = lookupIn(WARNING_LEVELS);

export const tfsStyleWarningLevelOf = lookupIn(STYLE_WARNING_LEVELS);
