import type { EventType, WarningLevel } from '../../../model/index.js';
import { eventTypeOfCapAuEventCode } from './cap-au.js';

/**
 * CAP 1.2 / CAP-AU vocabularies that common/cap.ts reads (the CAP-AU event codes and the CAP triple
 * live in common/cap-au.ts). Lookups are case-insensitive and return undefined for a value nobody
 * knows, so that the parser can report it as unmapped.
 */

/** CAP `<status>`. Only `Actual` describes a real incident. */
export const CAP_STATUSES = ['Actual', 'Exercise', 'System', 'Test', 'Draft'] as const;
export type CapStatus = (typeof CAP_STATUSES)[number];

/** CAP `<msgType>`. */
export const CAP_MSG_TYPES = ['Alert', 'Update', 'Cancel', 'Ack', 'Error'] as const;
export type CapMsgType = (typeof CAP_MSG_TYPES)[number];

const key = (value: string): string => value.trim().replace(/\s+/g, ' ').toLowerCase();

const STATUS_BY_KEY: ReadonlyMap<string, CapStatus> = new Map(
  CAP_STATUSES.map((value) => [key(value), value]),
);
const MSG_TYPE_BY_KEY: ReadonlyMap<string, CapMsgType> = new Map(
  CAP_MSG_TYPES.map((value) => [key(value), value]),
);

export function capStatusOf(value: string): CapStatus | undefined {
  return STATUS_BY_KEY.get(key(value));
}

export function capMsgTypeOf(value: string): CapMsgType | undefined {
  return MSG_TYPE_BY_KEY.get(key(value));
}

/**
 * Event names, for producers that write the AUeventLIST display name where the code belongs (WA
 * "Bushfire"), for `<event>` itself, and for home-made codes such as NSW RFS's secondary
 * `structure_fire`. Keys are letters only, lower case: "Grass Fire", "Grassfire", "grass_fire" and
 * `grassFire` are one key. Only names that map to something other than `other` need to be here.
 */
const EVENT_NAMES: ReadonlyMap<string, EventType> = new Map([
  ['bushfire', 'bushfire'],
  ['forestfire', 'bushfire'],
  ['grassfire', 'grass_fire'],
  ['structurefire', 'structure_fire'],
  ['industrialfire', 'structure_fire'],
  ['vehiclefire', 'vehicle_fire'],
  ['burnoff', 'burn_off'],
  ['plannedburn', 'burn_off'],
  ['fireban', 'fire_ban'],
  ['totalfireban', 'fire_ban'],
  ['firedangerlevel', 'fire_ban'],
  ['flood', 'flood'],
  ['riverineflood', 'flood'],
  ['flashflood', 'flood'],
  ['stormsurge', 'flood'],
  ['damfailure', 'flood'],
  ['leveefailure', 'flood'],
  ['storm', 'storm'],
  ['thunderstorm', 'storm'],
  ['severethunderstorm', 'storm'],
  ['weather', 'storm'],
  ['hail', 'storm'],
  ['galewind', 'storm'],
  ['strongwind', 'storm'],
  ['stormforcewind', 'storm'],
  ['treedown', 'tree_down'],
  ['tropicalcyclone', 'cyclone'],
  ['cyclone', 'cyclone'],
  ['earthquake', 'earthquake'],
  ['extremeheat', 'extreme_heat'],
  ['heatwave', 'extreme_heat'],
  ['hazardousmaterials', 'hazmat'],
  ['chemicalhazard', 'hazmat'],
  ['explosivehazard', 'hazmat'],
  ['biologicalhazard', 'hazmat'],
  ['radiologicalhazard', 'hazmat'],
  ['toxicplume', 'hazmat'],
  ['search', 'rescue'],
  ['overwatersearch', 'rescue'],
  ['overlandsearch', 'rescue'],
  ['airsearch', 'rescue'],
  ['distressbeacon', 'rescue'],
  ['motorvehicleaccident', 'vehicle_accident'],
  ['ambulance', 'medical'],
  // Generic names whose code is not a specific type.
  ['fire', 'other'],
  ['other', 'other'],
  ['othernonurgentalerts', 'other'],
  ['otherurgentalerts', 'other'],
]);

/** The eventType of one CAP event code or event name; undefined when it is neither. */
export function eventTypeOfCapEventValue(value: string): EventType | undefined {
  return eventTypeOfCapAuEventCode(value) ?? EVENT_NAMES.get(value.toLowerCase().replace(/[^a-z]/g, ''));
}

/**
 * The Australian Warning System level of a CAP-AU `AlertLevel` (or `WarningLevel`) parameter, as
 * FEEDS.md 1.1 lists the values across states. Empty means no warning.
 */
const ALERT_LEVELS: ReadonlyMap<string, WarningLevel> = new Map([
  ['emergency warning', 'emergency_warning'],
  ['emergency', 'emergency_warning'],
  ['emergency_warning', 'emergency_warning'],
  ['evacuate immediately', 'emergency_warning'],
  ['bushfire emergency warning', 'emergency_warning'],
  ['watch and act', 'watch_and_act'],
  ['watch & act', 'watch_and_act'],
  ['watch_and_act', 'watch_and_act'],
  ['heatwave watch and act', 'watch_and_act'],
  ['advice', 'advice'],
  ['bushfire advice', 'advice'],
  ['planned burn advice', 'advice'],
  ['not applicable', 'none'],
  ['not_applicable', 'none'],
  ['no alert level', 'none'],
  ['information', 'none'],
  ['notification', 'none'],
  ['community update', 'none'],
  ['community information', 'none'],
  ['planned burn', 'none'],
  ['all clear', 'none'],
  ['', 'none'],
]);

export function warningLevelOfAlertLevel(value: string): WarningLevel | undefined {
  return ALERT_LEVELS.get(key(value));
}
