import type { EventType, StateCode } from '../../model/index.js';

/**
 * The Australian Disaster Events list of the AIDR Knowledge Hub names each event's category at the
 * start of its title ("Flood - Gundagai", "Cyclone Tracy"). Every category the published file uses,
 * with the event type it becomes. A category whose events differ in kind refines by title keyword.
 */
export interface AidrCategory {
  eventType: EventType;
  /** Title patterns that select another event type, first match wins. */
  refinements?: readonly (readonly [RegExp, EventType])[];
}

export const AIDR_CATEGORIES: Readonly<Record<string, AidrCategory>> = {
  Bushfire: { eventType: 'bushfire' },
  'Urban Fire': { eventType: 'structure_fire' },
  Flood: { eventType: 'flood' },
  'Severe Storm': { eventType: 'storm' },
  Hail: { eventType: 'storm' },
  Tornado: { eventType: 'storm' },
  Cyclone: { eventType: 'cyclone' },
  // Heatwaves and droughts: only heatwaves have an event type of their own.
  Environmental: { eventType: 'other', refinements: [[/heat\s*wave/i, 'extreme_heat']] },
  Earthquake: { eventType: 'earthquake' },
  Chemical: { eventType: 'hazmat' },
  Epidemic: { eventType: 'medical' },
  // Accidents of ships, trains, aircraft and road vehicles.
  Shipwreck: { eventType: 'vehicle_accident' },
  Transport: { eventType: 'vehicle_accident' },
  // Mine and factory explosions, collapses: no event type fits better.
  Industrial: { eventType: 'other' },
  Landslide: { eventType: 'other' },
  Tsunami: { eventType: 'other' },
  'Complex Emergencies': { eventType: 'other' },
  'Criminal Act': { eventType: 'other' },
};

/** Spellings in the published file that mean a category above. */
export const AIDR_CATEGORY_ALIASES: Readonly<Record<string, string>> = {
  Envionmental: 'Environmental',
};

/** The `regions` names of the states; "Outside Australia" names none. */
export const AIDR_REGION_STATES: Readonly<Record<string, StateCode>> = {
  'New South Wales': 'nsw',
  Victoria: 'vic',
  Queensland: 'qld',
  'South Australia': 'sa',
  'Western Australia': 'wa',
  Tasmania: 'tas',
  'Northern Territory': 'nt',
  'Australian Capital Territory': 'act',
};
export const AIDR_OUTSIDE_AUSTRALIA = 'Outside Australia';

/** The count columns, each with the key it has in `details.impacts`. */
export const AIDR_COUNT_COLUMNS: Readonly<Record<string, string>> = {
  Evacuated: 'evacuated',
  Homeless: 'homeless',
  Injuries: 'injuries',
  Deaths: 'deaths',
  'Insured Cost': 'insured_cost',
  'Train(s) damaged': 'trains_damaged',
  'Train(s) destroyed': 'trains_destroyed',
  'Home(s) damaged': 'homes_damaged',
  'Home(s) destroyed': 'homes_destroyed',
  'Building(s) damaged': 'buildings_damaged',
  'Building(s) destroyed': 'buildings_destroyed',
  'Ind Premises destroyed': 'industrial_premises_destroyed',
  'Com Premises damaged': 'commercial_premises_damaged',
  'Com Premises destroyed': 'commercial_premises_destroyed',
  'Bridge(s) damaged': 'bridges_damaged',
  'Bridge(s) destroyed': 'bridges_destroyed',
  'Aircraft damaged': 'aircraft_damaged',
  'Aircraft destroyed': 'aircraft_destroyed',
  'Motor Vehicle(s) damaged': 'motor_vehicles_damaged',
  'Motor Vehicle(s) destroyed': 'motor_vehicles_destroyed',
  'Water vessel(s) damaged': 'water_vessels_damaged',
  'Water vessel(s) destroyed': 'water_vessels_destroyed',
  'Business(es) damaged': 'businesses_damaged',
  'Business(es) destroyed': 'businesses_destroyed',
  'Farm(s) damaged': 'farms_damaged',
  'Farm(s) destroyed': 'farms_destroyed',
  'Crop(s) destroyed': 'crops_destroyed',
  'Livestock destroyed': 'livestock_destroyed',
  'Government assistance': 'government_assistance',
};

/** People counted in `impact_affected`: those evacuated, made homeless or injured. */
export const AIDR_AFFECTED_COLUMNS = ['Evacuated', 'Homeless', 'Injuries'] as const;

/** Columns the mapping reads besides the counts. */
export const AIDR_REQUIRED_HEADER = [
  'id',
  'title',
  'description',
  'startDate',
  'endDate',
  'lat',
  'lon',
  'regions',
  'url',
  ...Object.keys(AIDR_COUNT_COLUMNS),
] as const;

/** The agency code of AIDR rows: ids are `<state>-aidr-<event id>`. */
export const AIDR_AGENCY = 'aidr';
