import { ALERT_LEVEL_BY_WARNING, WARNING_LEVEL_ORDER } from '../model/index.js';
import type { EventCategory, EventType, Severity, StateCode, WarningLevel } from '../model/index.js';
import type { ClusterMember } from './members.js';
import { compareText } from './ordering.js';

/** How an event of one type is named in a title. */
const KIND_BY_TYPE: Readonly<Record<EventType, string>> = {
  bushfire: 'Bushfire complex',
  grass_fire: 'Grass fire complex',
  structure_fire: 'Structure fires',
  vehicle_fire: 'Vehicle fires',
  burn_off: 'Planned burns',
  fire_ban: 'Fire bans',
  tree_down: 'Trees down',
  flood: 'Flooding',
  storm: 'Storm damage',
  cyclone: 'Cyclone',
  extreme_heat: 'Extreme heat',
  rescue: 'Rescues',
  vehicle_accident: 'Road crashes',
  hazmat: 'Hazardous materials incidents',
  medical: 'Medical incidents',
  alarm: 'Alarms',
  earthquake: 'Earthquakes',
  other: 'Incidents',
};

/** How an event mixing types of one category is named. */
const KIND_BY_CATEGORY: Readonly<Record<EventCategory, string>> = {
  fire: 'Fire complex',
  weather: 'Severe weather',
  hazard: 'Hazards',
  planned: 'Planned burns',
  earth: 'Earthquakes',
  rescue: 'Rescues',
  hazmat: 'Hazardous materials incidents',
  medical: 'Medical incidents',
  alarm: 'Alarms',
  other: 'Incidents',
};

/** Singular and plural of each type, for counts in a summary. */
const COUNTED_TYPE: Readonly<Record<EventType, readonly [string, string]>> = {
  bushfire: ['bushfire', 'bushfires'],
  grass_fire: ['grass fire', 'grass fires'],
  structure_fire: ['structure fire', 'structure fires'],
  vehicle_fire: ['vehicle fire', 'vehicle fires'],
  burn_off: ['planned burn', 'planned burns'],
  fire_ban: ['fire ban', 'fire bans'],
  tree_down: ['tree down', 'trees down'],
  flood: ['flood incident', 'flood incidents'],
  storm: ['storm incident', 'storm incidents'],
  cyclone: ['cyclone incident', 'cyclone incidents'],
  extreme_heat: ['extreme heat alert', 'extreme heat alerts'],
  rescue: ['rescue', 'rescues'],
  vehicle_accident: ['road crash', 'road crashes'],
  hazmat: ['hazardous materials incident', 'hazardous materials incidents'],
  medical: ['medical incident', 'medical incidents'],
  alarm: ['alarm', 'alarms'],
  earthquake: ['earthquake', 'earthquakes'],
  other: ['other incident', 'other incidents'],
};

const PLACES_IN_TITLE = 2;
const PLACES_IN_SUMMARY = 5;
const HECTARES = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

function counted(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

function listed(names: readonly string[], limit: number): string {
  const shown = names.slice(0, limit).join(', ');
  return names.length > limit ? `${shown} and ${names.length - limit} more` : shown;
}

/**
 * The event's places, most telling first: where the highest warning is, then where the largest
 * reported fire is, then where most members are, then by name. Spellings that differ only in case are
 * one place.
 */
export function rankedPlaces(members: readonly ClusterMember[]): string[] {
  const places = new Map<string, { name: string; count: number; warningRank: number; hectares: number }>();
  for (const member of members) {
    if (member.suburb === '') continue;
    const key = member.suburb.toLowerCase();
    const warningRank = WARNING_LEVEL_ORDER.indexOf(member.warningLevel);
    const hectares = member.hectares ?? 0;
    const place = places.get(key);
    if (!place) {
      places.set(key, { name: member.suburb, count: 1, warningRank, hectares });
      continue;
    }
    place.count += 1;
    place.warningRank = Math.min(place.warningRank, warningRank);
    place.hectares = Math.max(place.hectares, hectares);
    if (compareText(member.suburb, place.name) < 0) place.name = member.suburb;
  }
  return [...places.values()]
    .sort(
      (a, b) =>
        a.warningRank - b.warningRank ||
        b.hectares - a.hectares ||
        b.count - a.count ||
        compareText(a.name, b.name),
    )
    .map((place) => place.name);
}

function kindOf(category: EventCategory, eventTypes: readonly EventType[]): string {
  const [only, ...others] = eventTypes;
  return only !== undefined && others.length === 0 ? KIND_BY_TYPE[only] : KIND_BY_CATEGORY[category];
}

function statesText(states: readonly StateCode[]): string {
  return states.map((state) => state.toUpperCase()).join('/');
}

export interface WordingInput {
  category: EventCategory;
  members: readonly ClusterMember[];
  /** The members' places as rankedPlaces gives them. */
  places: readonly string[];
  eventTypes: readonly EventType[];
  affectedStates: readonly StateCode[];
  agencies: readonly string[];
  maxWarningLevel: WarningLevel;
  maxSeverity: Severity;
  estimatedHectares: number | null;
}

/** E.g. "Bushfire complex near Gospers Mountain, Wollemi (NSW) — 5 incidents". */
export function eventTitle(input: WordingInput): string {
  const places = input.places.slice(0, PLACES_IN_TITLE);
  const near = places.length > 0 ? ` near ${places.join(', ')}` : '';
  const count = counted(input.members.length, 'incident', 'incidents');
  return `${kindOf(input.category, input.eventTypes)}${near} (${statesText(input.affectedStates)}) — ${count}`;
}

/**
 * E.g. "5 incidents: 4 bushfires, 1 grass fire. Places: Rockton, Timbillica and 2 more. States: NSW.
 * Agencies: RFS. Highest warning: Emergency Warning. Highest severity: Extreme. Reported size: 188,327 ha."
 */
export function eventSummary(input: WordingInput): string {
  const typeCounts = new Map<EventType, number>();
  for (const member of input.members)
    typeCounts.set(member.eventType, (typeCounts.get(member.eventType) ?? 0) + 1);
  const types = [...typeCounts]
    .sort(([typeA, a], [typeB, b]) => b - a || compareText(typeA, typeB))
    .map(([type, count]) => counted(count, ...COUNTED_TYPE[type]));
  const { places } = input;
  const sentences = [
    `${counted(input.members.length, 'incident', 'incidents')}: ${types.join(', ')}`,
    places.length > 0 ? `Places: ${listed(places, PLACES_IN_SUMMARY)}` : '',
    `States: ${input.affectedStates.map((state) => state.toUpperCase()).join(', ')}`,
    `Agencies: ${input.agencies.map((agency) => agency.toUpperCase()).join(', ')}`,
    input.maxWarningLevel !== 'none'
      ? `Highest warning: ${ALERT_LEVEL_BY_WARNING[input.maxWarningLevel]}`
      : '',
    input.maxSeverity !== 'Unknown' ? `Highest severity: ${input.maxSeverity}` : '',
    input.estimatedHectares !== null ? `Reported size: ${HECTARES.format(input.estimatedHectares)} ha` : '',
  ];
  return `${sentences.filter((sentence) => sentence !== '').join('. ')}.`;
}
