import type { EventType, WarningLevel } from './enums.js';

/** CAP 1.2 `category` values. */
export const CAP_CATEGORIES = [
  'Geo',
  'Met',
  'Safety',
  'Security',
  'Rescue',
  'Fire',
  'Health',
  'Env',
  'Transport',
  'Infra',
  'CBRNE',
  'Other',
] as const;
export type CapCategory = (typeof CAP_CATEGORIES)[number];

/** One row of the CAP-AU event list (AUeventLIST 1.0): the authorised code, its name and CAP category. */
export interface CapEvent {
  /** The "EVENT CODE" column, lowerCamel. */
  code: string;
  /** The tier II name where the code has one, else the tier I name: what `<event>` must say. */
  event: string;
  categories: readonly CapCategory[];
}

/**
 * The CAP-AU event an incident is published as, per eventType. The list has no planned-burn, alarm
 * or tree-down event: burns and vehicle fires are the generic `fire`, trees down are storm damage,
 * and an alarm (usually an automatic fire alarm) is `other` until it is confirmed as something else.
 */
export const CAP_EVENT_BY_TYPE: Readonly<Record<EventType, CapEvent>> = {
  bushfire: { code: 'bushFire', event: 'Bushfire', categories: ['Fire'] },
  burn_off: { code: 'fire', event: 'Fire', categories: ['Fire'] },
  fire_ban: { code: 'fireBan', event: 'Fire Ban', categories: ['Fire'] },
  structure_fire: { code: 'structurFire', event: 'Structure Fire', categories: ['Fire'] },
  vehicle_fire: { code: 'fire', event: 'Fire', categories: ['Fire'] },
  grass_fire: { code: 'grassFire', event: 'Grass Fire', categories: ['Fire'] },
  hazmat: { code: 'hazmat', event: 'Hazardous Materials', categories: ['CBRNE'] },
  rescue: { code: 'rescue', event: 'Rescue', categories: ['Rescue'] },
  flood: { code: 'flood', event: 'Flood', categories: ['Met'] },
  storm: { code: 'storm', event: 'Storm', categories: ['Met'] },
  tree_down: { code: 'storm', event: 'Storm', categories: ['Met'] },
  cyclone: { code: 'tropCyclone', event: 'Tropical Cyclone', categories: ['Met'] },
  earthquake: { code: 'earthquake', event: 'Earthquake', categories: ['Geo'] },
  extreme_heat: { code: 'extremeHeat', event: 'Extreme Heat', categories: ['Met'] },
  vehicle_accident: { code: 'roadCrash', event: 'Motor Vehicle Accident', categories: ['Transport'] },
  medical: { code: 'ambulance', event: 'Ambulance', categories: ['Health'] },
  alarm: { code: 'other', event: 'Other Non-Urgent Alerts', categories: ['Other'] },
  other: { code: 'other', event: 'Other Non-Urgent Alerts', categories: ['Other'] },
};

/** The eventCode valueName that marks the authorised CAP-AU event code. */
export const CAP_AU_EVENT_LIST_URI = 'https://govshare.gov.au/xmlui/handle/10772/6495';

/** The `AlertLevel` parameter of Australian producers, from the Australian Warning System level. */
export const ALERT_LEVEL_BY_WARNING: Readonly<Record<WarningLevel, string>> = {
  advice: 'Advice',
  watch_and_act: 'Watch and Act',
  emergency_warning: 'Emergency Warning',
  none: 'Not Applicable',
};

/** CAP 1.2 `responseType` values. */
export const CAP_RESPONSE_TYPES = [
  'Shelter',
  'Evacuate',
  'Prepare',
  'Execute',
  'Avoid',
  'Monitor',
  'Assess',
  'AllClear',
  'None',
] as const;
export type CapResponseType = (typeof CAP_RESPONSE_TYPES)[number];

/** The response each warning level asks for (the AWS action statements, in CAP's words). */
export const RESPONSE_BY_WARNING: Readonly<Record<WarningLevel, CapResponseType>> = {
  emergency_warning: 'Evacuate',
  watch_and_act: 'Prepare',
  advice: 'Monitor',
  none: 'Monitor',
};
