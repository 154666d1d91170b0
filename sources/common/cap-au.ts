import { CERTAINTIES, SEVERITIES, URGENCIES, type Certainty, type EventType } from '../../model/index.js';
import { lookupIn, vocabularyKey as key, vocabularyTable, warningLevelTable } from './vocabulary.js';

/**
 * CAP 1.2 / CAP-AU vocabularies shared by every feed that carries CAP fields (FEEDS.md 1.2) and read by
 * common/cap.ts: event codes and names, the CAP triple, status, msgType and alert levels.
 * Lookups are case-insensitive and return undefined for a value the standard does not know, so the
 * parser can report it as unmapped.
 */

/**
 * Every CAP-AU 1.0 event code (the "AUeventLIST", upstream/reference/cap-au-eventlist-1.0.csv) →
 * eventType, following FEEDS.md 1.2: the codes it names map as it says, every other code is `other`.
 */
const EVENT_CODES: Readonly<Record<string, EventType>> = {
  // Fire
  bushFire: 'bushfire',
  forestFire: 'bushfire',
  grassFire: 'grass_fire',
  structurFire: 'structure_fire',
  industryFire: 'structure_fire',
  fireBan: 'fire_ban',
  TotalFireBan: 'fire_ban',
  fireDangrLvl: 'fire_ban',
  fire: 'other',
  fireWeather: 'other',
  smoke: 'other',
  // Flood
  flood: 'flood',
  riverineflod: 'flood',
  flashFlood: 'flood',
  stormSurge: 'flood',
  damFailure: 'flood',
  leveeFailure: 'flood',
  highWater: 'other',
  kingTide: 'other',
  // Storm, wind and temperature
  storm: 'storm',
  thunderstorm: 'storm',
  weather: 'storm',
  hail: 'storm',
  galeWind: 'storm',
  strongWind: 'storm',
  stormFrcWind: 'storm',
  tropCyclone: 'cyclone',
  extremeHeat: 'extreme_heat',
  blizzard: 'other',
  dustStorm: 'other',
  rainfall: 'other',
  snowfall: 'other',
  tornado: 'other',
  temperature: 'other',
  exposure: 'other',
  frost: 'other',
  windChill: 'other',
  wind: 'other',
  windChange: 'other',
  // Geological
  earthquake: 'earthquake',
  geologicalHaz: 'other',
  avalanche: 'other',
  karst: 'other',
  lahar: 'other',
  landslide: 'other',
  lavaFlow: 'other',
  magnetcStorm: 'other',
  meteor: 'other',
  pyroclasFlow: 'other',
  pyroclaSurge: 'other',
  tsunami: 'other',
  volcanicAsh: 'other',
  volcano: 'other',
  // Hazardous materials
  hazmat: 'hazmat',
  chemical: 'hazmat',
  explosive: 'hazmat',
  biological: 'hazmat',
  radiological: 'hazmat',
  toxicPlume: 'hazmat',
  asbestos: 'other',
  pollution: 'other',
  // Rescue and search
  rescue: 'rescue',
  distressBcon: 'rescue',
  search: 'rescue',
  waterSearch: 'rescue',
  landSearch: 'rescue',
  airSearch: 'rescue',
  // Roads and health
  roadCrash: 'vehicle_accident',
  ambulance: 'medical',
  road: 'other',
  bridgClose: 'other',
  bridgCollaps: 'other',
  roadHazard: 'other',
  roadClose: 'other',
  roadDelay: 'other',
  roadIncident: 'other',
  roadUsage: 'other',
  traffic: 'other',
  health: 'other',
  bloodSupply: 'other',
  communicable: 'other',
  drinkingWate: 'other',
  drugSafety: 'other',
  drugSupply: 'other',
  foodSafety: 'other',
  foodSupply: 'other',
  hospital: 'other',
  hQuarantine: 'other',
  zoonoticDis: 'other',
  airQuality: 'other',
  // Animals, plants, water quality
  animalHealth: 'other',
  animalDiseas: 'other',
  animalFeed: 'other',
  animalPest: 'other',
  aqAnimalDiseas: 'other',
  aqAnimalPest: 'other',
  animalWelfar: 'other',
  marineDiseas: 'other',
  marinePest: 'other',
  aQuarantine: 'other',
  sheepWarning: 'other',
  animalAttack: 'other',
  animalDanger: 'other',
  plague: 'other',
  plant: 'other',
  plantInfect: 'other',
  plantPest: 'other',
  pQuarantine: 'other',
  water: 'other',
  blueGrnAlgae: 'other',
  // Aviation, marine, railway
  aviation: 'other',
  aircraftCrsh: 'other',
  aircraft: 'other',
  airportClos: 'other',
  airspaceClos: 'other',
  avLightning: 'other',
  avThunder: 'other',
  aviationSec: 'other',
  fallObject: 'other',
  notam: 'other',
  spaceDebris: 'other',
  marine: 'other',
  freezngSpray: 'other',
  HurricFrcWnd: 'other',
  iceberg: 'other',
  largeSurf: 'other',
  largeSwell: 'other',
  maritimeSec: 'other',
  nautical: 'other',
  oilSpill: 'other',
  squall: 'other',
  waterspout: 'other',
  railway: 'other',
  railIncident: 'other',
  railCrash: 'other',
  // Civil, criminal, services, utilities, other
  civil: 'other',
  bldgCollapse: 'other',
  civilEmerg: 'other',
  demonstratin: 'other',
  civilEvent: 'other',
  volunteer: 'other',
  crime: 'other',
  cyberCrime: 'other',
  dangerPerson: 'other',
  terrorism: 'other',
  missingPer: 'other',
  missingVPer: 'other',
  publicServic: 'other',
  facilityClos: 'other',
  facilityLock: 'other',
  facility: 'other',
  transit: 'other',
  utility: 'other',
  cable: 'other',
  comunication: 'other',
  diesel: 'other',
  electric: 'other',
  heatingOil: 'other',
  internet: 'other',
  landlines: 'other',
  Mobiles: 'other',
  naturalGas: 'other',
  petrol: 'other',
  pipeRupture: 'other',
  satellite: 'other',
  sewer: 'other',
  telephone: 'other',
  tripleZero: 'other',
  waste: 'other',
  waterSupply: 'other',
  admin: 'other',
  other: 'other',
  otherUrgent: 'other',
  reminder: 'other',
  product: 'other',
  testMessage: 'other',
};

const EVENT_CODES_LOWER: ReadonlyMap<string, EventType> = new Map(
  Object.entries(EVENT_CODES).map(([code, eventType]) => [code.toLowerCase(), eventType]),
);

/** The eventType of a CAP-AU `eventCode` (e.g. `bushFire`, `riverineflod`), any case. */
export function eventTypeOfCapAuEventCode(code: string): EventType | undefined {
  return EVENT_CODES_LOWER.get(code.trim().toLowerCase());
}

/** A CAP enumeration read in any case: each value under its own {@link key}. */
function byKey<T extends string>(values: readonly T[]): Map<string, T> {
  return new Map(values.map((value) => [key(value), value]));
}

/** The CAP 1.2 triple's enumerations (the model's values). */
export const capSeverityOf = lookupIn(byKey(SEVERITIES));

export const capUrgencyOf = lookupIn(byKey(URGENCIES));

/** CAP 1.0's `Very Likely` is read as `Likely`, as CAP 1.1 says. */
export const capCertaintyOf = lookupIn(
  new Map<string, Certainty>([...byKey(CERTAINTIES), [key('Very Likely'), 'Likely']]),
);

/** CAP `<status>`. Only `Actual` describes a real incident. */
export const CAP_STATUSES = ['Actual', 'Exercise', 'System', 'Test', 'Draft'] as const;
export type CapStatus = (typeof CAP_STATUSES)[number];

/** CAP `<msgType>`. */
export const CAP_MSG_TYPES = ['Alert', 'Update', 'Cancel', 'Ack', 'Error'] as const;
export type CapMsgType = (typeof CAP_MSG_TYPES)[number];

export const capStatusOf = lookupIn(byKey(CAP_STATUSES));

export const capMsgTypeOf = lookupIn(byKey(CAP_MSG_TYPES));

/**
 * Event names, for producers that write the AUeventLIST display name where the code belongs (WA
 * "Bushfire"), for `<event>` itself, and for home-made codes such as NSW RFS's secondary
 * `structure_fire`. Keys are letters only, lower case: "Grass Fire", "Grassfire", "grass_fire" and
 * `grassFire` are one key. Only names that map to something other than `other` need to be here.
 */
const EVENT_NAMES = vocabularyTable<EventType>({
  bushfire: ['bushfire', 'forestfire'],
  grass_fire: ['grassfire'],
  structure_fire: ['structurefire', 'industrialfire'],
  vehicle_fire: ['vehiclefire'],
  burn_off: ['burnoff', 'plannedburn'],
  fire_ban: ['fireban', 'totalfireban', 'firedangerlevel'],
  flood: ['flood', 'riverineflood', 'flashflood', 'stormsurge', 'damfailure', 'leveefailure'],
  storm: [
    'storm',
    'thunderstorm',
    'severethunderstorm',
    'weather',
    'hail',
    'galewind',
    'strongwind',
    'stormforcewind',
  ],
  tree_down: ['treedown'],
  cyclone: ['tropicalcyclone', 'cyclone'],
  earthquake: ['earthquake'],
  extreme_heat: ['extremeheat', 'heatwave'],
  hazmat: [
    'hazardousmaterials',
    'chemicalhazard',
    'explosivehazard',
    'biologicalhazard',
    'radiologicalhazard',
    'toxicplume',
  ],
  rescue: ['search', 'overwatersearch', 'overlandsearch', 'airsearch', 'distressbeacon'],
  vehicle_accident: ['motorvehicleaccident'],
  medical: ['ambulance'],
  other: [
    // Generic names whose code is not a specific type.
    'fire',
    'other',
    'othernonurgentalerts',
    'otherurgentalerts',
  ],
});

/** The eventType of one CAP event code or event name; undefined when it is neither. */
export function eventTypeOfCapEventValue(value: string): EventType | undefined {
  return eventTypeOfCapAuEventCode(value) ?? EVENT_NAMES.get(value.toLowerCase().replace(/[^a-z]/g, ''));
}

/**
 * The Australian Warning System level of a CAP-AU `AlertLevel` (or `WarningLevel`) parameter, as
 * FEEDS.md 1.1 lists the values across states. Empty means no warning.
 */
const ALERT_LEVELS = warningLevelTable({
  emergency_warning: ['emergency', 'emergency_warning', 'evacuate immediately', 'bushfire emergency warning'],
  watch_and_act: ['watch_and_act', 'heatwave watch and act'],
  advice: ['bushfire advice', 'planned burn advice'],
  none: [
    'not applicable',
    'not_applicable',
    'no alert level',
    'information',
    'notification',
    'community update',
    'community information',
    'planned burn',
    'all clear',
    '',
  ],
});

export const warningLevelOfAlertLevel = lookupIn(ALERT_LEVELS);
