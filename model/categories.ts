import type { EventCategory, EventType } from './enums.js';

/**
 * The category of every event type (see docs/adr/0002-event-categories.md).
 * A `Record` keyed by EventType makes the compiler insist that each type has exactly one category.
 */
export const EVENT_TYPE_CATEGORY: Readonly<Record<EventType, EventCategory>> = {
  bushfire: 'fire',
  grass_fire: 'fire',
  structure_fire: 'fire',
  vehicle_fire: 'fire',
  burn_off: 'planned',
  fire_ban: 'hazard',
  tree_down: 'hazard',
  flood: 'weather',
  storm: 'weather',
  cyclone: 'weather',
  extreme_heat: 'weather',
  rescue: 'rescue',
  vehicle_accident: 'rescue',
  hazmat: 'hazmat',
  medical: 'medical',
  alarm: 'alarm',
  earthquake: 'earth',
  other: 'other',
};

export function categoryOf(eventType: EventType): EventCategory {
  return EVENT_TYPE_CATEGORY[eventType];
}

/** The inverse view served by GET /v1/schema: each category with its event types. */
export function categoryMapping(): Record<EventCategory, EventType[]> {
  const mapping: Record<EventCategory, EventType[]> = {
    fire: [],
    weather: [],
    rescue: [],
    hazmat: [],
    medical: [],
    alarm: [],
    planned: [],
    earth: [],
    hazard: [],
    other: [],
  };
  for (const [eventType, category] of Object.entries(EVENT_TYPE_CATEGORY) as [EventType, EventCategory][]) {
    mapping[category].push(eventType);
  }
  return mapping;
}
