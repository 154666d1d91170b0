import type { EventType, IncidentStatus, WarningLevel } from '../../model/index.js';
import { lookupIn, vocabularyKey } from '../common/vocabulary.js';
import { tfsEventTypeOf, tfsStatusOf, tfsWarningLevelOf } from './tfs-vocabulary.js';

/**
 * TasALERT data.geojson vocabularies (FEEDS.md section 7; the value lists are those of the only public
 * client, zellers/python-aio-geojson-tas-tfs-incidents). Lookups are case-insensitive and return
 * undefined for an unknown value so the parser can report it.
 */

export type TasAlertFeedType = 'incident' | 'warning';

/** `feedType` → what the record is. */
const FEED_TYPES: ReadonlyMap<string, TasAlertFeedType> = new Map([
  ['incident', 'incident'],
  ['warning', 'warning'],
]);

/** `alertLevel` (warnings only), snake_case. Spelled-out levels go through the TFS table. */
const ALERT_LEVELS: ReadonlyMap<string, WarningLevel> = new Map([
  ['emergency_warning', 'emergency_warning'],
  ['watch_and_act', 'watch_and_act'],
  ['advice', 'advice'],
  ['not_applicable', 'none'],
]);

/**
 * `type.eventCode`, read when `type.name` is not a known TFS type: the CAP-AU event codes of FEEDS.md 1.2
 * (lower-cased; codes ending in `search` are searches, hence rescue).
 */
const EVENT_CODES: ReadonlyMap<string, EventType> = new Map([
  ['bushfire', 'bushfire'],
  ['forestfire', 'bushfire'],
  ['grassfire', 'grass_fire'],
  ['structurfire', 'structure_fire'],
  ['industryfire', 'structure_fire'],
  ['fireban', 'fire_ban'],
  ['totalfireban', 'fire_ban'],
  ['firedangrlvl', 'fire_ban'],
  ['flood', 'flood'],
  ['riverineflod', 'flood'],
  ['flashflood', 'flood'],
  ['stormsurge', 'flood'],
  ['damfailure', 'flood'],
  ['leveefailure', 'flood'],
  ['storm', 'storm'],
  ['thunderstorm', 'storm'],
  ['weather', 'storm'],
  ['hail', 'storm'],
  ['galewind', 'storm'],
  ['strongwind', 'storm'],
  ['stormfrcwind', 'storm'],
  ['tropcyclone', 'cyclone'],
  ['earthquake', 'earthquake'],
  ['extremeheat', 'extreme_heat'],
  ['hazmat', 'hazmat'],
  ['chemical', 'hazmat'],
  ['explosive', 'hazmat'],
  ['biological', 'hazmat'],
  ['radiological', 'hazmat'],
  ['toxicplume', 'hazmat'],
  ['rescue', 'rescue'],
  ['roadcrash', 'vehicle_accident'],
  ['ambulance', 'medical'],
]);

export const tasAlertFeedTypeOf = lookupIn(FEED_TYPES);

export function tasAlertWarningLevelOf(alertLevel: string): WarningLevel | undefined {
  return ALERT_LEVELS.get(vocabularyKey(alertLevel)) ?? tfsWarningLevelOf(alertLevel);
}

/** `status`: Not Under Control, Patrol, Active, Under Control, Investigating, Advised, Going, Mobilised, Stop. */
export function tasAlertStatusOf(status: string): IncidentStatus | undefined {
  return tfsStatusOf(status);
}

export function tasAlertTypeNameOf(name: string): EventType | undefined {
  return tfsEventTypeOf(name);
}

export function tasAlertEventCodeOf(eventCode: string): EventType | undefined {
  const code = vocabularyKey(eventCode);
  return EVENT_CODES.get(code) ?? (code.endsWith('search') ? 'rescue' : undefined);
}
