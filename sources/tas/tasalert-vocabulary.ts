import type { EventType, IncidentStatus, WarningLevel } from '../../model/index.js';
import { lookupIn, vocabularyKey, vocabularyTable } from '../common/vocabulary.js';
import { tfsEventTypeOf, tfsStatusOf, tfsWarningLevelOf } from './tfs-vocabulary.js';

/**
 * TasALERT data.geojson vocabularies (FEEDS.md section 7; the value lists are those of the only public
 * client, zellers/python-aio-geojson-tas-tfs-incidents). Lookups are case-insensitive and return
 * undefined for an unknown value so the parser can report it.
 */

export type TasAlertFeedType = 'incident' | 'warning';

/** `feedType` → what the record is. */
const FEED_TYPES = vocabularyTable<TasAlertFeedType>({
  incident: ['incident'],
  warning: ['warning'],
});

/** `alertLevel` (warnings only), snake_case. Spelled-out levels go through the TFS table. */
const ALERT_LEVELS = vocabularyTable<WarningLevel>({
  emergency_warning: ['emergency_warning'],
  watch_and_act: ['watch_and_act'],
  advice: ['advice'],
  none: ['not_applicable'],
});

/**
 * `type.eventCode`, read when `type.name` is not a known TFS type: the CAP-AU event codes of FEEDS.md 1.2
 * (lower-cased; codes ending in `search` are searches, hence rescue).
 */
const EVENT_CODES = vocabularyTable<EventType>({
  bushfire: ['bushfire', 'forestfire'],
  grass_fire: ['grassfire'],
  structure_fire: ['structurfire', 'industryfire'],
  fire_ban: ['fireban', 'totalfireban', 'firedangrlvl'],
  flood: ['flood', 'riverineflod', 'flashflood', 'stormsurge', 'damfailure', 'leveefailure'],
  storm: ['storm', 'thunderstorm', 'weather', 'hail', 'galewind', 'strongwind', 'stormfrcwind'],
  cyclone: ['tropcyclone'],
  earthquake: ['earthquake'],
  extreme_heat: ['extremeheat'],
  hazmat: ['hazmat', 'chemical', 'explosive', 'biological', 'radiological', 'toxicplume'],
  rescue: ['rescue'],
  vehicle_accident: ['roadcrash'],
  medical: ['ambulance'],
});

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
